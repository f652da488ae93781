import { z } from 'zod';

/**
 * Web Push and the installable app (issue 13). These texts are not in SPEC: README's deviations
 * table lists them. The push message's body is the in-app notification's own words, so the two
 * never disagree; only the short title is new.
 */

/** A customer keeps at most this many browsers subscribed; a new one retires the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_CUSTOMER = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

export const pushMessages = {
  endpointInvalid: 'Enter a valid https push endpoint (at most 1000 characters).',
  p256dhInvalid: "The browser's push key must be a 65-byte P-256 key in base64url.",
  authInvalid: "The browser's push secret must be 16 bytes in base64url.",
  disabled: 'Notifications on this device are not available.',
  subscriptionNotFound: 'This device is not subscribed.',
} as const;

export const pushErrorCodes = { disabled: 'PUSH_DISABLED', notFound: 'PUSH_SUBSCRIPTION_NOT_FOUND' } as const;

/** The title shown above each push (the body is the notification text). */
export const pushTitles = {
  salePaid: 'Sale paid',
  saleRejected: 'Sale rejected',
  billSuccessful: 'Purchase successful',
  billFailed: 'Purchase failed',
} as const;

/** What the customer reads in the app about the installable app and notifications on this device. */
export const pwaTexts = {
  offlineTitle: "You're offline",
  offlineBody: 'Check your connection. What you see may be out of date, and nothing can be sent until you are back online.',
  offlineRetry: 'Retry',
  updateAvailable: 'A new version of Wise is available.',
  updateAction: 'Update',
  updateDismiss: 'Later',
  pushCardTitle: 'Notifications on this device',
  pushCardBody: 'Get told the moment a sale is paid or rejected, or a purchase settles.',
  pushTurnOn: 'Turn on',
  pushTurnOff: 'Turn off',
  pushOn: 'Notifications are on for this device.',
  pushBlocked: 'Notifications are blocked for Wise in your browser settings.',
  pushFailed: "Couldn't turn on notifications. Try again.",
} as const;

const base64url = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`);

/** A push service's https URL: a host (name or IPv4, optional port) and a path, printable ASCII only (no whitespace or control characters). */
const pushEndpointField = z
  .string({ error: pushMessages.endpointInvalid })
  .max(PUSH_ENDPOINT_MAX_LENGTH, { error: pushMessages.endpointInvalid })
  .regex(/^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:\/[!-~]*)?$/, { error: pushMessages.endpointInvalid });

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives (expirationTime is ignored). */
export const pushSubscribeRequestSchema = z.object({
  endpoint: pushEndpointField,
  keys: z.object({
    // An uncompressed P-256 point always starts with 0x04, i.e. "B" in base64url.
    p256dh: z.string({ error: pushMessages.p256dhInvalid }).regex(base64url(65), pushMessages.p256dhInvalid).refine((v) => v.startsWith('B'), pushMessages.p256dhInvalid),
    auth: z.string({ error: pushMessages.authInvalid }).regex(base64url(16), pushMessages.authInvalid),
  }),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

/** DELETE /api/push/subscriptions: the browser forgets its subscription by its endpoint. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: pushEndpointField });

/** GET /api/push/public-key: null when the server has no VAPID keys (then the app offers nothing). */
export const pushPublicKeyResponseSchema = z.object({ public_key: z.string().nullable() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponseSchema>;

export const pushSubscribeResponseSchema = z.object({ subscribed: z.literal(true) });
export const pushUnsubscribeResponseSchema = z.object({ subscribed: z.literal(false) });

/** What the service worker receives in a push (JSON): shown as a notification that opens `url`. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string().optional() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
