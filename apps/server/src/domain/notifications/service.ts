import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '@wise/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';

/** The customer's notifications, newest first. */
export async function listNotifications(db: Db, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    date_created: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Opening the list marks everything in it read. */
export async function markAllRead(db: Db, clock: Clock, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
