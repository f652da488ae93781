import { z } from 'zod';
import { PUSH_ENDPOINT_MAX_LENGTH, pushMessages, base64url } from './plain/push';

export {
  PUSH_SUBSCRIPTIONS_PER_CUSTOMER,
  PUSH_ENDPOINT_MAX_LENGTH,
  pushMessages,
  pushErrorCodes,
  pushTitles,
  pwaTexts,
} from './plain/push';

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
    p256dh: z
      .string({ error: pushMessages.p256dhInvalid })
      .regex(base64url(65), pushMessages.p256dhInvalid)
      .refine((v) => v.startsWith('B'), pushMessages.p256dhInvalid),
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
