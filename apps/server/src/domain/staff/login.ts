import { eq } from 'drizzle-orm';
import { errorCodes } from '@wise/shared';
import { staffAuthMessages, staffErrorCodes, type StaffLoginInput, type StaffPasswordChangeInput } from '@wise/shared/admin';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema/admin';
import type { Clock } from '../../lib/clock';
import { burnVerify, hashSecret, verifySecret, type UnreadableHashHandler } from '../../lib/passwords';
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
  staffLocked,
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
 * The password step. Unknown e-mail and wrong password answer alike (401, after the same argon2
 * work). Five wrong passwords in a row lock the account for 15 minutes (429, even with the right
 * password). A disabled account learns so only from its right password.
 */
export async function staffPasswordStep(db: Db, deps: StaffLoginDeps, input: StaffLoginInput): Promise<{ staffId: string; next: StaffLoginNext }> {
  const email = normalizeStaffEmail(input.email);
  const found = await findStaffByEmail(db, email);
  if (!found) {
    await deps.unknownLogins.check(email);
    await burnVerify(input.password);
    await deps.unknownLogins.recordFailure(email);
    throw loginFailed();
  }
  const now = deps.clock.now();
  const outcome = await db.transaction(async (tx) => {
    const row = await lockStaffRow(tx, found.id);
    if (!row) return { kind: 'failed' as const };
    const until = lockedUntil(row, now);
    if (until) return { kind: 'locked' as const, until };
    if (!(await verifySecret(row.passwordHash, input.password, deps.onUnreadableHash))) {
      // Returned, not thrown, so the count commits. The fifth still reads as a wrong password (as
      // for customers); the lock shows from the next try on.
      await recordStaffFailure(tx, row, now, { endSessions: false });
      return { kind: 'failed' as const };
    }
    if (row.disabledAt) return { kind: 'disabled' as const };
    // The count is cleared only once the second factor is given too: the right password alone
    // doesn't buy five more code guesses.
    return { kind: 'ok' as const, next: (row.totpEnabledAt ? 'verify' : 'enrol') as StaffLoginNext };
  });
  if (outcome.kind === 'locked') throw staffLocked(outcome.until, now);
  if (outcome.kind === 'failed') throw loginFailed();
  if (outcome.kind === 'disabled') throw new DomainError(staffErrorCodes.accountDisabled, staffAuthMessages.disabled, 403);
  return { staffId: found.id, next: outcome.next };
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
    if (mode === 'enrol') await recordStaffAction(tx, deps.clock, principal, { action: 'staff.totp_enrol', targetType: 'staff', targetId: row.id, ip });
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
  const now = clock.now();
  const passwordHash = await hashSecret(input.new_password);
  const failure = await db.transaction(async (tx): Promise<DomainError | undefined> => {
    const row = await lockStaffRow(tx, actor.id);
    if (!row) throw loginFailed();
    if (!(await verifySecret(row.passwordHash, input.current_password))) {
      const locked = await recordStaffFailure(tx, row, now, { endSessions: true });
      return locked
        ? staffLocked(new Date(now.getTime() + 15 * 60_000), now, staffAuthMessages.tooManyCodes)
        : new DomainError(errorCodes.validation, staffAuthMessages.currentPasswordWrong, 400, {
            fields: { current_password: staffAuthMessages.currentPasswordWrong },
          });
    }
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
    return undefined;
  });
  if (failure) throw failure;
}
