import { useState } from 'react';
import {
  billErrorCodes,
  billMessages,
  ELECTRICITY_MAX_GEMS,
  ELECTRICITY_PROVIDER_LABELS,
  ELECTRICITY_PROVIDERS,
  formatPhone,
  METER_TYPES,
  type CreateBillOrderInput,
} from '@wise/shared';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { toastError } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatGems } from '../../../lib/format';
import { useZodForm } from '../../../lib/use-zod-form';
import { useVerifyBillCustomer } from '../api/verify-customer';
import type { ElectricityFormInput, ElectricityFormValues } from '../form-schemas';
import { keepBillDraft, useBillDraft } from '../hooks/bill-draft';
import { CheckoutSheet } from './checkout-sheet';

const providerOptions = ELECTRICITY_PROVIDERS.map((value) => ({ value, label: ELECTRICITY_PROVIDER_LABELS[value] }));
const meterTypeLabels = { prepaid: 'Prepaid', postpaid: 'Postpaid' } as const;
const meterTypeOptions = METER_TYPES.map((value) => ({ value, label: meterTypeLabels[value] }));

/**
 * /electricity (docs/product.md §2, §5): provider, amount, meter number, phone and meter type, all required.
 * The meter is verified first, so the sheet shows whose it is.
 */
export function ElectricityForm({ balance }: { balance: number | undefined }) {
  const draft = useBillDraft<ElectricityFormInput>('electricity');
  const form = useZodForm(
    () => import('../form-schemas').then((m) => m.electricityFormSchema(balance)),
    draft ?? { provider: undefined, amount: '', meter_number: '', phone: '', meter_type: undefined },
  );
  const verify = useVerifyBillCustomer();
  const [checkout, setCheckout] = useState<{ values: ElectricityFormValues; customerName: string }>();
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    verify.mutate(
      { kind: 'electricity', service: values.provider, customer_id: values.meter_number, meter_type: values.meter_type },
      {
        onSuccess: ({ customer_name }) => {
          keepBillDraft('electricity', form.control.values());
          setCheckout({ values, customerName: customer_name });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === billErrorCodes.customerNotFound) {
            form.setError('meter_number', { type: 'server', message: error.message });
          } else {
            toastError(errorMessage(error, billMessages.verifyUnavailable));
          }
        },
      },
    ),
  );

  const input: CreateBillOrderInput | undefined = checkout && { kind: 'electricity', ...checkout.values };

  return (
    <>
      <form className="screen__form" onSubmit={submit} noValidate>
        <Select label="Provider" placeholder="Select provider" options={providerOptions} defaultValue="" error={errors.provider?.message} {...form.field('provider')} />
        <Select label="Meter type" placeholder="Select meter type" options={meterTypeOptions} defaultValue="" error={errors.meter_type?.message} {...form.field('meter_type')} />
        <TextField label="Meter number" inputMode="numeric" autoComplete="off" placeholder="e.g. 45012345678" error={errors.meter_number?.message} {...form.field('meter_number')} />
        <TextField
          label="Amount"
          inputMode="numeric"
          placeholder={`Up to ${formatGems(ELECTRICITY_MAX_GEMS)}`}
          error={errors.amount?.message}
          hint={balance !== undefined ? `Balance: ${formatGems(balance)} gems` : undefined}
          {...form.field('amount')}
        />
        <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" placeholder="e.g. 0803 123 4567" error={errors.phone?.message} {...form.field('phone')} />
        <div className="screen__actions">
          <Button type="submit" busy={verify.isPending} busyLabel="Checking...">
            Proceed
          </Button>
        </div>
      </form>
      <CheckoutSheet
        input={input}
        onClose={() => setCheckout(undefined)}
        rows={
          checkout
            ? [
                { label: 'Name', value: checkout.customerName },
                { label: 'Meter number', value: checkout.values.meter_number },
                { label: 'Meter type', value: meterTypeLabels[checkout.values.meter_type] },
                { label: 'Provider', value: ELECTRICITY_PROVIDER_LABELS[checkout.values.provider] },
                { label: 'Amount', value: `${formatGems(checkout.values.amount)} gems` },
                { label: 'Number', value: formatPhone(checkout.values.phone) },
              ]
            : []
        }
      />
    </>
  );
}
