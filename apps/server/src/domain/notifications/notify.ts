import { sql } from 'drizzle-orm';
import { NOTIFICATION_MAX_LENGTH, type Language } from '@wise/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { publishInProcess } from '../events/hub';
import { languageOf, localize, type Localized } from '../i18n/language';

/**
 * Writes one notification for a customer. Call it with the transaction that made the change,
 * so the message exists exactly when the change does. Over-long texts are cut, never refused:
 * a notification must not be the reason a money flow fails.
 */
/** The sale or bill order a notification is about: its row in the list opens that transaction. */
export type NotificationAbout = { saleId: string } | { billOrderId: string };

/** `language`: the customer's, when the caller has just read their row (one statement fewer). */
export async function notify(db: Db, userId: string, message: Localized, about?: NotificationAbout, language?: Language): Promise<void> {
  // Written once, so in the language the customer reads now (users.language, docs/i18n.md).
  const text = localize(message, language ?? (await languageOf(db, userId))).trim();
  if (!text) throw new Error('notify: empty message');
  const clipped = text.length > NOTIFICATION_MAX_LENGTH ? `${text.slice(0, NOTIFICATION_MAX_LENGTH - 1)}…` : text;
  // clock_timestamp, not now(): several notices written in one transaction keep their order.
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      message: clipped,
      saleId: about && 'saleId' in about ? about.saleId : null,
      billOrderId: about && 'billOrderId' in about ? about.billOrderId : null,
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: notifications.id });
  if (row) publishInProcess(userId, { type: 'notification', id: row.id });
}
