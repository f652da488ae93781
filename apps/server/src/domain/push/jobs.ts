import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { VapidConfig } from '../../config';
import { pushSubscriptions } from '../../db/schema/index';
import type { JobSet } from '../../jobs/app-jobs';
import { PermanentJobError } from '../../jobs/worker';
import { SEND_PUSH_JOB, type PushJobPayload } from './notify';

/**
 * The job that delivers one push to one browser (RFC 8030, encrypted per RFC 8291 by `web-push`,
 * signed with our VAPID key). The push service's answer decides:
 * - 201: delivered; the subscription's last success is recorded.
 * - 404 / 410: the browser unsubscribed or the subscription expired: it is deleted.
 * - 429, 5xx, a timeout or a network error: thrown, so the queue retries with its back-off.
 * - any other 4xx (a malformed request, a key the service refuses): no retry can fix it.
 */

/** Long enough for a phone that is off for a night; a sale's news is stale after that. */
const TIME_TO_LIVE_S = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

const payloadSchema = z.object({
  subscriptionId: z.uuid(),
  title: z.string().min(1),
  body: z.string().min(1),
  url: z.string().startsWith('/'),
  tag: z.string().optional(),
});

export interface PushJobOptions {
  /** TLS settings for the push service (tests trust their local fake's certificate). */
  agent?: Agent;
  timeoutMs?: number;
}

/** Status codes after which the same request may succeed later. */
const retryable = (status: number) => status === 429 || status >= 500;

export function pushJobs(vapid: VapidConfig | undefined, options: PushJobOptions = {}): JobSet {
  return {
    jobs: [
      {
        name: SEND_PUSH_JOB,
        payload: payloadSchema,
        handler: async (payload: PushJobPayload, { db, clock, logger }) => {
          const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, payload.subscriptionId)).limit(1);
          // Unsubscribed (or replaced) since the event: nobody to tell.
          if (!subscription) return;
          // Subscribing is refused without keys, so this happens only if the keys were removed
          // after customers subscribed: the job is dropped rather than left queued for ever.
          if (!vapid) {
            logger.warn({ subscriptionId: subscription.id }, 'push not sent: VAPID keys are not configured');
            return;
          }
          const message = JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, ...(payload.tag ? { tag: payload.tag } : {}) });
          // Loaded with the first notification, not at start (≈ 10 MB of RSS a deployment without keys never needs).
          const { default: webpush } = await import('web-push');
          try {
            await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, message, {
              vapidDetails: vapid,
              TTL: TIME_TO_LIVE_S,
              urgency: 'high',
              contentEncoding: 'aes128gcm',
              timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
              ...(options.agent ? { agent: options.agent } : {}),
            });
          } catch (error) {
            if (!(error instanceof webpush.WebPushError)) throw error; // network error or timeout: retried
            if (error.statusCode === 404 || error.statusCode === 410) {
              await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
              logger.info({ subscriptionId: subscription.id, status: error.statusCode }, 'push subscription gone; deleted');
              return;
            }
            const detail = `push service answered ${error.statusCode}`;
            if (retryable(error.statusCode)) throw new Error(detail, { cause: error });
            throw new PermanentJobError(detail, { cause: error });
          }
          // Never before the subscription itself: instances' clocks may differ by a little.
          const at = new Date(Math.max(clock.now().getTime(), subscription.createdAt.getTime()));
          await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, subscription.id));
        },
      },
    ],
    schedules: [],
  };
}
