import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationListQuery, type NotificationListResponse } from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { notifications } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { decodeCursor, encodeCursor } from '../transactions/service';

/** The list's query, one prepared statement (db/prepared.ts) per shape: first page or after a cursor. */
const notificationsPage = (db: Db, withCursor: boolean) =>
  prepared(db, `notifications_page_${Number(withCursor)}`, (d) => {
    const conditions: SQL[] = [eq(notifications.userId, sql.placeholder('userId'))];
    if (withCursor) {
      conditions.push(
        sql`(${notifications.createdAt}, ${notifications.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      );
    }
    return d
      .select({
        id: notifications.id,
        message: notifications.message,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        transactionId: sql<string | null>`coalesce(${notifications.saleId}, ${notifications.billOrderId})`,
        topic: notifications.topic,
        // created_at to the microsecond for the cursor; a JS Date would round it.
        cursorAt: sql<string>`to_char(${notifications.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(notifications)
      .where(and(...conditions))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare(`notifications_page_${Number(withCursor)}`);
  });

/**
 * The customer's notifications, newest first, keyset-paged on (created_at, id) — the order of
 * notifications_user_list_idx (0012), so a deep page costs what the first one does and a message
 * arriving meanwhile never shifts the next page.
 */
export async function listNotifications(db: Db, userId: string, query: NotificationListQuery = {}): Promise<NotificationListResponse> {
  const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One more than asked tells whether another page exists without a count.
  const rows = await notificationsPage(db, after !== undefined).execute({
    userId,
    afterAt: after?.at,
    afterId: after?.id,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    notifications: page.map((row) => ({
      id: row.id,
      message: row.message,
      date_created: row.createdAt.toISOString(),
      read: row.readAt !== null,
      transaction_id: row.transactionId,
      topic: row.topic,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Opening the list marks everything read, older pages not yet loaded included (one unread badge). */
export async function markAllRead(db: Db, clock: Clock, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
