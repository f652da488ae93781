import { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { VapidConfig } from '#server/config';
import { pushSubscriptions } from '#server/db/schema/index';
import type { JobSet } from '#server/jobs/worker';
import { timeProviderCall } from '#server/lib/metrics';
import { PermanentJobError } from '#server/jobs/worker';
import { BlockedPushAddressError, guardedLookup, isAllowedPushEndpoint } from './endpoint-policy';
import { SEND_PUSH_JOB, type PushJobPayload } from './notify';

/**
 * The job that delivers one push to one browser (RFC 8030, encrypted per RFC 8291 by `web-push`,
 * signed with our VAPID key). The push service's answer decides:
 * - 201: delivered; the subscription's last success is recorded.
 * - 404 / 410: the browser unsubscribed or the subscription expired: it is deleted.
 * - 429, 5xx, a timeout or a network error: thrown, so the queue retries with its back-off.
 * - any other 4xx (a malformed request, a key the service refuses): no retry can fix it.
 * Only the push services' own hosts are reached, at public addresses checked as the socket
 * connects (endpoint-policy.ts); a subscription naming anything else is deleted unsent, and a host
 * resolving to a private address is not retried.
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
  /** A CA to trust besides the system's (tests trust their local fake's certificate). */
  ca?: string | Buffer;
  /** PUSH_ENDPOINT_TEST_HOSTS (tests only; the configuration refuses it elsewhere). */
  testHosts?: readonly string[];
  /** Name resolution (tests point a push service's name at an address of their choosing). */
  resolver?: Parameters<typeof guardedLookup>[1];
  timeoutMs?: number;
}

/** Status codes after which the same request may succeed later. */
const retryable = (status: number) => status === 429 || status >= 500;

export function pushJobs(vapid: VapidConfig | undefined, options: PushJobOptions = {}): JobSet {
  const testHosts = options.testHosts ?? [];
  // Every push leaves through this agent: its sockets connect only to addresses our lookup checked.
  const agent = new Agent({
    keepAlive: true,
    lookup: guardedLookup(testHosts, options.resolver),
    ...(options.ca ? { ca: options.ca } : {}),
  });
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
          // Stored before the allow-list existed (or the list changed): never sent, forgotten.
          if (!isAllowedPushEndpoint(subscription.endpoint, testHosts)) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
            logger.warn({ subscriptionId: subscription.id }, 'push subscription is not at a push service; deleted unsent');
            return;
          }
          const message = JSON.stringify({
            title: payload.title,
            body: payload.body,
            url: payload.url,
            ...(payload.tag ? { tag: payload.tag } : {}),
          });
          // Loaded with the first notification, not at start (≈ 10 MB of RSS a deployment without keys never needs).
          const { default: webpush } = await import('web-push');
          try {
            // Timed as a provider call; its span names the push service's host, never the endpoint's path (the subscription's id).
            await timeProviderCall(
              'web_push',
              'POST',
              () =>
                webpush.sendNotification(
                  { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
                  message,
                  {
                    vapidDetails: vapid,
                    TTL: TIME_TO_LIVE_S,
                    urgency: 'high',
                    contentEncoding: 'aes128gcm',
                    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
                    agent,
                  },
                ),
              {
                ofResult: (result) => ({ outcome: 'ok', status: result.statusCode }),
                ofError: (error) =>
                  error instanceof webpush.WebPushError
                    ? { outcome: error.statusCode >= 500 ? 'http_5xx' : 'http_4xx', status: error.statusCode }
                    : { outcome: error instanceof Error && /timeout/i.test(error.message) ? 'timeout' : 'network_error' },
              },
              { 'http.request.method': 'POST', 'server.address': new URL(subscription.endpoint).hostname },
            );
          } catch (error) {
            // The host resolved to a private address: no retry makes that a push service.
            if (error instanceof BlockedPushAddressError) throw new PermanentJobError(error.message, { cause: error });
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
