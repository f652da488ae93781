import { COIN_IDS } from '@wise/shared';
import { z } from 'zod';
import type { JobDefinition, JobSet } from '#server/jobs/worker';
import { checkRateAlerts, RATE_ALERTS_JOB, type RateAlertCheck } from './alerts';

const koboSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const checkSchema: z.ZodType<RateAlertCheck> = z.union([
  z.object({ subcategory_id: z.uuid() }),
  z.object({ coins: z.partialRecord(z.enum(COIN_IDS), koboSchema) }),
]);

/**
 * The rate-alert check (docs/features.md, "Rates and alerts"), queued by an admin's rate change (in its
 * transaction) and by each coin price refresh. Transactional: the spends, notifications and the
 * push and e-mail jobs commit with the job's completion, so a lost lease cannot notify twice, and
 * the spend's own guard keeps two racing checks to one notice.
 */
export function rateAlertJobs(settings: { appUrl: string }): JobSet {
  const check: JobDefinition<RateAlertCheck> = {
    name: RATE_ALERTS_JOB,
    payload: checkSchema,
    transactional: true,
    handler: async (payload, { db, clock, logger }) => {
      const spent = await checkRateAlerts(db, clock, settings.appUrl, payload);
      if (spent.length) logger.info({ alerts: spent.map((a) => a.id) }, 'rate alerts met and spent');
    },
  };
  return { jobs: [check as JobDefinition], schedules: [] };
}
