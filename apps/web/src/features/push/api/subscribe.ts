import { pushSubscribeResponseSchema, type PushSubscribeRequest } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/push/subscriptions: this browser's subscription (PushSubscription.toJSON()). */
export function postPushSubscription(subscription: PushSubscribeRequest) {
  return api('/api/push/subscriptions', {
    method: 'POST',
    body: subscription,
    schema: import.meta.env.DEV ? pushSubscribeResponseSchema : undefined,
  });
}
