import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCoinGeckoRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/** A canned answer for the next request, before the fake's normal behaviour. */
export interface ScriptedAnswer {
  status: number;
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Waits this long before answering (plays a hung provider). */
  delayMs?: number;
}

export interface FakeCoinGecko {
  url: string;
  apiKey: string;
  /** Which header the fake expects the key in: demo → x-cg-demo-api-key, pro → x-cg-pro-api-key. */
  plan: 'demo' | 'pro';
  requests: FakeCoinGeckoRequest[];
  /** CoinGecko id → price per vs_currency, as the service sends them (JSON numbers). */
  prices: Record<string, { usd: number; ngn: number; change24h: number | null }>;
  /** Answers consumed in order, one per request, before the normal routes. */
  script: ScriptedAnswer[];
  close(): Promise<void>;
}

const STATUS_UNAUTHORIZED = { status: { error_code: 10002, error_message: 'API Key Missing' } };

/** A week of hourly points, as /coins/markets returns with sparkline=true. */
const sparkline = (price: number) => Array.from({ length: 168 }, (_, i) => price * (1 + Math.sin(i / 12) / 100));

/**
 * Speaks the two CoinGecko API v3 calls docs/product.md §7 makes — GET /coins/markets and GET /search/trending —
 * with their key header, for the real client's tests. Requests are recorded; `script` plays
 * failures (429 with Retry-After, 500, a hang, a malformed body).
 */
export async function startFakeCoinGecko(): Promise<FakeCoinGecko> {
  const fake: FakeCoinGecko = {
    url: '',
    apiKey: 'CG-fakeDemoKey0123456789',
    plan: 'demo',
    requests: [],
    prices: {
      bitcoin: { usd: 95123.45, ngn: 152041234.56, change24h: -1.23456 },
      tether: { usd: 1.001, ngn: 1598.37, change24h: 0.01 },
      binancecoin: { usd: 651.2, ngn: 1040858.1, change24h: 2.5 },
      solana: { usd: 181.07, ngn: 289414.2, change24h: null },
      ethereum: { usd: 3402.5, ngn: 5438426.9, change24h: 3.1 },
      pepe: { usd: 0.00001834, ngn: 0.02931, change24h: 12.5 },
    },
    script: [],
    close: async () => undefined,
  };

  const send = (response: ServerResponse, answer: ScriptedAnswer) => {
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.raw ?? JSON.stringify(answer.body ?? {}));
  };

  const route = (url: URL, request: IncomingMessage): ScriptedAnswer => {
    const keyHeader = fake.plan === 'demo' ? 'x-cg-demo-api-key' : 'x-cg-pro-api-key';
    if (request.headers[keyHeader] !== fake.apiKey) return { status: 401, body: STATUS_UNAUTHORIZED };
    if (request.method !== 'GET') return { status: 404, body: { error: 'Not found' } };
    if (url.pathname === '/coins/markets') {
      const currency = url.searchParams.get('vs_currency');
      if (currency !== 'usd' && currency !== 'ngn') return { status: 400, body: { error: 'invalid vs_currency' } };
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      const withSparkline = url.searchParams.get('sparkline') === 'true';
      const body = ids.flatMap((id) => {
        const price = fake.prices[id];
        if (!price) return [];
        return [
          {
            id,
            symbol: id.slice(0, 3),
            name: id[0]?.toUpperCase() + id.slice(1),
            image: `https://coin-images.coingecko.com/coins/images/1/large/${id}.png`,
            current_price: price[currency],
            market_cap: 1_000_000,
            price_change_percentage_24h: price.change24h,
            last_updated: '2026-01-05T09:00:00.000Z',
            ...(withSparkline ? { sparkline_in_7d: { price: sparkline(price[currency]) } } : {}),
            price_change_percentage_24h_in_currency: price.change24h,
          },
        ];
      });
      return { status: 200, body };
    }
    if (url.pathname === '/search/trending') {
      const trending = [
        ['pepe', 'PEPE', 'Pepe', '$0.00001834'],
        ['ethereum', 'ETH', 'Ethereum', 3402.5],
        ['hyperliquid', 'HYPE', 'Hyperliquid', '$24.31'],
        ['bitcoin', 'BTC', 'Bitcoin', 95123.45],
      ] as const;
      return {
        status: 200,
        body: {
          coins: trending.map(([id, symbol, name, price], score) => ({
            item: {
              id,
              coin_id: 1000 + score,
              name,
              symbol,
              market_cap_rank: 10 + score,
              thumb: `https://coin-images.coingecko.com/coins/images/${score}/thumb/${id}.png`,
              slug: id,
              price_btc: 0.0001,
              score,
              data: {
                price,
                price_btc: '0.0001',
                price_change_percentage_24h: { usd: 4.2 + score, ngn: 4.1 + score },
                market_cap: '$1,203,016,649,552',
                sparkline: `https://www.coingecko.com/coins/${score}/sparkline.svg`,
              },
            },
          })),
          nfts: [],
          categories: [],
        },
      };
    }
    return { status: 404, body: { error: 'Not found' } };
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
    });
    const scripted = fake.script.shift();
    if (scripted?.delayMs) {
      setTimeout(() => {
        if (!response.destroyed) send(response, scripted);
      }, scripted.delayMs).unref();
      return;
    }
    send(response, scripted ?? route(url, request));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
