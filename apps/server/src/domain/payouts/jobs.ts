import { z } from 'zod';
import type { JobSet } from '#server/jobs/worker';
import type { JobDefinition } from '#server/jobs/worker';
import { advancePayout } from './advance';
import { PAYOUT_RELEASE_INTERVAL_MS, PAYOUT_RELEASE_JOB, releaseHeldPayouts } from './funds';
import { PAYOUT_CHECK_JOB, PAYOUT_RECOVER_JOB, PAYOUT_SEND_JOB } from './payouts';
import { recoverStuckPayouts } from './recover';
import type { PayoutDeps } from './settings';

export { PAYOUT_CHECK_JOB, PAYOUT_RECOVER_JOB, PAYOUT_SEND_JOB } from './payouts';
export { PAYOUT_RELEASE_JOB } from './funds';

/** The attempt's outcome is not known yet: the job fails this attempt and the queue runs it again after its back-off. */
export class PayoutStillOpen extends Error {
  override name = 'PayoutStillOpen';
}

const payload = z.object({ payoutId: z.uuid() });

/**
 * The payouts area's background work (docs/decisions.md §5b), built with the provider server.ts made:
 * - `payouts.send`: the approval's job — recipient, transfer with our reference, the answer
 *   written down; an unknown outcome retries (each retry asks the provider before resending);
 * - `payouts.check`: a status query for a transfer the provider accepted as pending, repeated
 *   with back-off until it settles (the webhook usually settles it first);
 * - `payouts.recover` (every recoveryIntervalMs): attempts left open by a crash or an exhausted
 *   job get a new one;
 * - `payouts.release_held` (every minute): reads the float and sends again the payouts held
 *   waiting for funds that it now covers (funds.ts).
 */
export function payoutJobs(deps: PayoutDeps): JobSet {
  const send: JobDefinition<{ payoutId: string }> = {
    name: PAYOUT_SEND_JOB,
    payload,
    backoff: deps.settings.sendBackoff,
    // Up to four provider calls, each within its own limit.
    timeoutMs: 5 * deps.settings.staleAfterMs,
    handler: async ({ payoutId }, { db, logger }) => {
      const status = await advancePayout(db, { ...deps, logger }, payoutId);
      // Pending has its check job; waiting for funds is released by payouts.release_held;
      // queued/sending means the provider could not be asked or told.
      if (status === 'sending' || status === 'queued')
        throw new PayoutStillOpen(`payout ${payoutId}: the provider's answer is not known yet`);
    },
  };
  const check: JobDefinition<{ payoutId: string }> = {
    name: PAYOUT_CHECK_JOB,
    payload,
    backoff: deps.settings.checkBackoff,
    timeoutMs: 5 * deps.settings.staleAfterMs,
    handler: async ({ payoutId }, { db, logger }) => {
      const status = await advancePayout(db, { ...deps, logger }, payoutId);
      if (status === 'pending' || status === 'sending' || status === 'queued')
        throw new PayoutStillOpen(`payout ${payoutId}: still ${status} at the provider`);
    },
  };
  const recover: JobDefinition = {
    name: PAYOUT_RECOVER_JOB,
    handler: async (_payload, { db, logger }) => {
      const picked = await recoverStuckPayouts(db, { ...deps, logger });
      if (picked.length > 0) logger.warn({ payouts: picked }, `${picked.length} open payouts had no job waiting; new ones queued`);
    },
  };
  const release: JobDefinition = {
    name: PAYOUT_RELEASE_JOB,
    handler: async (_payload, { db, logger }) => {
      const released = await releaseHeldPayouts(db, { ...deps, logger });
      if (released.length > 0)
        logger.info({ payouts: released }, `${released.length} payouts waiting for funds sent again: the float covers them now`);
    },
  };
  return {
    jobs: [send as JobDefinition, check as JobDefinition, recover, release],
    schedules: [
      { name: PAYOUT_RECOVER_JOB, everyMs: deps.settings.recoveryIntervalMs, maxAttempts: 1 },
      { name: PAYOUT_RELEASE_JOB, everyMs: PAYOUT_RELEASE_INTERVAL_MS, maxAttempts: 1 },
    ],
  };
}
