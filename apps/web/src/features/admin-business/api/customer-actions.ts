import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerLockStateSchema, customerPinResetResponseSchema, type LockCustomerInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';
import { businessKeys } from './keys';

const customerPath = (id: string, action: string) => `/customers/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/customers/:id/lock `{ reason, confirm_code }`: no login, its sessions ended. */
export function lockCustomer({ id, ...body }: LockCustomerInput & { id: string }) {
  return adminApi(customerPath(id, 'lock'), { method: 'POST', body, schema: customerLockStateSchema });
}

/** POST /api/admin/customers/:id/unlock `{ confirm_code | confirm_passkey }`. */
export function unlockCustomer({ id, ...confirmation }: StaffConfirmation & { id: string }) {
  return adminApi(customerPath(id, 'unlock'), { method: 'POST', body: confirmation, schema: customerLockStateSchema });
}

/** POST /api/admin/customers/:id/pin-reset `{ confirm_code | confirm_passkey }`: the PIN is deleted and the customer told. */
export function resetCustomerPin({ id, ...confirmation }: StaffConfirmation & { id: string }) {
  return adminApi(customerPath(id, 'pin-reset'), { method: 'POST', body: confirmation, schema: customerPinResetResponseSchema });
}

function useCustomerAction<I extends { id: string }, R>(action: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKeys.customer(id) }),
        queryClient.invalidateQueries({ queryKey: businessKeys.customersAll() }),
      ]),
  });
}

export const useLockCustomer = () => useCustomerAction(lockCustomer);
export const useUnlockCustomer = () => useCustomerAction(unlockCustomer);
export const useResetCustomerPin = () => useCustomerAction(resetCustomerPin);
