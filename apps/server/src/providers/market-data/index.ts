import type { Config } from '#server/config';
import type { Clock } from '#server/lib/clock';
import { CoinGeckoMarketData } from './coingecko';
import { SandboxMarketData } from './sandbox';
import type { MarketDataProvider } from './types';

export type { CoinMarket, MarketDataProvider, TrendingCoinData } from './types';
export { MarketDataError } from './types';

/** CoinGecko when its key is configured, the offline sandbox otherwise (docs/decisions.md §6). */
export function createMarketData(
  config: Pick<Config, 'COINGECKO_API_KEY' | 'COINGECKO_PLAN' | 'COINGECKO_BASE_URL'>,
  clock: Clock,
): MarketDataProvider {
  return config.COINGECKO_API_KEY
    ? new CoinGeckoMarketData({ apiKey: config.COINGECKO_API_KEY, plan: config.COINGECKO_PLAN, baseUrl: config.COINGECKO_BASE_URL })
    : new SandboxMarketData(clock);
}
