import { asc, eq, sql } from 'drizzle-orm';
import {
  COIN_IDS,
  coinArtUrl,
  type CoinsResponse,
  type TrendingResponse,
  type WalletAddressesResponse,
} from '@wise/shared';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { cryptoPriceAdjustments, cryptoWalletAddresses, marketDataCache } from '../../db/schema/index';
import { ART_SYMBOL, hasOwnArt } from './art';
import { pricesStale, readMarkets, readTrending, type MarketDeps } from './market-cache';
import { loadAdjustments, rateFor } from './rates';

/**
 * What GET /api/crypto/coins depends on, in one small statement: when the markets were fetched and
 * the adjustments as text. Equal to the last answer's, that answer still holds (every instance
 * reads the same rows, so staff's change or another instance's refresh is seen at the next
 * request); only its `stale` flag is worked out again, from the clock.
 */
const coinsVersion = (db: Db) =>
  prepared(db, 'crypto_coins_version', (d) =>
    d
      .select({
        fetchedAt: marketDataCache.fetchedAt,
        adjustments: sql<string>`(select coalesce(string_agg(${cryptoPriceAdjustments.coin} || '=' || ${cryptoPriceAdjustments.adjustmentNgn} || '@' || ${cryptoPriceAdjustments.updatedAt}, ',' order by ${cryptoPriceAdjustments.coin}), '') from ${cryptoPriceAdjustments})`,
      })
      .from(marketDataCache)
      .where(eq(marketDataCache.dataset, 'markets'))
      .prepare('crypto_coins_version'),
  );

/** The last answer per database handle, with the version it was made from. */
const lastCoins = new WeakMap<Db, { version: string; fetchedAt: number; response: CoinsResponse }>();

/** GET /api/crypto/coins: the four sellable coins from the cache, each with its naira-per-USD rate. */
export async function listCoins(db: Db, deps: MarketDeps): Promise<CoinsResponse> {
  const [current] = await coinsVersion(db).execute();
  const version = current?.fetchedAt ? `${current.fetchedAt.getTime()}|${current.adjustments}` : undefined;
  const last = lastCoins.get(db);
  if (version !== undefined && last?.version === version) {
    return { ...last.response, stale: deps.clock.now().getTime() - last.fetchedAt > deps.settings.maxPriceAgeMs };
  }
  const response = await buildCoins(db, deps);
  // Read after the version: the answer is at least that new, so keeping it under that version
  // can at worst cost one more build when the version moves, never serve older data.
  if (version !== undefined) lastCoins.set(db, { version, fetchedAt: Date.parse(response.updated_at), response });
  return response;
}

async function buildCoins(db: Db, deps: MarketDeps): Promise<CoinsResponse> {
  const markets = await readMarkets(db, deps);
  if (!markets) throw pricesStale();
  const adjustments = await loadAdjustments(db);
  const usdt = markets.coins.find((c) => c.coin === 'usdt');
  if (!usdt) throw pricesStale();
  const coins = COIN_IDS.flatMap((id) => {
    const market = markets.coins.find((c) => c.coin === id);
    if (!market) return [];
    return [
      {
        id,
        symbol: market.symbol,
        name: market.name,
        image_url: coinArtUrl(id),
        current_price_usd: market.priceUsd,
        current_price_ngn: market.priceNgn,
        price_change_percentage_24h: market.change24hPct,
        sparkline_7d: market.sparkline7d,
        rate_ngn_per_usd: rateFor(id, usdt.priceNgn, adjustments).rateNgnPerUsd.toFixed(),
      },
    ];
  });
  return { coins, updated_at: markets.fetchedAt.toISOString(), stale: markets.stale };
}

/** GET /api/crypto/trending, in the market-data service's order. */
export async function listTrending(db: Db, deps: MarketDeps): Promise<TrendingResponse> {
  const trending = await readTrending(db, deps);
  if (!trending) throw pricesStale();
  return {
    coins: trending.coins.map((coin) => ({
      id: coin.id,
      symbol: coin.symbol,
      name: coin.name,
      // Coins we draw ourselves need no hint; any other is lettered with its symbol when it is plain.
      image_url: hasOwnArt(coin.id) || !ART_SYMBOL.test(coin.symbol) ? coinArtUrl(coin.id) : coinArtUrl(coin.id, coin.symbol),
      current_price_usd: coin.priceUsd,
      price_change_percentage_24h: coin.change24hPct,
      sparkline_7d: coin.sparkline7d,
    })),
    updated_at: trending.fetchedAt.toISOString(),
    stale: trending.stale,
  };
}

/** GET /api/crypto/wallet-addresses: the enabled ones, in the order staff set. */
export async function listWalletAddresses(db: Db): Promise<WalletAddressesResponse> {
  const rows = await db
    .select()
    .from(cryptoWalletAddresses)
    .where(eq(cryptoWalletAddresses.enabled, true))
    .orderBy(asc(cryptoWalletAddresses.sortOrder), asc(cryptoWalletAddresses.coin), asc(cryptoWalletAddresses.network));
  return { addresses: rows.map((r) => ({ id: r.id, coin: r.coin, network: r.network, address: r.address, memo: r.memo })) };
}
