import { useMutation } from '@tanstack/react-query';
import { broadcastResponseSchema, type BroadcastInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';

/** POST /api/admin/broadcast → how many customers the notification was written for. */
export function sendBroadcast(input: BroadcastInput) {
  return adminApi('/broadcast', { method: 'POST', body: input, schema: broadcastResponseSchema });
}

export function useSendBroadcast() {
  return useMutation({ mutationFn: sendBroadcast });
}
