import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { otpCodes, passkeyChallenges, passwordResetTokens, reauthentications, sessions } from '../db/schema/index';

/**
 * Expired sign-in material is useless (every reader checks `expires_at` itself) and only grows
 * the tables: the `auth.purge_expired` job deletes it. Each table is trimmed by at most
 * `batchSize` rows per run, so one run never holds long locks; the next slot takes the rest.
 */

export const PURGE_BATCH_SIZE = 5000;

export interface ExpiredAuthPurge {
  sessions: number;
  otpCodes: number;
  passwordResetTokens: number;
  reauthentications: number;
  passkeyChallenges: number;
}

export async function purgeExpiredAuthRows(db: Db, now: Date, batchSize = PURGE_BATCH_SIZE): Promise<ExpiredAuthPurge> {
  const reauths = await db
    .delete(reauthentications)
    .where(
      inArray(
        reauthentications.sessionHash,
        db
          .select({ key: reauthentications.sessionHash })
          .from(reauthentications)
          .where(lt(reauthentications.expiresAt, now))
          .limit(batchSize),
      ),
    )
    .returning({ key: reauthentications.sessionHash });
  const sessionRows = await db
    .delete(sessions)
    .where(inArray(sessions.idHash, db.select({ key: sessions.idHash }).from(sessions).where(lt(sessions.expiresAt, now)).limit(batchSize)))
    .returning({ key: sessions.idHash });
  const otpRows = await db
    .delete(otpCodes)
    .where(inArray(otpCodes.id, db.select({ key: otpCodes.id }).from(otpCodes).where(lt(otpCodes.expiresAt, now)).limit(batchSize)))
    .returning({ key: otpCodes.id });
  const resetRows = await db
    .delete(passwordResetTokens)
    .where(
      inArray(
        passwordResetTokens.id,
        db.select({ key: passwordResetTokens.id }).from(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).limit(batchSize),
      ),
    )
    .returning({ key: passwordResetTokens.id });
  // Few at a time by nature (one per flow, five minutes each): one statement takes them all.
  const challengeRows = await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .returning({ key: passkeyChallenges.bindingHash });
  return {
    sessions: sessionRows.length,
    otpCodes: otpRows.length,
    passwordResetTokens: resetRows.length,
    reauthentications: reauths.length,
    passkeyChallenges: challengeRows.length,
  };
}
