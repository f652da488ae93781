import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import { enqueue } from '#server/jobs/queue';
import { slotStart } from '#server/jobs/worker';
import { recordFloat } from '../operations/floats';
import { PAYOUT_SEND_JOB, PAYOUT_SEND_MAX_ATTEMPTS, type PayoutRow } from './payouts';
import type { PayoutDeps } from './settings';

/**
 * Waiting for funds (docs/decisions.md §5c). Before a transfer the worker reads the provider's
 * balance (the float); a payout it cannot cover is HELD (`hold = 'waiting_for_funds'`) instead of
 * being sent to fail, and `payouts.release_held` sends held payouts again, oldest first, as soon
 * as a reading shows money enough for them. The customer keeps seeing the payout processing;
 * staff see "Waiting for funds"; an admin is alerted (`payout_float_low`).
 */

export const PAYOUT_RELEASE_JOB = 'payouts.release_held';
export const PAYOUT_RELEASE_INTERVAL_MS = 60_000;
const RELEASE_BATCH = 100;

/** Paystack's refusal for want of money ("Your balance is not enough to fulfil this request"). */
export const isInsufficientBalance = (message: string) =>
  /balance is not enough|insufficient (balance|funds)|not enough balance/i.test(message);

/** Marks an open attempt as waiting for funds (once: a payout already held keeps its time). */
export async function holdForFunds(
  db: Db,
  deps: PayoutDeps,
  payout: Pick<PayoutRow, 'id' | 'saleId' | 'reference' | 'amountKobo'>,
  why: string,
): Promise<void> {
  const held = await db
    .update(payouts)
    .set({ hold: 'waiting_for_funds', heldAt: deps.clock.now() })
    .where(
      and(
        eq(payouts.id, payout.id),
        inArray(payouts.status, ['queued', 'sending']),
        or(isNull(payouts.hold), sql`${payouts.hold} <> 'waiting_for_funds'`),
      ),
    )
    .returning({ id: payouts.id });
  if (held.length > 0) {
    deps.logger?.warn(
      { payoutId: payout.id, saleId: payout.saleId, reference: payout.reference, amountKobo: payout.amountKobo, why },
      'payout waiting for funds: the transfer balance cannot cover it',
    );
  }
}

/**
 * Whether the float covers this payout, asked just before sending it (the reading is recorded for
 * the alert). A balance the provider cannot tell us does not stop the payout: the provider itself
 * refuses a transfer it cannot cover, and that refusal holds the payout too.
 */
export async function floatCovers(
  db: Db,
  deps: PayoutDeps,
  payout: Pick<PayoutRow, 'id' | 'saleId' | 'reference' | 'amountKobo'>,
): Promise<boolean> {
  const float = await deps.provider.balance();
  await recordFloat(db, deps.clock, 'payouts', float);
  if (float.outcome === 'unknown') {
    deps.logger?.warn({ payoutId: payout.id, reason: float.reason }, 'could not read the transfer balance; sending anyway');
    return true;
  }
  if (float.availableKobo >= payout.amountKobo) return true;
  await holdForFunds(db, deps, payout, `balance ${float.availableKobo} kobo < ${payout.amountKobo} kobo`);
  return false;
}

/**
 * One round of `payouts.release_held`: reads the float (recorded for the alert and the metrics
 * even when nothing waits) and gives each held payout it covers, oldest first, a send job. A
 * payout too large for what is left does not block smaller ones behind it. When the balance
 * cannot be read, only the oldest is tried (its send asks again). Returns the payouts released.
 */
export async function releaseHeldPayouts(db: Db, deps: PayoutDeps): Promise<string[]> {
  const float = await deps.provider.balance();
  await recordFloat(db, deps.clock, 'payouts', float);
  const held = await db
    .select({ id: payouts.id, amountKobo: payouts.amountKobo })
    .from(payouts)
    .where(eq(payouts.hold, 'waiting_for_funds'))
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(RELEASE_BATCH);
  if (held.length === 0) return [];
  const now = deps.clock.now();
  const slot = slotStart(now, PAYOUT_RELEASE_INTERVAL_MS).toISOString();
  let available = float.outcome === 'known' ? float.availableKobo : null;
  const released: string[] = [];
  for (const payout of float.outcome === 'known' ? held : held.slice(0, 1)) {
    if (available !== null) {
      if (payout.amountKobo > available) continue;
      available -= payout.amountKobo;
    }
    const id = await enqueue(
      db,
      PAYOUT_SEND_JOB,
      { payoutId: payout.id },
      {
        clock: deps.clock,
        runAt: now,
        singletonKey: `${PAYOUT_SEND_JOB}:${payout.id}:funds:${slot}`,
        maxAttempts: PAYOUT_SEND_MAX_ATTEMPTS,
      },
    );
    if (id !== null) released.push(payout.id);
  }
  return released;
}
