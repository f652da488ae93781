import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  authMessages,
  errorCodes,
  LOGIN_LOCK_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  notificationTexts,
  RESET_TOKEN_TTL_MS,
  type LoginInput,
  type PasswordResetInput,
  type SignupInput,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { loginLockouts, passwordResetTokens, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { hashSecret, burnVerify, verifySecret, type UnreadableHashHandler } from '#server/lib/passwords';
import { randomToken, sha256 } from '#server/lib/secrets';
import type { Messenger } from '#server/providers/messaging/index';
import { DomainError, rateLimited } from '../errors';
import { notify } from '../notifications/notify';
import { recordReferral } from '../referrals/referrals';
import { passwordChangedEmail, passwordResetEmail, signupOtpEmail } from './emails';
import { consumeOtp, issueOtp, type OtpDeps } from './otp';
import { deleteUserSessions } from './sessions';
import { createUser, findUserByEmail, findUserByLogin, type UserRow } from './users';

export interface AuthDeps extends OtpDeps {
  messenger: Messenger;
  appUrl: string;
  /** Delivery failures are logged, not shown: the customer can always ask for a new code. */
  onDeliveryError: (error: unknown) => void;
}

async function deliver(deps: AuthDeps, message: Parameters<Messenger['send']>[0]): Promise<void> {
  try {
    await deps.messenger.send(message);
  } catch (error) {
    deps.onDeliveryError(error);
  }
}

/**
 * For answers that must not tell whether an account exists: the response doesn't wait for the
 * mail server, so its timing doesn't either. deliver() never rejects.
 */
function deliverInBackground(deps: AuthDeps, message: Parameters<Messenger['send']>[0]): void {
  void deliver(deps, message);
}

export async function signUp(db: Db, deps: AuthDeps, input: SignupInput): Promise<UserRow> {
  const user = await createUser(db, input);
  // Who invited them, if the link's code is a customer's; any other code is ignored (docs/features.md, "Referrals").
  await recordReferral(db, deps.clock, user.id, input.referral_code);
  const code = await issueOtp(db, deps, { userId: user.id, purpose: 'signup', target: user.email });
  await deliver(deps, signupOtpEmail(user.email, code, user.language));
  return user;
}

const signupCodeRefused = () => new DomainError(errorCodes.otpInvalid, authMessages.signupCodeRefused, 400);

/**
 * Verifies the sign-up code. Every failure (no such account, already verified, no live code,
 * expired, wrong, too many tries) gets one answer, so this can't be used to find out which
 * addresses have accounts. Wrong codes still count against the live code.
 */
export async function verifySignup(db: Db, deps: AuthDeps, email: string, code: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.emailVerifiedAt) throw signupCodeRefused();
  try {
    await consumeOtp(db, deps, { userId: user.id, purpose: 'signup' }, code);
  } catch (error) {
    if (error instanceof DomainError) throw signupCodeRefused();
    throw error;
  }
  await db.update(users).set({ emailVerifiedAt: deps.clock.now() }).where(eq(users.id, user.id));
}

/**
 * Sends a fresh sign-up code when the address has an account still waiting for verification;
 * for any other address (none, or already verified) it does nothing and answers the same. The
 * caller applies the same 60-second cooldown to every address for the same reason.
 */
export async function resendSignupOtp(db: Db, deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.emailVerifiedAt) return;
  const code = await issueOtp(db, deps, { userId: user.id, purpose: 'signup', target: user.email });
  deliverInBackground(deps, signupOtpEmail(user.email, code, user.language));
}

export type LoginOutcome = { kind: 'ok'; user: UserRow } | { kind: 'failed' } | { kind: 'unverified'; user: UserRow };

/**
 * The lockout an identifier with no account gets, kept by the caller (a rate limit with the same
 * numbers): without it the sixth try would answer 401 where a real account answers 429.
 */
export interface UnknownLoginGuard {
  /** Throws the same 429 as a locked account once this identifier has used its tries. */
  check(identifier: string): Promise<void>;
  recordFailure(identifier: string): Promise<void>;
}

export interface LoginDeps {
  clock: Clock;
  unknownLogins: UnknownLoginGuard;
  /** A stored hash that can't be read is a broken row: the login fails as a wrong password and this logs it. */
  onUnreadableHash?: UnreadableHashHandler;
}

/** Staff locked the account (back office): the customer is told so, and to contact support. */
export const accountLocked = () => new DomainError(errorCodes.accountLocked, authMessages.accountLocked, 403);

export const loginLocked = (until: Date, now: Date) =>
  rateLimited(authMessages.loginThrottled, Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));

/**
 * Checks credentials under the account's lockout (docs/decisions.md §3): 5 wrong passwords within 15
 * minutes of the first one lock the account, whichever identifier was typed, until those 15
 * minutes end; while locked even the right password is refused (429). The count lives in the
 * database, so nothing in memory can erase it. An unknown identifier spends an argon2 check like
 * a real one and answers alike.
 *
 * Every try is counted *before* its password is checked, in one atomic statement that refuses the
 * try once the window holds 5: parallel guesses can't slip past the count, yet no row lock is held
 * while argon2 runs. (It used to be: the count was read FOR UPDATE and the ~10 ms check ran inside
 * that transaction, so logins to one account queued one behind another and, on PGlite's single
 * connection, held up every other query meanwhile.) The right password then clears the count,
 * as before; a wrong one leaves the try counted.
 */
export async function authenticate(db: Db, deps: LoginDeps, input: LoginInput): Promise<LoginOutcome> {
  const identifier = input.email_or_phone.trim().toLowerCase();
  const user = await findUserByLogin(db, input.email_or_phone);
  if (!user) {
    await deps.unknownLogins.check(identifier);
    await burnVerify(input.password);
    await deps.unknownLogins.recordFailure(identifier);
    return { kind: 'failed' };
  }
  const now = deps.clock.now();
  const lockedUntil = await countLoginTry(db, user.id, now);
  if (lockedUntil) throw loginLocked(lockedUntil, now);
  if (!(await verifySecret(user.passwordHash, input.password, deps.onUnreadableHash))) return { kind: 'failed' };
  await clearLoginFailures(db, user.id);
  // Told only after the right password, so the lock doesn't reveal itself to someone guessing.
  if (user.lockedAt) throw accountLocked();
  return user.emailVerifiedAt ? { kind: 'ok', user } : { kind: 'unverified', user };
}

const countedLoginTry = (db: Db) =>
  prepared(db, 'login_try_count', (d) => {
    const now = sql.placeholder('now');
    // The stored row's window is live when it started less than 15 minutes ago (NULL: no window).
    const live = sql`coalesce(${loginLockouts.windowStartedAt} > ${sql.placeholder('windowOpenedAfter')}::timestamptz, false)`;
    return d
      .insert(loginLockouts)
      .values({ userId: sql.placeholder('userId'), failedAttempts: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginLockouts.userId,
        set: {
          failedAttempts: sql`case when ${live} then ${loginLockouts.failedAttempts} + 1 else 1 end`,
          windowStartedAt: sql`case when ${live} then ${loginLockouts.windowStartedAt} else ${now}::timestamptz end`,
        },
        setWhere: sql`not (${live} and ${loginLockouts.failedAttempts} >= ${LOGIN_MAX_FAILURES})`,
      })
      .returning({ userId: loginLockouts.userId })
      .prepare('login_try_count');
  });

/**
 * Counts one login try against the account's window (started by the first try after a clear,
 * ending 15 minutes later) and answers undefined, or, when the window already holds
 * LOGIN_MAX_FAILURES tries, counts nothing and answers when the lock ends.
 */
async function countLoginTry(db: Db, userId: string, now: Date): Promise<Date | undefined> {
  const windowOpenedAfter = new Date(now.getTime() - LOGIN_LOCK_WINDOW_MS);
  const counted = await countedLoginTry(db).execute({ userId, now, windowOpenedAfter });
  if (counted.length > 0) return undefined;
  const [row] = await db
    .select({ windowStartedAt: loginLockouts.windowStartedAt })
    .from(loginLockouts)
    .where(eq(loginLockouts.userId, userId));
  // Refused above means a live window, so it has a start; `now` only guards a reset racing us.
  return new Date((row?.windowStartedAt ?? now).getTime() + LOGIN_LOCK_WINDOW_MS);
}

/**
 * When the account's login is locked by wrong passwords (a live window holding
 * LOGIN_MAX_FAILURES tries), the end of that lock; undefined otherwise. Counts nothing: a passkey
 * sign-in is refused while the lock lasts, like the right password is.
 */
export async function loginLockedUntil(db: Db, userId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db.select().from(loginLockouts).where(eq(loginLockouts.userId, userId)).limit(1);
  if (!row?.windowStartedAt || row.failedAttempts < LOGIN_MAX_FAILURES) return undefined;
  const until = new Date(row.windowStartedAt.getTime() + LOGIN_LOCK_WINDOW_MS);
  return until.getTime() > now.getTime() ? until : undefined;
}

const clearedLockout = (db: Db) =>
  prepared(db, 'login_lockout_clear', (d) =>
    d
      .update(loginLockouts)
      .set({ failedAttempts: 0, windowStartedAt: null })
      .where(eq(loginLockouts.userId, sql.placeholder('userId')))
      .prepare('login_lockout_clear'),
  );

/** A successful sign-in clears the wrong-password count, as the right password does. */
export async function clearLoginFailures(db: Db, userId: string): Promise<void> {
  await clearedLockout(db).execute({ userId });
}

/** An unverified login gets a fresh code unless one was sent moments ago. */
export async function resendAfterUnverifiedLogin(db: Db, deps: AuthDeps, user: UserRow): Promise<void> {
  try {
    const code = await issueOtp(db, deps, { userId: user.id, purpose: 'signup', target: user.email });
    await deliver(deps, signupOtpEmail(user.email, code, user.language));
  } catch (error) {
    if (!(error instanceof DomainError && error.code === errorCodes.rateLimited)) throw error;
  }
}

/** E-mails a single-use reset link; older links stop working. Unknown addresses: silently nothing. */
export async function requestPasswordReset(db: Db, deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomToken();
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  const link = `${deps.appUrl}/passwordreset/newpassword?token=${encodeURIComponent(token)}`;
  deliverInBackground(deps, passwordResetEmail(user.email, link, user.language));
}

const invalidResetToken = () => new DomainError(errorCodes.resetTokenInvalid, authMessages.resetTokenInvalid, 400);

/** Sets the new password, burns the token and ends every session of the account. */
export async function resetPassword(db: Db, deps: AuthDeps, input: PasswordResetInput): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashSecret(input.new_password);
  const changed = await db.transaction(async (tx) => {
    const [token] = await tx
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .limit(1)
      .for('update');
    if (!token) throw invalidResetToken();
    const [newest] = await tx
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, token.userId))
      .orderBy(desc(passwordResetTokens.createdAt))
      .limit(1);
    if (newest?.id !== token.id) throw invalidResetToken();
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, token.id));
    // Proving control of the inbox also proves the e-mail address.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, token.userId))
      .returning({ email: users.email, language: users.language });
    await deleteUserSessions(tx, token.userId);
    // Whoever proves the inbox gets their login back, whatever an attacker's guesses counted.
    await tx.delete(loginLockouts).where(eq(loginLockouts.userId, token.userId));
    await notify(tx, token.userId, notificationTexts.passwordChanged, { topic: 'security' });
    return user;
  });
  if (changed) await deliver(deps, passwordChangedEmail(changed.email, changed.language));
}
