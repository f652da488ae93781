import { and, desc, eq, isNull } from 'drizzle-orm';
import { authMessages, errorCodes, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_S, OTP_TTL_MS } from '@wise/shared';
import type { Db } from '#server/db/client';
import { otpCodes, type OtpPurpose } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { hmac, randomDigits, safeEqualHex } from '#server/lib/secrets';
import { DomainError, rateLimited } from '../errors';

export interface OtpDeps {
  clock: Clock;
  /** Keys the code hashes: a copied table can't be brute-forced offline for 4 digits. */
  secret: string;
}

interface OtpSubject {
  userId: string;
  purpose: OtpPurpose;
  target: string;
}

const codeHash = (secret: string, subject: OtpSubject, code: string) =>
  hmac(secret, `${subject.purpose}:${subject.userId}:${subject.target}:${code}`);

/**
 * Makes a fresh code for a user and purpose, retiring any earlier one, and returns it for sending.
 * Refuses while the last code is younger than the resend cooldown.
 */
export async function issueOtp(db: Db, deps: OtpDeps, subject: OtpSubject): Promise<string> {
  const now = deps.clock.now();
  const [latest] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, subject.userId), eq(otpCodes.purpose, subject.purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (latest) {
    const waitMs = latest.createdAt.getTime() + OTP_RESEND_COOLDOWN_S * 1000 - now.getTime();
    if (waitMs > 0) throw rateLimited(authMessages.otpResendWait, Math.ceil(waitMs / 1000));
  }
  const code = randomDigits(OTP_LENGTH);
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.userId, subject.userId), eq(otpCodes.purpose, subject.purpose), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      userId: subject.userId,
      purpose: subject.purpose,
      target: subject.target,
      codeHash: codeHash(deps.secret, subject, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      createdAt: now,
    });
  });
  return code;
}

/**
 * Checks a code against the user's live code for the purpose and consumes it on success.
 * Returns the target it was sent to. Wrong codes count; the fifth wrong one kills the code.
 */
export async function consumeOtp(
  db: Db,
  deps: OtpDeps,
  subject: Omit<OtpSubject, 'target'> & { target?: string },
  code: string,
): Promise<string> {
  const now = deps.clock.now();
  const outcome = await db.transaction(async (tx): Promise<{ target: string } | { failure: DomainError }> => {
    const [live] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, subject.userId), eq(otpCodes.purpose, subject.purpose), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for('update');
    if (!live) throw new DomainError(errorCodes.otpInvalid, authMessages.otpMissing, 400);
    if (live.expiresAt <= now) throw new DomainError(errorCodes.otpExpired, authMessages.otpExpired, 400);
    const expected = codeHash(deps.secret, { ...subject, target: live.target }, code);
    const targetMatches = subject.target === undefined || subject.target === live.target;
    if (targetMatches && safeEqualHex(live.codeHash, expected)) {
      await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, live.id));
      return { target: live.target };
    }
    const attempts = live.attempts + 1;
    const killed = attempts >= OTP_MAX_ATTEMPTS;
    await tx
      .update(otpCodes)
      .set({ attempts, consumedAt: killed ? now : null })
      .where(eq(otpCodes.id, live.id));
    // Returned, not thrown, so the attempt count above commits instead of rolling back.
    return {
      failure: killed
        ? new DomainError(errorCodes.otpLocked, authMessages.otpLocked, 400)
        : new DomainError(errorCodes.otpInvalid, authMessages.otpWrong, 400),
    };
  });
  if ('failure' in outcome) throw outcome.failure;
  return outcome.target;
}
