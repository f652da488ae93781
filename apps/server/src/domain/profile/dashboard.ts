import { eq } from 'drizzle-orm';
import type { DashboardResponse, PendingAction } from '@wise/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { hasBankDetails } from '../bank/service';
import { notFound } from '../errors';
import { getGemBalance } from '../gems/ledger';
import { unreadCount } from '../notifications/service';
import { hasPin } from '../pin/service';
import { photoUrl } from '../uploads/photos';

/** Everything the home screen shows in one answer (SPEC §1, §4 "Pending-action prompts"). */
export async function getDashboard(db: Db, userId: string): Promise<DashboardResponse> {
  const [user] = await db.select({ fullName: users.fullName, photo: users.photo }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  const [wallet, unread, pinSet, bankSet] = await Promise.all([
    getGemBalance(db, userId),
    unreadCount(db, userId),
    hasPin(db, userId),
    hasBankDetails(db, userId),
  ]);
  const pending: PendingAction[] = [];
  if (!pinSet) pending.push('set_pin');
  if (!user.photo) pending.push('upload_photo');
  if (!bankSet) pending.push('add_bank_details');
  return { full_name: user.fullName, photo: photoUrl(user.photo), wallet, unread_notifications: unread, pending_actions: pending };
}
