import { sql } from 'drizzle-orm';
import { NOTIFICATION_MAX_LENGTH } from '@wise/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

/**
 * Writes one notification for a customer. Call it with the transaction that made the change,
 * so the message exists exactly when the change does. Over-long texts are cut, never refused:
 * a notification must not be the reason a money flow fails.
 */
export async function notify(db: Db, userId: string, message: string): Promise<void> {
  const text = message.trim();
  if (!text) throw new Error('notify: empty message');
  const clipped = text.length > NOTIFICATION_MAX_LENGTH ? `${text.slice(0, NOTIFICATION_MAX_LENGTH - 1)}…` : text;
  // clock_timestamp, not now(): several notices written in one transaction keep their order.
  await db.insert(notifications).values({ userId, message: clipped, createdAt: sql`clock_timestamp()` });
}
