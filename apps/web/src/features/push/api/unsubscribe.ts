import { pushUnsubscribeResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** DELETE /api/push/subscriptions: forget this browser's subscription by its endpoint. */
export function deletePushSubscription(endpoint: string) {
  return api('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint },
    schema: import.meta.env.DEV ? pushUnsubscribeResponseSchema : undefined,
  });
}
