import { useState } from 'react';
import type { FieldValues } from '#web/lib/form/store';
import { billErrorCodes, billMessages, type VerifyBillCustomerInput } from '@wise/shared';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { useVerifyBillCustomer } from '../api/verify-customer';
import { keepBillDraft } from './bill-draft';

/**
 * A meter or smart card is verified before the checkout sheet opens, so the sheet shows whose it
 * is. An unknown number is its field's error; a service that cannot answer is a toast.
 */
export function useVerifiedCheckout<V>(
  scope: 'electricity' | 'tv',
  { draftValues, onUnknownCustomer }: { draftValues: () => FieldValues; onUnknownCustomer: (message: string) => void },
) {
  const messages = useTexts(billMessages);
  const translate = useTranslate();
  const verify = useVerifyBillCustomer();
  const [checkout, setCheckout] = useState<{ values: V; customerName: string }>();

  const verifyThenCheckout = (customer: VerifyBillCustomerInput, values: V) =>
    verify.mutate(customer, {
      onSuccess: ({ customer_name }) => {
        keepBillDraft(scope, draftValues());
        setCheckout({ values, customerName: customer_name });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === billErrorCodes.customerNotFound) {
          onUnknownCustomer(translate(error.message));
        } else {
          toastError(translate(errorMessage(error, messages.verifyUnavailable)));
        }
      },
    });

  return { checkout, verifyThenCheckout, verifying: verify.isPending, closeCheckout: () => setCheckout(undefined) };
}
