import { asc, eq } from 'drizzle-orm';
import { COIN_IDS, coinArtUrl, type CoinId, type CoinsResponse, type TrendingResponse, type WalletAddressesResponse } from '@wise/shared';
import { catalogueAnswer } from '../catalogue-cache';
import type { Db } from '#server/db/client';
import { cryptoWalletAddresses } from '#server/db/schema/index';
import { COINGECKO_IDS } from '#server/providers/market-data/coingecko';
import { ART_SYMBOL, hasOwnArt } from './art';
import { pricesStale, readMarkets, readTrending, type MarketDeps } from './market-cache';
import { loadAdjustments, rateFor } from './rates';
import { manualPathOpen } from './manual-path';

/**
 * GET /api/crypto/coins serialized by `serialize`, kept while the prices' version stands
 * (domain/catalogue-cache.ts: staff's adjustment or any instance's refresh is seen at the next
 * request). Both forms are kept, since only the `stale` flag moves with the clock.
 */
export async function coinsAnswer(db: Db, deps: MarketDeps, serialize: (coins: CoinsResponse) => string): Promise<string> {
  const kept = await catalogueAnswer(db, 'crypto_prices', 'coins', async () => {
    const coins = await listCoins(db, deps);
    return {
      fetchedAtMs: Date.parse(coins.updated_at),
      fresh: serialize({ ...coins, stale: false }),
      stale: serialize({ ...coins, stale: true }),
    };
  });
  return deps.clock.now().getTime() - kept.fetchedAtMs > deps.settings.maxPriceAgeMs ? kept.stale : kept.fresh;
}

/** The four sellable coins from the market cache, each with its naira-per-USD rate. */
export async function listCoins(db: Db, deps: MarketDeps): Promise<CoinsResponse> {
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

const COIN_BY_MARKET_ID = new Map(Object.entries(COINGECKO_IDS).map(([coin, marketId]) => [marketId, coin as CoinId]));

/** GET /api/crypto/trending, in the market-data service's order. */
export async function listTrending(db: Db, deps: MarketDeps): Promise<TrendingResponse> {
  const trending = await readTrending(db, deps);
  if (!trending) throw pricesStale();
  // Each coin's naira price is at the rate we pay for it; a coin we do not buy is priced at our
  // USDT rate (docs/features.md, "Crypto speaks naira"). No market prices: no naira price.
  const markets = await readMarkets(db, deps);
  const usdt = markets?.coins.find((c) => c.coin === 'usdt');
  const adjustments = usdt ? await loadAdjustments(db) : undefined;
  const rateOf = (sellable: CoinId | null) =>
    usdt && adjustments ? rateFor(sellable ?? 'usdt', usdt.priceNgn, adjustments).rateNgnPerUsd.toFixed() : null;
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
      // By the market service's id, never the symbol: any token may call itself "SOL".
      sellable: COIN_BY_MARKET_ID.get(coin.id) ?? null,
      rate_ngn_per_usd: rateOf(COIN_BY_MARKET_ID.get(coin.id) ?? null),
    })),
    updated_at: trending.fetchedAt.toISOString(),
    stale: trending.stale,
  };
}

/**
 * GET /api/crypto/wallet-addresses: the enabled ones, in the order staff set, while the manual path
 * is open; none once an admin closed it (docs/crypto-settlement.md, "The manual path"): a customer
 * shown a shared address would send coins there with no way to sell them.
 */
export async function listWalletAddresses(db: Db): Promise<WalletAddressesResponse> {
  if (!(await manualPathOpen(db))) return { addresses: [], manual_path: false };
  const rows = await db
    .select()
    .from(cryptoWalletAddresses)
    .where(eq(cryptoWalletAddresses.enabled, true))
    .orderBy(asc(cryptoWalletAddresses.sortOrder), asc(cryptoWalletAddresses.coin), asc(cryptoWalletAddresses.network));
  return {
    addresses: rows.map((r) => ({ id: r.id, coin: r.coin, network: r.network, address: r.address, memo: r.memo })),
    manual_path: true,
  };
}
