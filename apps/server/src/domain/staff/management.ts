import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { errorCodes } from '@wise/shared';
import { staffManagementMessages, type StaffRequestKind, type StaffRole } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staff, staffSessions } from '#server/db/schema/admin';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import { hashSecret } from '#server/lib/passwords';
import { recordStaffAction } from '../admin/audit';
import { DomainError, forbidden, notFound } from '../errors';
import { lockStaffRow, normalizeStaffEmail, oneTimePassword, type StaffRow } from './accounts';
import { issueInvitation, unusablePasswordHash } from './invitations';
import type { StaffActor, StaffPrincipal } from './principal';
import { openRequestConflict, openStaffRequest, requestChanged, type RequestApplier, type StaffRequestRow } from './requests';
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
    // The system approver of deposit sales (0055) is nobody to manage: the database refuses it any change.
    .where(eq(staff.system, false))
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
 * admin:create on the server (the one way to add an admin without a second admin's confirmation,
 * which the database allows only with wise.staff_cli): adds a staff member and returns the password
 * to hand over. A password made here is one-time: it must be changed at the first sign-in. Audited.
 */
export async function createStaffMember(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  input: NewStaffInput,
): Promise<{ row: StaffRow; password: string }> {
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashSecret(password);
  const row = await insertStaffMember(db, clock, actor, input, { passwordHash, mustChangePassword: input.password === undefined });
  return { row, password };
}

async function insertStaffMember(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  input: { email: string; name: string; role: StaffRole; ip?: string | null },
  credentials: { passwordHash: string; mustChangePassword: boolean },
  within?: { tx: Db; createdBy: string },
): Promise<StaffRow> {
  const email = normalizeStaffEmail(input.email);
  const name = input.name.trim();
  const now = clock.now();
  const work = async (tx: Db) => {
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email)).limit(1);
    if (existing) throw emailTaken();
    if (actor.id === null) await tx.execute(sql`SELECT set_config('wise.staff_cli', 'on', true)`);
    const [inserted] = await tx
      .insert(staff)
      .values({ email, name, role: input.role, ...credentials, createdBy: within?.createdBy ?? actor.id, createdAt: now, updatedAt: now })
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
  };
  if (within) return work(within.tx);
  try {
    return await db.transaction(work);
  } catch (error) {
    // Two admins adding one address at once: the unique index decides, with the same answer.
    if (uniqueViolation(error) === 'staff_email_key') throw emailTaken();
    throw error;
  }
}

export interface StaffDutyDeps {
  db: Db;
  clock: Clock;
  /** APP_URL: the invitation link's address. */
  appUrl: string;
}

/**
 * An admin adds someone from the back office (docs/separation-of-duties.md). A reviewer is added at
 * once and e-mailed an invitation to set their own password and authenticator; an admin becomes a
 * request another admin confirms. No password is made that anyone but the invitee sees.
 */
export async function addStaffMember(
  deps: StaffDutyDeps,
  actor: StaffPrincipal,
  input: { email: string; name: string; role: StaffRole; ip?: string | null },
): Promise<{ row?: StaffRow; request?: StaffRequestRow }> {
  const { db, clock } = deps;
  const email = normalizeStaffEmail(input.email);
  const name = input.name.trim();
  if (input.role === 'admin') {
    try {
      return await db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email)).limit(1);
        if (existing) throw emailTaken();
        return {
          request: await openStaffRequest(
            tx,
            clock,
            actor,
            { kind: 'staff_create', targetEmail: email, value: email, details: { name, role: 'admin' } },
            input.ip,
          ),
        };
      });
    } catch (error) {
      openRequestConflict(error);
      throw error;
    }
  }
  const passwordHash = await unusablePasswordHash();
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertStaffMember(
        db,
        clock,
        actor,
        { ...input, email, name },
        { passwordHash, mustChangePassword: true },
        { tx, createdBy: actor.id },
      );
      await issueInvitation(tx, clock, deps.appUrl, inserted, 'new');
      return inserted;
    });
    return { row };
  } catch (error) {
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

/**
 * Changes a staff member's role or disables / re-enables them; each change is its own audit line.
 * A promotion to admin and re-enabling an admin become a request another admin confirms (returned);
 * the rest of the change is made at once.
 */
export async function updateStaffMember(
  deps: Pick<StaffDutyDeps, 'db' | 'clock'>,
  actor: StaffPrincipal,
  id: string,
  change: StaffChange,
  ip?: string | null,
): Promise<{ request?: StaffRequestRow }> {
  const { db, clock } = deps;
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const activeAdmins = change.role === 'reviewer' || change.disabled === true ? await lockActiveAdmins(tx) : [];
      const row = await lockStaffRow(tx, id);
      if (!row) throw notFound(staffManagementMessages.notFound);
      const promoting = change.role === 'admin' && row.role !== 'admin';
      const demoting = change.role === 'reviewer' && row.role === 'admin';
      const disabling = change.disabled === true && !row.disabledAt;
      const enabling = change.disabled === false && row.disabledAt !== null;
      if ((promoting || enabling) && actor.id === row.id)
        throw new DomainError(errorCodes.conflict, staffManagementMessages.notYourself, 409);
      if (demoting || disabling) guardAdminRemoval(actor, row, activeAdmins);
      const target = { targetId: id, value: row.email, details: { name: row.name } };
      if (promoting) {
        // A disabled reviewer made admin is re-enabled with the promotion, by the same confirmation.
        return {
          request: await openStaffRequest(
            tx,
            clock,
            actor,
            { kind: 'staff_promote', ...target, details: { name: row.name, enable: enabling } },
            ip,
          ),
        };
      }
      if (demoting) {
        await tx.update(staff).set({ role: 'reviewer', updatedAt: now }).where(eq(staff.id, id));
        await recordStaffAction(tx, clock, actor, {
          action: 'staff.role_change',
          targetType: 'staff',
          targetId: id,
          before: { role: row.role },
          after: { role: 'reviewer' },
          ip,
        });
      }
      if (disabling) {
        await tx.update(staff).set({ disabledAt: now, updatedAt: now }).where(eq(staff.id, id));
        // Signed out at once, not at their next idle timeout.
        await deleteStaffSessions(tx, id);
        await recordStaffAction(tx, clock, actor, {
          action: 'staff.disable',
          targetType: 'staff',
          targetId: id,
          before: { disabled: false },
          after: { disabled: true },
          ip,
        });
      }
      if (enabling) {
        if (row.role === 'admin' && !demoting)
          return { request: await openStaffRequest(tx, clock, actor, { kind: 'staff_enable', ...target }, ip) };
        await enableStaff(tx, clock, actor, id, now, ip);
      }
      return {};
    });
  } catch (error) {
    openRequestConflict(error);
    throw error;
  }
}

async function enableStaff(tx: Db, clock: Clock, actor: StaffActor, id: string, now: Date, ip?: string | null): Promise<void> {
  await tx.update(staff).set({ disabledAt: null, failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(staff.id, id));
  await recordStaffAction(tx, clock, actor, {
    action: 'staff.enable',
    targetType: 'staff',
    targetId: id,
    before: { disabled: true },
    after: { disabled: false },
    ip,
  });
}

/**
 * A staff member who lost their password or their authenticator: a request another admin confirms
 * (nobody resets an account alone, and nobody but the member sees what replaces it).
 */
export async function requestStaffReset(
  deps: Pick<StaffDutyDeps, 'db' | 'clock'>,
  actor: StaffPrincipal,
  id: string,
  ip?: string | null,
): Promise<StaffRequestRow> {
  const { db, clock } = deps;
  try {
    return await db.transaction(async (tx) => {
      const row = await lockStaffRow(tx, id);
      if (!row) throw notFound(staffManagementMessages.notFound);
      if (actor.id === row.id) throw new DomainError(errorCodes.conflict, staffManagementMessages.notYourself, 409);
      return openStaffRequest(tx, clock, actor, { kind: 'staff_reset', targetId: id, value: row.email, details: { name: row.name } }, ip);
    });
  } catch (error) {
    openRequestConflict(error);
    throw error;
  }
}

/** The target of a staff request as it stands now, locked; 409 when it no longer matches what was asked. */
async function lockTarget(tx: Db, request: StaffRequestRow): Promise<StaffRow> {
  const row = request.targetId ? await lockStaffRow(tx, request.targetId) : undefined;
  if (!row || row.email !== request.value) throw requestChanged();
  return row;
}

/** How a confirmed staff request takes effect (domain/staff/requests.ts confirmStaffRequest). */
export function staffRequestAppliers(
  deps: Pick<StaffDutyDeps, 'clock' | 'appUrl'>,
): Pick<Record<StaffRequestKind, RequestApplier>, 'staff_create' | 'staff_promote' | 'staff_enable' | 'staff_reset'> {
  const { clock, appUrl } = deps;
  return {
    staff_create: async (tx, request, confirmer) => {
      const name = typeof request.details.name === 'string' ? request.details.name : request.value;
      const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, request.value)).limit(1);
      if (taken) throw emailTaken();
      const inserted = await insertStaffMember(
        tx,
        clock,
        confirmer,
        { email: request.value, name, role: 'admin' },
        { passwordHash: await unusablePasswordHash(), mustChangePassword: true },
        {
          tx,
          createdBy: request.requestedBy,
        },
      );
      await issueInvitation(tx, clock, appUrl, inserted, 'new');
    },
    staff_promote: async (tx, request, confirmer, now) => {
      const row = await lockTarget(tx, request);
      if (row.role === 'admin') throw requestChanged();
      const enable = request.details.enable === true && row.disabledAt !== null;
      await tx
        .update(staff)
        .set({ role: 'admin', ...(enable ? { disabledAt: null, failedLogins: 0, lockedUntil: null } : {}), updatedAt: now })
        .where(eq(staff.id, row.id));
      await recordStaffAction(tx, clock, confirmer, {
        action: 'staff.role_change',
        targetType: 'staff',
        targetId: row.id,
        before: { role: row.role },
        after: { role: 'admin', request_id: request.id },
        ip: null,
      });
      if (enable)
        await recordStaffAction(tx, clock, confirmer, {
          action: 'staff.enable',
          targetType: 'staff',
          targetId: row.id,
          before: { disabled: true },
          after: { disabled: false },
        });
    },
    staff_enable: async (tx, request, confirmer, now) => {
      const row = await lockTarget(tx, request);
      if (!row.disabledAt) throw requestChanged();
      await enableStaff(tx, clock, confirmer, row.id, now);
    },
    staff_reset: async (tx, request, confirmer, now) => {
      const row = await lockTarget(tx, request);
      await tx
        .update(staff)
        .set({
          passwordHash: await unusablePasswordHash(),
          mustChangePassword: true,
          totpSecret: null,
          totpEnabledAt: null,
          totpLastStep: null,
          failedLogins: 0,
          lockedUntil: null,
          updatedAt: now,
        })
        .where(eq(staff.id, row.id));
      await deleteStaffSessions(tx, row.id);
      await recordStaffAction(tx, clock, confirmer, {
        action: 'staff.reset',
        targetType: 'staff',
        targetId: row.id,
        before: { totp_enrolled: row.totpEnabledAt !== null },
        after: { totp_enrolled: false, invitation_sent: true, request_id: request.id },
      });
      await issueInvitation(tx, clock, appUrl, row, 'reset');
    },
  };
}
