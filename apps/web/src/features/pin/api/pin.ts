import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  pinStatusResponseSchema,
  type SetPinInput,
  type VerifyPinInput,
} from '@wise/shared';
import { api } from '../../../lib/api-client';
import { pinKeys } from './keys';

/** GET /api/pin/status → { pin_status: 'pending' | 'set' }. */
export const getPinStatus = (signal?: AbortSignal) => api('/api/pin/status', { schema: pinStatusResponseSchema, signal });
export const pinStatusQuery = () => queryOptions({ queryKey: pinKeys.status(), queryFn: ({ signal }) => getPinStatus(signal) });
export const usePinStatus = () => useQuery(pinStatusQuery());

/** POST /api/pin: set, or change with current_pin. */
export const setPin = (input: SetPinInput) => api('/api/pin', { method: 'POST', body: input, schema: messageResponseSchema });
export function useSetPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPin,
    onSuccess: () => client.invalidateQueries({ queryKey: pinKeys.all }),
  });
}

/** POST /api/pin/verify (5 wrong lock PIN use for 15 minutes). */
export const verifyPin = (input: VerifyPinInput) =>
  api('/api/pin/verify', { method: 'POST', body: input, schema: messageResponseSchema });
export const useVerifyPin = () => useMutation({ mutationFn: verifyPin });
