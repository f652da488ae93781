import { eq } from 'drizzle-orm';
import { profileMessages } from '@wise/shared';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/index';
import { verifySecret, type UnreadableHashHandler } from '#server/lib/passwords';
import { DomainError, notFound } from '../errors';

/** The code of a wrong password given to allow a sensitive change (the profile's PASSWORD_WRONG). */
export const PASSWORD_WRONG = 'PASSWORD_WRONG';

/**
 * The account's password, checked for a change a session cookie alone must not make (a rename,
 * a first payout account without a PIN, verifying again; docs/identity.md). A wrong one is a 400
 * on the `password` field; routes run it under the password limits (withPasswordLimits).
 */
export async function assertPassword(db: Db, userId: string, password: string, onUnreadableHash?: UnreadableHashHandler): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  if (!(await verifySecret(user.passwordHash, password, onUnreadableHash))) {
    throw new DomainError(PASSWORD_WRONG, profileMessages.passwordWrong, 400, { fields: { password: profileMessages.passwordWrong } });
  }
}
