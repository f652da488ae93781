import type { JobDefinition, Schedule } from '#server/jobs/worker';
import type { MarketDataProvider } from '#server/providers/market-data/index';
import { enqueueCoinAlertCheck } from '../rates/alerts';
import { refreshMarketData, type MarketSettings } from './market-cache';

export const MARKET_REFRESH_JOB = 'crypto.refresh_market_data';

/**
 * The market-data refresh as a recurring job (docs/decisions.md §5b): one slot per refresh interval, run by
 * one worker. A provider failure is not retried by the queue — the last good prices stay served
 * and the next slot asks again — and the cache's own claim keeps it to one provider call per
 * interval even if a slot ran twice.
 */
export function marketDataJobs(provider: MarketDataProvider, settings: MarketSettings): { jobs: JobDefinition[]; schedules: Schedule[] } {
  return {
    jobs: [
      {
        name: MARKET_REFRESH_JOB,
        // Two provider calls with their timeouts and 429 waits, and the writes.
        timeoutMs: 120_000,
        handler: async (_payload, { db, clock, logger }) => {
          const outcome = await refreshMarketData(db, provider, clock, settings);
          // New prices may meet customers' coin alerts (docs/features.md, "Rates and alerts").
          if (outcome.markets === 'refreshed') await enqueueCoinAlertCheck(db, { clock, market: { provider, clock, settings } });
          if (outcome.markets === 'failed' || outcome.trending === 'failed') {
            logger.warn({ outcome, provider: provider.name }, 'market data refresh failed; serving the last good prices');
          }
        },
      },
    ],
    schedules: [{ name: MARKET_REFRESH_JOB, everyMs: settings.refreshIntervalMs, maxAttempts: 1 }],
  };
}
