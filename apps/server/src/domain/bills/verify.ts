import { billErrorCodes, billMessages, type VerifyBillCustomerInput, type VerifyBillCustomerResponse } from '@wise/shared';
import { BillsProviderError, type BillsProvider } from '#server/providers/bills/index';
import { DomainError } from '../errors';

/** POST /api/bills/verify: the name on a meter or smart card, from the bill-payment service. */
export async function verifyBillCustomer(bills: BillsProvider, input: VerifyBillCustomerInput): Promise<VerifyBillCustomerResponse> {
  let found: { customerName: string } | null;
  try {
    found = await bills.verifyCustomer(
      input.kind === 'electricity'
        ? { kind: 'electricity', provider: input.service, meterNumber: input.customer_id, meterType: input.meter_type }
        : { kind: 'tv', service: input.service, smartCardNumber: input.customer_id },
    );
  } catch (error) {
    if (error instanceof BillsProviderError) throw new DomainError(billErrorCodes.verifyUnavailable, billMessages.verifyUnavailable, 503);
    throw error;
  }
  if (!found) {
    const message = input.kind === 'electricity' ? billMessages.meterNotFound : billMessages.smartCardNotFound;
    throw new DomainError(billErrorCodes.customerNotFound, message, 404, { fields: { customer_id: message } });
  }
  return { customer_name: found.customerName };
}
