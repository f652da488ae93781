import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DashboardResponse, PendingAction } from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { bankDetails, gemAccounts, notifications, transactionPins, users } from '#server/db/schema/index';
import { notFound } from '../errors';
import { photoUrl } from '../uploads/photos';

/**
 * Everything the home screen shows in one answer (docs/product.md §1, §4 "Pending-action prompts"), in one
 * statement: the name and photo, the available gem balance (the cached account balance, as
 * getGemBalance reads it), the unread count, and whether a PIN and bank details exist. Five
 * statements competing for the pool made this the slowest screen (docs/PERFORMANCE.md).
 */
const dashboardRow = (db: Db) =>
  prepared(db, 'dashboard', (d) =>
    d
      .select({
        fullName: users.fullName,
        photo: users.photo,
        // bigint as text: anything past 2^53 must fail loudly, not round (see toWallet).
        wallet: sql<
          string | null
        >`(select ${gemAccounts.balance}::text from ${gemAccounts} where ${and(eq(gemAccounts.userId, users.id), eq(gemAccounts.kind, 'available'))})`,
        unread: sql<number>`(select count(*)::int from ${notifications} where ${and(eq(notifications.userId, users.id), isNull(notifications.readAt))})`,
        pinSet: sql<boolean>`exists (select 1 from ${transactionPins} where ${eq(transactionPins.userId, users.id)})`,
        bankSet: sql<boolean>`exists (select 1 from ${bankDetails} where ${eq(bankDetails.userId, users.id)})`,
        kycTier: users.kycTier,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      // Prepared (db/prepared.ts): built once, not on every visit to the home screen.
      .prepare('dashboard'),
  );

export async function getDashboard(db: Db, userId: string): Promise<DashboardResponse> {
  const [row] = await dashboardRow(db).execute({ userId });
  if (!row) throw notFound();
  const pending: PendingAction[] = [];
  if (!row.pinSet) pending.push('set_pin');
  if (!row.photo) pending.push('upload_photo');
  if (!row.bankSet) pending.push('add_bank_details');
  if (row.kycTier < 1) pending.push('verify_identity');
  return {
    full_name: row.fullName,
    photo: photoUrl(row.photo),
    wallet: toWallet(row.wallet),
    unread_notifications: Number(row.unread),
    pending_actions: pending,
  };
}

function toWallet(balance: string | null): number {
  if (balance === null) return 0;
  const n = Number(balance);
  if (!Number.isSafeInteger(n)) throw new RangeError(`cached balance is not a safe integer: ${balance}`);
  return n;
}
