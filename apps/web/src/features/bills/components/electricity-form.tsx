import {
  billFormTexts,
  ELECTRICITY_MAX_GEMS,
  ELECTRICITY_PROVIDER_LABELS,
  ELECTRICITY_PROVIDERS,
  electricityFormTexts,
  formatPhone,
  METER_TYPES,
  type CreateBillOrderInput,
} from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { formatGems } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import type { ElectricityFormInput, ElectricityFormValues } from '../form-schemas';
import { useBillDraft } from '../hooks/bill-draft';
import { useVerifiedCheckout } from '../hooks/verified-checkout';
import { CheckoutSheet } from './checkout-sheet';

const providerOptions = ELECTRICITY_PROVIDERS.map((value) => ({ value, label: ELECTRICITY_PROVIDER_LABELS[value] }));

/**
 * /electricity (docs/product.md §2, §5): provider, amount, meter number, phone and meter type, all required.
 * The meter is verified first, so the sheet shows whose it is.
 */
export function ElectricityForm({ balance }: { balance: number | undefined }) {
  const t = useTexts(billFormTexts);
  const e = useTexts(electricityFormTexts);
  const meterTypeOptions = METER_TYPES.map((value) => ({ value, label: e.meterTypes[value] }));
  const draft = useBillDraft<ElectricityFormInput>('electricity');
  const form = useZodForm(
    () => import('../form-schemas').then((m) => m.electricityFormSchema(balance)),
    draft ?? { provider: undefined, amount: '', meter_number: '', phone: '', meter_type: undefined },
  );
  const { checkout, verifyThenCheckout, verifying, closeCheckout } = useVerifiedCheckout<ElectricityFormValues>('electricity', {
    draftValues: () => form.control.values(),
    onUnknownCustomer: (message) => form.setError('meter_number', { type: 'server', message }),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    verifyThenCheckout(
      { kind: 'electricity', service: values.provider, customer_id: values.meter_number, meter_type: values.meter_type },
      values,
    ),
  );

  return (
    <>
      <form className="screen__form" onSubmit={submit} noValidate>
        <Select
          label={e.provider}
          placeholder={e.selectProvider}
          options={providerOptions}
          defaultValue=""
          error={errors.provider?.message}
          {...form.field('provider')}
        />
        <Select
          label={e.meterType}
          placeholder={e.selectMeterType}
          options={meterTypeOptions}
          defaultValue=""
          error={errors.meter_type?.message}
          {...form.field('meter_type')}
        />
        <TextField
          label={e.meterNumber}
          inputMode="numeric"
          autoComplete="off"
          placeholder={e.meterPlaceholder}
          error={errors.meter_number?.message}
          {...form.field('meter_number')}
        />
        <TextField
          label={t.amount}
          inputMode="numeric"
          placeholder={e.upTo(formatGems(ELECTRICITY_MAX_GEMS))}
          error={errors.amount?.message}
          hint={balance !== undefined ? t.balance(formatGems(balance)) : undefined}
          {...form.field('amount')}
        />
        <TextField
          label={t.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t.phonePlaceholder}
          error={errors.phone?.message}
          {...form.field('phone')}
        />
        <div className="screen__actions">
          <Button type="submit" busy={verifying} busyLabel={t.checking}>
            {t.proceed}
          </Button>
        </div>
      </form>
      <ElectricityCheckout checkout={checkout} onClose={closeCheckout} />
    </>
  );
}

/** The checkout sheet over the verified meter: whose it is, the meter, the provider, the amount and the phone. */
function ElectricityCheckout({
  checkout,
  onClose,
}: {
  checkout: { values: ElectricityFormValues; customerName: string } | undefined;
  onClose: () => void;
}) {
  const t = useTexts(billFormTexts);
  const e = useTexts(electricityFormTexts);
  const input: CreateBillOrderInput | undefined = checkout && { kind: 'electricity', ...checkout.values };
  return (
    <CheckoutSheet
      input={input}
      onClose={onClose}
      rows={
        checkout
          ? [
              { label: t.name, value: checkout.customerName },
              { label: e.meterNumber, value: checkout.values.meter_number },
              { label: e.meterType, value: e.meterTypes[checkout.values.meter_type] },
              { label: e.provider, value: ELECTRICITY_PROVIDER_LABELS[checkout.values.provider] },
              { label: t.amount, value: t.gems(formatGems(checkout.values.amount)) },
              { label: t.number, value: formatPhone(checkout.values.phone) },
            ]
          : []
      }
    />
  );
}
