import { eq } from 'drizzle-orm';
import { capitalizeFirst, NOTIFICATION_MAX_LENGTH, type Language, type PushPayload } from '@wise/shared';
import type { Db } from '#server/db/client';
import { pushSubscriptions } from '#server/db/schema/index';
import { enqueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import { languageOf, localize, type Localized } from '../i18n/language';

/**
 * The push that accompanies an in-app notification about money (a sale paid or rejected, a bill
 * order settled). Call it in the transaction that writes the notification: the delivery jobs
 * exist exactly when the event committed. One job per subscribed browser, so a browser that is
 * slow or gone never makes another one receive the message twice on a retry. A customer with no
 * subscription — every customer while the server has no VAPID keys, since subscribing is refused
 * then — gets no job at all.
 */

export const SEND_PUSH_JOB = 'push.send';
/** Retries with the queue's back-off (10 s, 20 s, 40 s … ≈ 5 min in all); the message is stale after that. */
export const PUSH_MAX_ATTEMPTS = 6;

export interface PushNotice {
  title: Localized;
  /** The notification's own words (written with notify()); capitalised as the list shows them. */
  message: Localized;
  /** The screen to open, e.g. the transaction's detail. */
  url: string;
  /** Same tag, same notification on the device: a later message about one transaction replaces the earlier one. */
  tag?: string;
}

export interface PushJobPayload extends PushPayload {
  subscriptionId: string;
}

const clip = (text: string) => (text.length > NOTIFICATION_MAX_LENGTH ? `${text.slice(0, NOTIFICATION_MAX_LENGTH - 1)}…` : text);

/**
 * The transaction's detail screen (a sale or a bill order): the path a push opens in the app, or
 * with the app's address in front, the link an e-mail or a notification carries.
 */
export const transactionUrl = (id: string, appUrl = '') => `${appUrl.replace(/\/$/, '')}/homepage/history/${encodeURIComponent(id)}`;

export async function enqueuePush(tx: Db, clock: Clock, userId: string, notice: PushNotice, knownLanguage?: Language): Promise<number> {
  const targets = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (targets.length === 0) return 0;
  // In the customer's language (users.language, docs/i18n.md), like the notification it goes with.
  const language = knownLanguage ?? (await languageOf(tx, userId));
  const title = localize(notice.title, language);
  const body = clip(capitalizeFirst(localize(notice.message, language).trim()));
  for (const target of targets) {
    const payload: PushJobPayload = { subscriptionId: target.id, title, body, url: notice.url, ...(notice.tag ? { tag: notice.tag } : {}) };
    await enqueue(tx, SEND_PUSH_JOB, payload, { maxAttempts: PUSH_MAX_ATTEMPTS, clock });
  }
  return targets.length;
}
