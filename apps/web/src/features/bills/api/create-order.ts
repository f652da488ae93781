import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billOrderResponseSchema, type CreateBillOrderInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { billKeys } from './keys';

/**
 * POST /api/bills/orders → 201 { order } awaiting the PIN. The key belongs to one opening of the
 * checkout sheet: a retry of that Purchase gets the same order, never a second one.
 */
export function createBillOrder(input: CreateBillOrderInput, idempotencyKey: string) {
  return api('/api/bills/orders', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? billOrderResponseSchema : undefined,
    idempotencyKey,
  });
}

export function useCreateBillOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateBillOrderInput; idempotencyKey: string }) =>
      createBillOrder(input, idempotencyKey),
    onSuccess: ({ order }) => queryClient.setQueryData(billKeys.order(order.id), { order }),
  });
}
