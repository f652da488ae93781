import { queryOptions, useQuery } from '@tanstack/react-query';
import { pinStatusResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { pinKeys } from './keys';

/** GET /api/pin/status → { pin_status: 'pending' | 'set' }. */
export function getPinStatus(signal?: AbortSignal) {
  return api('/api/pin/status', { schema: import.meta.env.DEV ? pinStatusResponseSchema : undefined, signal });
}

export const pinStatusQueryOptions = () => queryOptions({ queryKey: pinKeys.status(), queryFn: ({ signal }) => getPinStatus(signal) });

export function usePinStatus() {
  return useQuery(pinStatusQueryOptions());
}
