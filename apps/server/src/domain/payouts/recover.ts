import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import { enqueue } from '#server/jobs/queue';
import { slotStart } from '#server/jobs/worker';
import { PAYOUT_CHECK_JOB, PAYOUT_SEND_JOB, PAYOUT_SEND_MAX_ATTEMPTS } from './payouts';
import type { PayoutDeps } from './settings';

const RECOVERY_BATCH = 100;

/**
 * The recovery sweep (`payouts.recover`): every open attempt (queued, sending, pending) that has
 * been untouched for longer than any live send could take and has no job waiting to run gets a
 * new one — a send job for queued/sending (ask first, then resend with the same reference), a
 * check job for pending. This is what finishes a payout whose worker was killed mid-call: its
 * job still reads `running` until its lease runs out, but the sweep does not wait for that.
 * Two sweeps in one slot make one job per attempt (the singleton key names the slot).
 */
export async function recoverStuckPayouts(db: Db, deps: PayoutDeps): Promise<string[]> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - deps.settings.staleAfterMs);
  const slot = slotStart(now, Math.max(1000, deps.settings.recoveryIntervalMs)).toISOString();
  const stuck = await db
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .where(
      and(
        inArray(payouts.status, ['queued', 'sending', 'pending']),
        // Waiting for funds is payouts.release_held's to send again, when the float covers it.
        sql`${payouts.hold} IS DISTINCT FROM 'waiting_for_funds'`,
        lte(sql`coalesce(${payouts.sentAt}, ${payouts.createdAt})`, staleBefore),
        sql`NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.name IN (${PAYOUT_SEND_JOB}, ${PAYOUT_CHECK_JOB}) AND jobs.status = 'queued' AND jobs.payload->>'payoutId' = ${payouts.id}::text)`,
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(RECOVERY_BATCH);
  const picked: string[] = [];
  for (const payout of stuck) {
    const name = payout.status === 'pending' ? PAYOUT_CHECK_JOB : PAYOUT_SEND_JOB;
    const id = await enqueue(
      db,
      name,
      { payoutId: payout.id },
      {
        clock: deps.clock,
        runAt: now,
        singletonKey: `${name}:${payout.id}:recover:${slot}`,
        maxAttempts: name === PAYOUT_SEND_JOB ? PAYOUT_SEND_MAX_ATTEMPTS : deps.settings.checkMaxAttempts,
      },
    );
    if (id !== null) picked.push(payout.id);
  }
  return picked;
}
