import { sql } from 'drizzle-orm';
import { NOTIFICATION_MAX_LENGTH, type Language, type NotificationTopic } from '@wise/shared';
import type { Db } from '#server/db/client';
import { notifications } from '#server/db/schema/index';
import { publishInProcess } from '../events/hub';
import { languageOf, localize, type Localized } from '../i18n/language';

/**
 * Writes one notification for a customer. Call it with the transaction that made the change,
 * so the message exists exactly when the change does. Over-long texts are cut, never refused:
 * a notification must not be the reason a money flow fails.
 */
/**
 * Where a notification leads: the sale or bill order it is about (its row opens that transaction)
 * or, about none, the screen it concerns (its row opens that screen). Required, so that no notice
 * is written that the customer cannot act on.
 */
export type NotificationAbout = { saleId: string } | { billOrderId: string } | { topic: NotificationTopic };

/** `language`: the customer's, when the caller has just read their row (one statement fewer). */
export async function notify(db: Db, userId: string, message: Localized, about: NotificationAbout, language?: Language): Promise<void> {
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
      saleId: 'saleId' in about ? about.saleId : null,
      billOrderId: 'billOrderId' in about ? about.billOrderId : null,
      topic: 'topic' in about ? about.topic : null,
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: notifications.id });
  if (row) publishInProcess(userId, { type: 'notification', id: row.id });
}
