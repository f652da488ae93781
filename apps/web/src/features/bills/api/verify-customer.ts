import { useMutation } from '@tanstack/react-query';
import { verifyBillCustomerResponseSchema, type VerifyBillCustomerInput } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/bills/verify → { customer_name }: the name on a meter or smart card (404 CUSTOMER_NOT_FOUND). */
export function verifyBillCustomer(input: VerifyBillCustomerInput) {
  return api('/api/bills/verify', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? verifyBillCustomerResponseSchema : undefined,
  });
}

export function useVerifyBillCustomer() {
  return useMutation({ mutationFn: verifyBillCustomer });
}
