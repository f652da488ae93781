import type { Config } from '#server/config';
import type { JobSet } from '#server/jobs/worker';
import { localDateAt, startOfLocalDate } from '@wise/shared';
import { recordFloat } from '../operations/floats';
import { dayReconciled, previousBusinessDay, runReconciliation, type ReconciliationDeps } from './runs';

export const RECONCILE_JOB = 'reconciliation.daily';
export const BILL_FLOAT_JOB = 'bills.check_float';

/** Hours after the business day's midnight before it is compared: transfers pending at midnight have settled. */
export const RECONCILE_AFTER_HOURS = 2;
const HOUR_MS = 60 * 60_000;

export const reconciliationSettings = (config: Config) => ({
  timeZone: config.APP_TIMEZONE,
  payoutFloatAlertKobo: config.PAYOUT_FLOAT_ALERT_NAIRA * 100,
  billsFloatAlertKobo: config.BILLS_FLOAT_ALERT_NAIRA * 100,
});

/**
 * The scheduled reconciliation (README.md here). The queue's schedules are intervals on the Unix
 * epoch, not times of day in a zone, so the job runs every hour and does the day's work once:
 * from 02:00 business time (APP_TIMEZONE, Africa/Lagos) it compares yesterday for each provider
 * kind that has no completed run for it yet. A run that failed (the provider could not list) is
 * tried again the next hour; a server that was down at 02:00 catches up when it starts.
 * The bill wallet's balance is read every five minutes for its alert (the payout float is read by
 * `payouts.release_held` and before every transfer).
 */
export function reconciliationJobs(deps: ReconciliationDeps): JobSet {
  return {
    jobs: [
      {
        name: RECONCILE_JOB,
        handler: async (_payload, { db, clock, logger }) => {
          const now = clock.now();
          const today = localDateAt(now, deps.timeZone);
          if (now.getTime() < startOfLocalDate(today, deps.timeZone).getTime() + RECONCILE_AFTER_HOURS * HOUR_MS) return;
          const day = previousBusinessDay(now, deps.timeZone);
          for (const providerKind of ['payouts', 'bills'] as const) {
            if (await dayReconciled(db, providerKind, day)) continue;
            const run = await runReconciliation(db, { ...deps, clock }, { providerKind, businessDate: day, trigger: 'schedule' });
            const summary = {
              providerKind,
              day,
              runId: run.id,
              outcome: run.outcome,
              mismatches: run.mismatch_count,
              unchecked: run.unchecked_count,
            };
            if (run.outcome === 'failed')
              logger.warn({ ...summary, error: run.error }, 'reconciliation run failed; trying again next hour');
            else if ((run.mismatch_count ?? 0) > 0)
              logger.error(summary, 'reconciliation found mismatches: see the back office, Reconciliation');
            else logger.info(summary, 'reconciliation: provider and Wise agree');
          }
        },
      },
      {
        name: BILL_FLOAT_JOB,
        handler: async (_payload, { db, clock }) => {
          await recordFloat(db, clock, 'bills', await deps.bills.balance());
        },
      },
    ],
    schedules: [
      { name: RECONCILE_JOB, everyMs: HOUR_MS, maxAttempts: 1 },
      { name: BILL_FLOAT_JOB, everyMs: 5 * 60_000, maxAttempts: 1 },
    ],
  };
}
