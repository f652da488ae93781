import type { Coin, CoinsResponse, Quote, TrendingCoin } from '@wise/shared';

/** Answers shaped like the crypto API's, for this feature's tests. */

const week = (from: number, to: number) => Array.from({ length: 168 }, (_, i) => from + ((to - from) * i) / 167 + Math.sin(i / 5));

export function coin(overrides: Partial<Coin> = {}): Coin {
  return {
    id: 'btc',
    symbol: 'BTC',
    name: 'Bitcoin',
    image_url: '/api/crypto/art/btc.svg',
    current_price_usd: '67234.12',
    current_price_ngn: '106229909.6',
    price_change_percentage_24h: '2.345',
    sparkline_7d: week(65000, 67234),
    rate_ngn_per_usd: '1580',
    ...overrides,
  };
}

export const coinsResponse = (coins: Coin[] = [coin()], stale = false): CoinsResponse => ({
  coins,
  updated_at: '2026-11-21T13:00:00.000Z',
  stale,
});

export function trendingCoin(i: number): TrendingCoin {
  return {
    id: `coin-${i}`,
    symbol: `c${i}`,
    name: `Coin ${i}`,
    image_url: `/api/crypto/art/coin-${i}.svg`,
    current_price_usd: `${i}.123456`,
    price_change_percentage_24h: i % 2 ? '-1.235' : '3.5',
    sparkline_7d: week(i, i + (i % 2 ? -1 : 1)),
  };
}

export function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: '5b0c3a8e-7d1f-4e2a-9c3b-1a2b3c4d5e6f',
    coin: 'btc',
    amount: '0.01',
    price_usd: '67234.12',
    usdt_rate_ngn: '1600',
    coin_adjustment_ngn: '-20',
    rate_ngn_per_usd: '1580',
    value_kobo: 106_229_910,
    value_ngn: '1062299.10',
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    prices_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}
