import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  notificationTexts,
  PIN_LOCK_MS,
  PIN_MAX_ATTEMPTS,
  pinErrorCodes,
  pinMessages,
  type PinStatusResponse,
  type SetPinInput,
  textsIn,
  defaultLanguage,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { bankDetails, transactionPins, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { oneAtATime } from '#server/lib/concurrency';
import { hashSecret, verifySecret } from '#server/lib/passwords';
import { deleteUserSessions } from '../auth/sessions';
import { DomainError, validationError } from '../errors';
import { enqueueEmail } from '../notifications/email';
import { notify } from '../notifications/notify';
import { consumeReauth, hasRecentReauth } from '../profile/service';

const minutesLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export const pinLocked = (until: Date, now: Date) =>
  new DomainError(pinErrorCodes.locked, pinMessages.locked(minutesLeft(until, now)), 423, {
    retryAfterS: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    words: (language) => textsIn(pinMessages, language).locked(minutesLeft(until, now)),
  });
export const pinNotSet = () => new DomainError(pinErrorCodes.notSet, pinMessages.notSet, 400);

export async function hasPin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: transactionPins.userId })
    .from(transactionPins)
    .where(eq(transactionPins.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** docs/product.md §3: pin_status is `pending` until a PIN is set. */
export async function getPinStatus(db: Db, userId: string): Promise<PinStatusResponse> {
  return { pin_status: (await hasPin(db, userId)) ? 'set' : 'pending' };
}

/** A customer's PIN tries in this process, one after another. */
const pinTries = oneAtATime();

/**
 * Checks a PIN. Five wrong ones lock PIN use for 15 minutes (docs/decisions.md §3); while locked even the
 * right PIN is refused.
 *
 * Every try is counted *before* its PIN is checked, in one atomic statement that refuses it while
 * the PIN is locked, and the try that makes five sets the lock in that same statement: parallel
 * guesses can't slip past the limit, yet no row lock is held while argon2 runs (on PGlite's single
 * connection a lock held that long stalled every other query). A right PIN then clears the count,
 * and lifts the lock its own try set; a wrong one leaves its try counted. A process that dies in
 * between leaves the try counted (and at five, the PIN locked): the safe side.
 *
 * One customer's tries wait for each other in this process (not in the database), as the row lock
 * made them: a try still being checked holds a place in the count, so without the wait a burst of
 * right PINs (parallel payments) would find the count full and be refused as locked.
 */
export function verifyPin(db: Db, clock: Clock, userId: string, pin: string): Promise<void> {
  return pinTries(userId, () => checkPin(db, clock, userId, pin));
}

async function checkPin(db: Db, clock: Clock, userId: string, pin: string): Promise<void> {
  const now = clock.now();
  const lockUntil = new Date(now.getTime() + PIN_LOCK_MS);
  const reachesLimit = sql`${transactionPins.failedAttempts} + 1 >= ${PIN_MAX_ATTEMPTS}`;
  const unlocked = or(isNull(transactionPins.lockedUntil), lte(transactionPins.lockedUntil, now));
  const [counted] = await db
    .update(transactionPins)
    .set({
      failedAttempts: sql`case when ${reachesLimit} then 0 else ${transactionPins.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockUntil}::timestamptz else null end`,
    })
    .where(and(eq(transactionPins.userId, userId), unlocked))
    .returning({
      pinHash: transactionPins.pinHash,
      failedAttempts: transactionPins.failedAttempts,
      lockedUntil: transactionPins.lockedUntil,
    });
  if (!counted) {
    const [row] = await db
      .select({ lockedUntil: transactionPins.lockedUntil })
      .from(transactionPins)
      .where(eq(transactionPins.userId, userId))
      .limit(1);
    if (!row) throw pinNotSet();
    // Locked (or, if a right PIN lifted the lock just now, locked until a moment ago: still refused).
    throw pinLocked(row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : lockUntil, now);
  }
  const setLock = counted.lockedUntil !== null;
  if (await verifySecret(counted.pinHash, pin)) {
    // Clears the count unless a parallel wrong try locked the PIN meanwhile (then the lock stands).
    await db
      .update(transactionPins)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(and(eq(transactionPins.userId, userId), setLock ? or(unlocked, eq(transactionPins.lockedUntil, lockUntil)) : unlocked));
    return;
  }
  if (setLock) throw pinLocked(lockUntil, now);
  const left = PIN_MAX_ATTEMPTS - counted.failedAttempts;
  throw new DomainError(pinErrorCodes.wrong, pinMessages.wrong(left), 400, {
    fields: { pin: pinMessages.wrong(left) },
    words: (language) => textsIn(pinMessages, language).wrong(left),
  });
}

async function hasPayoutAccount(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: bankDetails.userId }).from(bankDetails).where(eq(bankDetails.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * Sets the PIN, or changes it: a PIN that exists can only be replaced by someone who knows it
 * (a deviation from the product rules, where anyone holding the session could overwrite it). Once bank details
 * exist, a first PIN needs the password confirmed in this session (POST /api/profile/password/confirm,
 * as for a phone change): the PIN can move payouts, so a stolen cookie alone must not set it.
 * A changed PIN, or a first one guarding bank details, ends the customer's other sessions and is
 * e-mailed to them.
 */
export async function setPin(db: Db, clock: Clock, userId: string, sessionHash: string, input: SetPinInput): Promise<'set' | 'changed'> {
  const existing = await hasPin(db, userId);
  const guardsPayouts = !existing && (await hasPayoutAccount(db, userId));
  if (guardsPayouts && !(await hasRecentReauth(db, clock, userId, sessionHash))) {
    throw new DomainError(pinErrorCodes.reauthRequired, pinMessages.reauthRequired, 403);
  }
  if (existing) {
    if (!input.current_pin) throw validationError(pinMessages.currentRequired, { current_pin: pinMessages.currentRequired });
    try {
      await verifyPin(db, clock, userId, input.current_pin);
    } catch (error) {
      // The wrong PIN here is the current one: point the form at that field.
      if (error instanceof DomainError && error.code === pinErrorCodes.wrong) {
        throw new DomainError(error.code, error.message, error.status, { fields: { current_pin: error.message } });
      }
      throw error;
    }
  }
  const pinHash = await hashSecret(input.pin);
  const now = clock.now();
  await db.transaction(async (tx) => {
    if (existing) {
      await tx
        .update(transactionPins)
        .set({ pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: now })
        .where(eq(transactionPins.userId, userId));
    } else {
      const inserted = await tx
        .insert(transactionPins)
        .values({ userId, pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: now })
        .onConflictDoNothing()
        .returning({ userId: transactionPins.userId });
      // A parallel request set it first: from now on only the current PIN can change it.
      if (inserted.length === 0) {
        throw validationError(pinMessages.currentRequired, { current_pin: pinMessages.currentRequired });
      }
    }
    await notify(tx, userId, existing ? notificationTexts.pinChanged : notificationTexts.pinSet, { topic: 'pin' });
    if (existing || guardsPayouts) {
      await consumeReauth(tx, userId);
      await deleteUserSessions(tx, userId, sessionHash);
      const [user] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
      const t = textsIn(pinMessages, user?.language ?? defaultLanguage);
      if (user) await enqueueEmail(tx, clock, { to: user.email, subject: t.changedEmailSubject, text: t.changedEmailText });
    }
  });
  return existing ? 'changed' : 'set';
}
