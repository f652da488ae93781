import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { errorCodes } from '@wise/shared';
import { staffManagementMessages, type StaffRole } from '@wise/shared/admin';
import type { Db } from '../../db/client';
import { staff, staffSessions } from '../../db/schema/admin';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { hashSecret } from '../../lib/passwords';
import { recordStaffAction } from '../admin/audit';
import { DomainError, forbidden, notFound } from '../errors';
import { lockStaffRow, normalizeStaffEmail, oneTimePassword, type StaffRow } from './accounts';
import type { StaffActor } from './principal';
import { deleteStaffSessions } from './sessions';

export interface StaffListItem {
  row: StaffRow;
  lastActiveAt: Date | null;
}

/** Everyone on staff, admins first, then by name (a back office has tens of people, not thousands). */
export async function listStaff(db: Db): Promise<StaffListItem[]> {
  const rows = await db
    .select({ row: staff, lastActiveAt: max(staffSessions.lastSeenAt) })
    .from(staff)
    .leftJoin(staffSessions, and(eq(staffSessions.staffId, staff.id), eq(staffSessions.stage, 'verified')))
    .groupBy(staff.id)
    .orderBy(asc(sql`${staff.disabledAt} IS NOT NULL`), asc(staff.role), asc(staff.name), asc(staff.id));
  return rows;
}

export async function getStaff(db: Db, id: string): Promise<StaffListItem> {
  const [row] = (await listStaff(db)).filter((item) => item.row.id === id);
  if (!row) throw notFound(staffManagementMessages.notFound);
  return row;
}

const emailTaken = () =>
  new DomainError(errorCodes.conflict, staffManagementMessages.emailTaken, 409, { fields: { email: staffManagementMessages.emailTaken } });

export interface NewStaffInput {
  email: string;
  name: string;
  role: StaffRole;
  /** Chosen by the person themself (admin:create --password-stdin); otherwise a one-time password is made. */
  password?: string;
  ip?: string | null;
}

/**
 * Adds a staff member and returns the password to hand over. A password made here (or chosen by
 * anyone but the person) is one-time: it must be changed at the first sign-in. Audited.
 */
export async function createStaffMember(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  input: NewStaffInput,
): Promise<{ row: StaffRow; password: string }> {
  const email = normalizeStaffEmail(input.email);
  const name = input.name.trim();
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashSecret(password);
  const now = clock.now();
  try {
    const row = await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email)).limit(1);
      if (existing) throw emailTaken();
      const [inserted] = await tx
        .insert(staff)
        .values({
          email,
          name,
          role: input.role,
          passwordHash,
          mustChangePassword: input.password === undefined,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      await recordStaffAction(tx, clock, actor, {
        action: 'staff.create',
        targetType: 'staff',
        targetId: inserted.id,
        after: { email, name, role: input.role },
        ip: input.ip,
      });
      return inserted;
    });
    return { row, password };
  } catch (error) {
    // Two admins adding one address at once: the unique index decides, with the same answer.
    if (uniqueViolation(error) === 'staff_email_key') throw emailTaken();
    throw error;
  }
}

/**
 * The active admins, their rows locked in id order. Taken before the target's row by every change
 * that could remove an admin, so two admins demoting each other at once queue up here instead of
 * deadlocking, and the second sees the first's change.
 */
async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Refuses what would leave the back office without an admin: an admin disabling or demoting
 * themself, or removing the last active admin. The actor must still be an active admin now,
 * not only when the request started.
 */
function guardAdminRemoval(actor: StaffActor, target: StaffRow, activeAdmins: string[]): void {
  if (actor.id === target.id) throw new DomainError(errorCodes.conflict, staffManagementMessages.notYourself, 409);
  if (actor.id === null || !activeAdmins.includes(actor.id)) throw forbidden();
  if (target.role !== 'admin' || target.disabledAt) return;
  if (activeAdmins.filter((id) => id !== target.id).length === 0) {
    throw new DomainError(errorCodes.conflict, staffManagementMessages.lastAdmin, 409);
  }
}

export interface StaffChange {
  role?: StaffRole;
  disabled?: boolean;
}

/** Changes a staff member's role or disables / re-enables them; each change is its own audit line. */
export async function updateStaffMember(db: Db, clock: Clock, actor: StaffActor, id: string, change: StaffChange, ip?: string | null): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const activeAdmins = change.role === 'reviewer' || change.disabled === true ? await lockActiveAdmins(tx) : [];
    const row = await lockStaffRow(tx, id);
    if (!row) throw notFound(staffManagementMessages.notFound);
    const demoting = change.role !== undefined && change.role !== row.role && row.role === 'admin';
    const disabling = change.disabled === true && !row.disabledAt;
    if (demoting || disabling) guardAdminRemoval(actor, row, activeAdmins);
    if (change.role !== undefined && change.role !== row.role) {
      await tx.update(staff).set({ role: change.role, updatedAt: now }).where(eq(staff.id, id));
      await recordStaffAction(tx, clock, actor, { action: 'staff.role_change', targetType: 'staff', targetId: id, before: { role: row.role }, after: { role: change.role }, ip });
    }
    if (disabling) {
      await tx.update(staff).set({ disabledAt: now, updatedAt: now }).where(eq(staff.id, id));
      // Signed out at once, not at their next idle timeout.
      await deleteStaffSessions(tx, id);
      await recordStaffAction(tx, clock, actor, { action: 'staff.disable', targetType: 'staff', targetId: id, before: { disabled: false }, after: { disabled: true }, ip });
    }
    if (change.disabled === false && row.disabledAt) {
      await tx.update(staff).set({ disabledAt: null, failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(staff.id, id));
      await recordStaffAction(tx, clock, actor, { action: 'staff.enable', targetType: 'staff', targetId: id, before: { disabled: true }, after: { disabled: false }, ip });
    }
  });
}

/**
 * A staff member who lost their password or their authenticator: a new one-time password, the
 * authenticator set up again at the next sign-in, every session ended, the lockout cleared.
 */
export async function resetStaffMember(db: Db, clock: Clock, actor: StaffActor, id: string, ip?: string | null): Promise<string> {
  const password = oneTimePassword();
  const passwordHash = await hashSecret(password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await lockStaffRow(tx, id);
    if (!row) throw notFound(staffManagementMessages.notFound);
    if (actor.id === row.id) throw new DomainError(errorCodes.conflict, staffManagementMessages.notYourself, 409);
    await tx
      .update(staff)
      .set({
        passwordHash,
        mustChangePassword: true,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(eq(staff.id, id));
    await deleteStaffSessions(tx, id);
    await recordStaffAction(tx, clock, actor, {
      action: 'staff.reset',
      targetType: 'staff',
      targetId: id,
      before: { totp_enrolled: row.totpEnabledAt !== null },
      after: { totp_enrolled: false, must_change_password: true },
      ip,
    });
  });
  return password;
}
