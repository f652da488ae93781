import { eq } from 'drizzle-orm';
import { gemErrorCodes, gemMessages } from '@wise/shared';
import type { Db } from '#server/db/client';
import { gemHolds, type GemHoldStatus } from '#server/db/schema/gems';
import type { Clock } from '#server/lib/clock';
import { DomainError } from '../errors';
import { assertGemAmount, insufficientGems, lockUserAccount, mapOverdraft, postEntry, systemAccountId } from './ledger';

/**
 * Holds reserve gems for a pending purchase (docs/decisions.md §5 bills: PIN → hold → provider → capture on
 * success, release on failure). Placing a hold takes the gems out of the spendable balance at
 * once, so two purchases can never spend the same gems; the holds system account carries them
 * until the hold settles. docs/product.md §7's deduct_reward.php becomes place + capture.
 */

export interface GemHold {
  id: string;
  userId: string;
  reference: string;
  amount: number;
  status: GemHoldStatus;
  createdAt: Date;
  settledAt: Date | null;
}

export interface PlaceHoldInput {
  userId: string;
  amount: number;
  /** The purchase it reserves for (e.g. `bill:<order id>`): one hold per reference, ever. */
  reference: string;
  memo?: string;
}

const holdNotFound = () => new DomainError(gemErrorCodes.holdNotFound, gemMessages.holdNotFound, 404);
const holdSettled = () => new DomainError(gemErrorCodes.holdSettled, gemMessages.holdSettled, 409);

const toHold = (row: typeof gemHolds.$inferSelect): GemHold => ({
  id: row.id,
  userId: row.userId,
  reference: row.reference,
  amount: row.amount,
  status: row.status,
  createdAt: row.createdAt,
  settledAt: row.settledAt,
});

export async function findHoldByReference(db: Db, reference: string): Promise<GemHold | undefined> {
  const [row] = await db.select().from(gemHolds).where(eq(gemHolds.reference, reference));
  return row ? toHold(row) : undefined;
}

/**
 * Reserves `amount` of the customer's spendable gems, or refuses with "Insufficient balance".
 * Idempotent by reference: placing the same hold again returns it without moving gems again.
 */
export async function placeGemHold(db: Db, clock: Clock, input: PlaceHoldInput): Promise<GemHold> {
  assertGemAmount(input.amount, 'hold amount');
  const holds = await systemAccountId(db, 'holds');
  const at = clock.now();
  return mapOverdraft(() =>
    db.transaction(async (tx) => {
      const { accountId, balance } = await lockUserAccount(tx, input.userId, 'available');
      const existing = await findHoldByReference(tx, input.reference);
      if (existing) {
        if (existing.userId !== input.userId || existing.amount !== input.amount) {
          throw new DomainError(gemErrorCodes.idempotencyMismatch, gemMessages.idempotencyMismatch, 409);
        }
        return existing;
      }
      // Checked under the row lock: no other writer can move this balance until we commit.
      if (balance < input.amount) throw insufficientGems();
      const posted = await postEntry(tx, {
        idempotencyKey: `hold:${input.reference}`,
        reason: 'hold',
        userId: input.userId,
        memo: input.memo,
        at,
        lines: [
          { accountId, amount: -input.amount },
          { accountId: holds, amount: input.amount },
        ],
      });
      const [row] = await tx
        .insert(gemHolds)
        .values({ userId: input.userId, reference: input.reference, amount: input.amount, holdEntryId: posted.entryId, createdAt: at })
        .returning();
      if (!row) throw new Error('gem hold insert returned nothing');
      return toHold(row);
    }),
  );
}

type Settlement = 'captured' | 'released';

async function settle(db: Db, clock: Clock, holdId: string, outcome: Settlement): Promise<GemHold> {
  const holds = await systemAccountId(db, 'holds');
  const spend = await systemAccountId(db, 'bill_spend');
  const at = clock.now();
  return db.transaction(async (tx) => {
    // The hold's row lock makes capture and release mutually exclusive.
    const [row] = await tx.select().from(gemHolds).where(eq(gemHolds.id, holdId)).for('update');
    if (!row) throw holdNotFound();
    if (row.status === outcome) return toHold(row); // a retried settlement: already done
    if (row.status !== 'pending') throw holdSettled();
    const destination = outcome === 'released' ? (await lockUserAccount(tx, row.userId, 'available')).accountId : spend;
    const posted = await postEntry(tx, {
      idempotencyKey: `hold:${row.reference}:settle`,
      reason: outcome === 'captured' ? 'hold_capture' : 'hold_release',
      userId: row.userId,
      at,
      lines: [
        { accountId: holds, amount: -row.amount },
        { accountId: destination, amount: row.amount },
      ],
    });
    const [updated] = await tx
      .update(gemHolds)
      .set({ status: outcome, settleEntryId: posted.entryId, settledAt: at })
      .where(eq(gemHolds.id, holdId))
      .returning();
    if (!updated) throw new Error(`gem hold ${holdId} vanished while settling`);
    return toHold(updated);
  });
}

/** The purchase went through: the held gems are spent. Retrying a capture is harmless. */
export const captureGemHold = (db: Db, clock: Clock, holdId: string) => settle(db, clock, holdId, 'captured');

/** The purchase failed: the held gems go back to the spendable balance. Retrying is harmless. */
export const releaseGemHold = (db: Db, clock: Clock, holdId: string) => settle(db, clock, holdId, 'released');

/** Gems reserved by pending holds for one customer. */
export async function getHeldGems(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ amount: gemHolds.amount, status: gemHolds.status }).from(gemHolds).where(eq(gemHolds.userId, userId));
  return rows.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount, 0);
}
