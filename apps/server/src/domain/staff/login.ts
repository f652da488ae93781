import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { errorCodes } from '@wise/shared';
import { staffAuthMessages, staffErrorCodes, type StaffLoginInput, type StaffPasswordChangeInput } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staff } from '#server/db/schema/admin';
import type { Clock } from '#server/lib/clock';
import { oneAtATime } from '#server/lib/concurrency';
import { burnVerify, hashSecret, verifySecret, type UnreadableHashHandler } from '#server/lib/passwords';
import { recordStaffAction } from '../admin/audit';
import type { UnknownLoginGuard } from '../auth/service';
import { DomainError } from '../errors';
import {
  clearStaffFailures,
  findStaffByEmail,
  lockedUntil,
  lockStaffRow,
  normalizeStaffEmail,
  recordStaffFailure,
  STAFF_LOCK_MS,
  STAFF_MAX_FAILURES,
  staffLocked,
  type StaffRow,
} from './accounts';
import type { StaffPrincipal } from './principal';
import { deleteStaffSessions } from './sessions';
import { decryptTotpSecret, encryptTotpSecret, matchTotp, newTotpSecret, totpQrSvg, totpUri } from './totp';

export interface StaffLoginDeps {
  clock: Clock;
  /** Unknown e-mails lock like real accounts do, so a lockout tells nothing (a rate limit with the same numbers). */
  unknownLogins: UnknownLoginGuard;
  onUnreadableHash?: UnreadableHashHandler;
}

export interface StaffAuthDeps {
  clock: Clock;
  /** config.sessionSecret: the key of the stored TOTP secrets is derived from it. */
  secret: string;
}

const loginFailed = () => new DomainError(errorCodes.loginFailed, staffAuthMessages.loginFailed, 401);

export type StaffLoginNext = 'enrol' | 'verify';

/**
 * One staff member's password tries wait for each other in this process (not in the database), as
 * the row lock made them: a try being checked holds a place in the count, so parallel right ones
 * would otherwise find it full and be refused as locked.
 */
const passwordTries = oneAtATime();

const unlockedAt = (now: Date) => or(isNull(staff.lockedUntil), lte(staff.lockedUntil, now));

/**
 * Counts one try at the staff member's password before it is checked, in one atomic statement:
 * the try that makes five in a row locks the account in that same statement, so parallel guesses
 * can't slip past the limit, yet no row lock is held while argon2 runs (on PGlite's single
 * connection a lock held that long stalled every other query). `whileLocked: false` refuses the
 * try (counting nothing) while the account is locked; the row is then undefined. A process that
 * dies before the check leaves the try counted: the safe side.
 */
async function countPasswordTry(
  db: Db,
  staffId: string,
  now: Date,
  whileLocked: boolean,
): Promise<{ row: StaffRow; lockUntil?: Date } | undefined> {
  const lockUntil = new Date(now.getTime() + STAFF_LOCK_MS);
  const reachesLimit = sql`${staff.failedLogins} + 1 >= ${STAFF_MAX_FAILURES}`;
  const [row] = await db
    .update(staff)
    .set({
      failedLogins: sql`case when ${reachesLimit} then 0 else ${staff.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockUntil}::timestamptz else ${staff.lockedUntil} end`,
      updatedAt: now,
    })
    .where(whileLocked ? eq(staff.id, staffId) : and(eq(staff.id, staffId), unlockedAt(now)))
    .returning();
  if (!row) return undefined;
  // A count back at 0 after a try is the fifth: this try set the lock.
  return { row, ...(row.failedLogins === 0 ? { lockUntil } : {}) };
}

/**
 * The password step. Unknown e-mail and wrong password answer alike (401, after the same argon2
 * work). Five wrong passwords in a row lock the account for 15 minutes (429, even with the right
 * password). A disabled account learns so only from its right password.
 */
export async function staffPasswordStep(
  db: Db,
  deps: StaffLoginDeps,
  input: StaffLoginInput,
): Promise<{ staffId: string; next: StaffLoginNext }> {
  const email = normalizeStaffEmail(input.email);
  const found = await findStaffByEmail(db, email);
  // The system approver of deposit sales (0055) is no one to sign in as: it answers as an unknown
  // e-mail does, and the database refuses it a session anyway.
  if (!found || found.system) {
    await deps.unknownLogins.check(email);
    await burnVerify(input.password);
    await deps.unknownLogins.recordFailure(email);
    throw loginFailed();
  }
  return passwordTries(found.id, () => checkStaffPassword(db, deps, found, input));
}

async function checkStaffPassword(
  db: Db,
  deps: StaffLoginDeps,
  found: StaffRow,
  input: StaffLoginInput,
): Promise<{ staffId: string; next: StaffLoginNext }> {
  const now = deps.clock.now();
  const counted = await countPasswordTry(db, found.id, now, false);
  if (!counted) {
    const [row] = await db.select({ lockedUntil: staff.lockedUntil }).from(staff).where(eq(staff.id, found.id)).limit(1);
    if (!row) throw loginFailed();
    // Locked (or, if a right password lifted its own lock just now, until a moment ago: still refused).
    throw staffLocked(row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : new Date(now.getTime() + STAFF_LOCK_MS), now);
  }
  const { row, lockUntil } = counted;
  // A wrong one stays counted. The fifth still reads as a wrong password (as for customers); the
  // lock shows from the next try on.
  if (!(await verifySecret(row.passwordHash, input.password, deps.onUnreadableHash))) throw loginFailed();
  // The right password takes its try back: the count is cleared only once the second factor is
  // given too, so the right password alone doesn't buy five more code guesses.
  await db
    .update(staff)
    .set(
      lockUntil
        ? { failedLogins: STAFF_MAX_FAILURES - 1, lockedUntil: null }
        : { failedLogins: sql`greatest(${staff.failedLogins} - 1, 0)` },
    )
    .where(and(eq(staff.id, row.id), lockUntil ? eq(staff.lockedUntil, lockUntil) : unlockedAt(now)));
  if (row.disabledAt) throw new DomainError(staffErrorCodes.accountDisabled, staffAuthMessages.disabled, 403);
  return { staffId: found.id, next: row.totpEnabledAt ? 'verify' : 'enrol' };
}

const wrongStage = (message: string) => new DomainError(staffErrorCodes.wrongStage, message, 409);

export interface StaffEnrolmentDetails {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/**
 * The authenticator secret to scan. Asked again (a reload, a second tab), it returns the same
 * pending secret, so a QR code already scanned keeps working until enrolment completes.
 */
export async function startStaffEnrolment(db: Db, deps: StaffAuthDeps, staffId: string): Promise<StaffEnrolmentDetails> {
  const now = deps.clock.now();
  const secret = await db.transaction(async (tx) => {
    const row = await lockStaffRow(tx, staffId);
    if (!row) throw loginFailed();
    if (row.totpEnabledAt) throw wrongStage(staffAuthMessages.alreadyEnrolled);
    const pending = row.totpSecret ? decryptTotpSecret(deps.secret, row.id, row.totpSecret) : undefined;
    if (pending) return { plain: pending, email: row.email };
    const plain = newTotpSecret();
    await tx
      .update(staff)
      .set({ totpSecret: encryptTotpSecret(deps.secret, row.id, plain), updatedAt: now })
      .where(eq(staff.id, row.id));
    return { plain, email: row.email };
  });
  const otpauthUrl = totpUri(secret.plain, secret.email);
  return { secret: secret.plain, otpauthUrl, qrSvg: await totpQrSvg(otpauthUrl) };
}

/**
 * The second factor: `enrol` completes the set-up with the first code from the app, `verify`
 * checks a code at sign-in. A code's time step is remembered, so no code is accepted twice. Wrong
 * codes count with wrong passwords; the fifth locks the account for 15 minutes and ends its sessions.
 */
export async function staffCodeStep(
  db: Db,
  deps: StaffAuthDeps,
  staffId: string,
  mode: 'enrol' | 'verify',
  code: string,
  ip?: string,
): Promise<StaffPrincipal> {
  const now = deps.clock.now();
  const outcome = await db.transaction(async (tx): Promise<StaffPrincipal | DomainError> => {
    const row = await lockStaffRow(tx, staffId);
    if (!row || row.disabledAt) throw loginFailed();
    const until = lockedUntil(row, now);
    if (until) {
      await deleteStaffSessions(tx, row.id);
      return staffLocked(until, now, staffAuthMessages.tooManyCodes);
    }
    if (mode === 'enrol' && row.totpEnabledAt) throw wrongStage(staffAuthMessages.alreadyEnrolled);
    if (mode === 'verify' && !row.totpEnabledAt) throw wrongStage(staffAuthMessages.notEnrolled);
    const secret = row.totpSecret ? decryptTotpSecret(deps.secret, row.id, row.totpSecret) : undefined;
    if (!secret) throw wrongStage(staffAuthMessages.notEnrolled);
    const step = matchTotp(secret, code, now, row.totpLastStep);
    if (step === undefined) {
      const replayed = matchTotp(secret, code, now) !== undefined;
      // Returned, not thrown, so the count commits.
      if (await recordStaffFailure(tx, row, now, { endSessions: true })) {
        return staffLocked(new Date(now.getTime() + 15 * 60_000), now, staffAuthMessages.tooManyCodes);
      }
      return new DomainError(errorCodes.otpInvalid, replayed ? staffAuthMessages.codeUsed : staffAuthMessages.codeWrong, 400);
    }
    await tx
      .update(staff)
      .set({ totpLastStep: step, totpEnabledAt: row.totpEnabledAt ?? now, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(staff.id, row.id));
    const principal: StaffPrincipal = { id: row.id, email: row.email, name: row.name, role: row.role };
    if (mode === 'enrol')
      await recordStaffAction(tx, deps.clock, principal, { action: 'staff.totp_enrol', targetType: 'staff', targetId: row.id, ip });
    await recordStaffAction(tx, deps.clock, principal, { action: 'staff.login', targetType: 'staff', targetId: row.id, ip });
    return principal;
  });
  if (outcome instanceof DomainError) throw outcome;
  return outcome;
}

/**
 * Changes the password after checking the current one, clears "must change", and ends every other
 * session of the staff member. A wrong current password counts like a wrong code.
 */
export async function changeStaffPassword(
  db: Db,
  clock: Clock,
  actor: StaffPrincipal,
  keepSessionHash: string,
  input: StaffPasswordChangeInput,
  ip?: string,
): Promise<void> {
  const passwordHash = await hashSecret(input.new_password);
  await passwordTries(actor.id, () => replaceStaffPassword(db, clock, actor, keepSessionHash, input, passwordHash, ip));
}

async function replaceStaffPassword(
  db: Db,
  clock: Clock,
  actor: StaffPrincipal,
  keepSessionHash: string,
  input: StaffPasswordChangeInput,
  passwordHash: string,
  ip?: string,
): Promise<void> {
  const now = clock.now();
  // Counted even while the account is locked: a signed-in member may still change the password
  // after someone else's wrong guesses at sign-in locked it.
  const counted = await countPasswordTry(db, actor.id, now, true);
  if (!counted) throw loginFailed();
  if (!(await verifySecret(counted.row.passwordHash, input.current_password))) {
    if (!counted.lockUntil) {
      throw new DomainError(errorCodes.validation, staffAuthMessages.currentPasswordWrong, 400, {
        fields: { current_password: staffAuthMessages.currentPasswordWrong },
      });
    }
    await deleteStaffSessions(db, actor.id);
    throw staffLocked(counted.lockUntil, now, staffAuthMessages.tooManyCodes);
  }
  await db.transaction(async (tx) => {
    const row = await lockStaffRow(tx, actor.id);
    if (!row) throw loginFailed();
    await clearStaffFailures(tx, row, now);
    await tx.update(staff).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(staff.id, row.id));
    await deleteStaffSessions(tx, row.id, keepSessionHash);
    await recordStaffAction(tx, clock, actor, {
      action: 'staff.password_change',
      targetType: 'staff',
      targetId: row.id,
      before: { must_change_password: row.mustChangePassword },
      after: { must_change_password: false },
      ip,
    });
  });
}
