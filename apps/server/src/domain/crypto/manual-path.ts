import { eq } from 'drizzle-orm';
import { manualPathErrorCodes, manualPathMessages } from '@wise/shared';
import type { ManualPath } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { cryptoManualPath, staff } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { recordStaffAction } from '../admin/audit';
import type { StaffCall } from '../admin/catalogue';
import { DomainError } from '../errors';

/**
 * The switch of the manual crypto path (docs/crypto-settlement.md, "The manual path"): sending to the
 * company's shared addresses and uploading a screenshot. One row (0057), on until an admin turns it
 * off. Turning it either way is one admin's decision, with their code and an audit line, as a
 * wallet address change is: it grants no power and moves no money (every manual sale is still
 * reviewed, within the approval limits and four eyes), so it is not a two-admin change
 * (docs/separation-of-duties.md).
 */

export const manualPathOff = () => new DomainError(manualPathErrorCodes.manualPathOff, manualPathMessages.manualPathOff, 409);

/** Whether the manual path is open. A missing row reads as closed: it fails closed. */
export async function manualPathOpen(db: Db): Promise<boolean> {
  const [row] = await db.select({ enabled: cryptoManualPath.enabled }).from(cryptoManualPath).limit(1);
  return row?.enabled ?? false;
}

/**
 * Inside a sale's transaction: refuses a screenshot sale while the path is off. The share lock
 * orders it with an admin turning the path off: a sale that read "on" commits before the switch
 * does, and one after it reads "off" (0057's trigger on sale_images holds it either way).
 */
export async function assertManualPathOpen(tx: Db): Promise<void> {
  const [row] = await tx.select({ enabled: cryptoManualPath.enabled }).from(cryptoManualPath).for('share');
  if (!(row?.enabled ?? false)) throw manualPathOff();
}

export async function getManualPath(db: Db): Promise<ManualPath> {
  const [row] = await db
    .select({ enabled: cryptoManualPath.enabled, changedAt: cryptoManualPath.changedAt, byId: staff.id, byName: staff.name })
    .from(cryptoManualPath)
    .leftJoin(staff, eq(staff.id, cryptoManualPath.changedBy))
    .limit(1);
  if (!row) throw new Error('crypto_manual_path has no row (0057_manual_crypto_path.sql writes one)');
  return {
    enabled: row.enabled,
    changed_at: row.changedAt.toISOString(),
    changed_by: row.byId && row.byName !== null ? { id: row.byId, name: row.byName } : null,
  };
}

/** Turns the manual path on or off (the route has checked the admin's code); audited with before and after. */
export async function setManualPath(db: Db, deps: { clock: Clock }, call: StaffCall, enabled: boolean): Promise<ManualPath> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cryptoManualPath).for('update');
    if (!before) throw new Error('crypto_manual_path has no row (0057_manual_crypto_path.sql writes one)');
    if (before.enabled === enabled) return;
    await tx.update(cryptoManualPath).set({ enabled, changedBy: call.staff.id, changedAt: deps.clock.now() });
    await recordStaffAction(tx, deps.clock, call.staff, {
      action: 'crypto.manual_path_update',
      targetType: 'crypto_manual_path',
      targetId: null,
      before: { enabled: before.enabled },
      after: { enabled },
      ip: call.ip,
    });
  });
  return getManualPath(db);
}
