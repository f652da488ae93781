import type { Db } from '#server/db/client';
import { staffAuditLog } from '#server/db/schema/admin';
import type { Clock } from '#server/lib/clock';
import type { StaffActor } from '../staff/principal';

export interface StaffAction {
  /** Dotted verb, e.g. `sale.approve`, `giftcard.rate_change`, `customer.lock`. */
  action: string;
  targetType: string;
  targetId?: string | null;
  /** The record as it was and as it became (only what changed is enough); never secrets. */
  before?: unknown;
  after?: unknown;
  note?: string | null;
  ip?: string | null;
}

/**
 * Writes one audit line (docs/decisions.md §8: every staff action — who, when, what, before and after). Call
 * it with the transaction that made the change, so the line exists exactly when the change does.
 * The table refuses UPDATE, DELETE and TRUNCATE.
 */
export async function recordStaffAction(db: Db, clock: Clock, actor: StaffActor, entry: StaffAction): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffId: actor.id,
    actor: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
    note: entry.note?.trim() ? entry.note.trim().slice(0, 1000) : null,
    ip: entry.ip ? entry.ip.slice(0, 100) : null,
    at: clock.now(),
  });
}
