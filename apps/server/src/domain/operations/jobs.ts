import type { Config } from '#server/config';
import type { JobSet } from '#server/jobs/worker';
import { watchedChainNetworks } from '#server/providers/chains/index';
import { checkAlerts, type AlertSettings } from './alerts';

export const CHECK_ALERTS_JOB = 'operations.check_alerts';

/** The thresholds from the configuration (docs/configuration.md). */
export const alertSettings = (config: Config): AlertSettings => ({
  payoutFailureRate: config.ALERT_PAYOUT_FAILURE_PERCENT / 100,
  payoutFailureMinSample: 5,
  payoutStuckMinutes: config.ALERT_PAYOUT_STUCK_MINUTES,
  jobAgeMinutes: config.ALERT_JOB_AGE_MINUTES,
  maxPriceAgeSeconds: config.CRYPTO_MAX_PRICE_AGE_S,
  payoutFloatAlertKobo: config.PAYOUT_FLOAT_ALERT_NAIRA * 100,
  billsFloatAlertKobo: config.BILLS_FLOAT_ALERT_NAIRA * 100,
  providerUnreachableMinutes: config.ALERT_PROVIDER_UNREACHABLE_MINUTES,
  chainWatchStallMinutes: config.ALERT_CHAIN_WATCH_STALL_MINUTES,
  watchedChainNetworks: watchedChainNetworks(config),
});

/** Every minute, one instance reads the figures and opens or resolves incidents (a transaction per round). */
export function operationsJobs(settings: AlertSettings): JobSet {
  return {
    jobs: [
      {
        name: CHECK_ALERTS_JOB,
        transactional: true,
        handler: async (_payload, { db, clock, logger }) => {
          const changes = await checkAlerts(db, clock, settings);
          const changed = Object.entries(changes).filter(([, change]) => change !== 'unchanged');
          if (changed.length > 0) logger.warn({ changes: Object.fromEntries(changed) }, 'alert incidents opened or resolved');
        },
      },
    ],
    schedules: [{ name: CHECK_ALERTS_JOB, everyMs: 60_000 }],
  };
}
