import { useState } from 'react';
import { AIRTIME_MAX_GEMS, AIRTIME_MIN_GEMS, BILL_NETWORK_LABELS, BILL_NETWORKS, formatPhone, type CreateBillOrderInput } from '@wise/shared';
import { brandMark } from '../../../components/ui/art/brand-marks';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { formatGems } from '../../../lib/format';
import { useZodForm } from '../../../lib/use-zod-form';
import type { AirtimeFormInput, AirtimeFormValues } from '../form-schemas';
import { keepBillDraft, useBillDraft } from '../hooks/bill-draft';
import { CheckoutSheet } from './checkout-sheet';

const networkOptions = BILL_NETWORKS.map((value) => ({ value, label: BILL_NETWORK_LABELS[value] }));

/**
 * /airtime (docs/product.md §2, §5): network, phone and amount. The checkout sheet opens only when every
 * field is filled and valid and the amount is within the gem balance (docs/product.md §4).
 */
export function AirtimeForm({ balance }: { balance: number | undefined }) {
  const draft = useBillDraft<AirtimeFormInput>('airtime');
  const form = useZodForm(() => import('../form-schemas').then((m) => m.airtimeFormSchema(balance)), draft ?? { network: undefined, phone: '', amount: '' });
  const [checkout, setCheckout] = useState<AirtimeFormValues>();
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    keepBillDraft('airtime', form.control.values());
    setCheckout(values);
  });
  const input: CreateBillOrderInput | undefined = checkout && { kind: 'airtime', ...checkout };

  return (
    <>
      <form className="screen__form" onSubmit={submit} noValidate>
        <Select label="Network" placeholder="Select network" leadFor={(value) => brandMark(value, 28)} options={networkOptions} defaultValue="" error={errors.network?.message} {...form.field('network')} />
        <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" placeholder="e.g. 0803 123 4567" error={errors.phone?.message} {...form.field('phone')} />
        <TextField
          label="Amount"
          inputMode="numeric"
          placeholder={`${formatGems(AIRTIME_MIN_GEMS)} - ${formatGems(AIRTIME_MAX_GEMS)}`}
          error={errors.amount?.message}
          hint={balance !== undefined ? `Balance: ${formatGems(balance)} gems` : undefined}
          {...form.field('amount')}
        />
        <div className="screen__actions">
          <Button type="submit">Proceed</Button>
        </div>
      </form>
      <CheckoutSheet
        input={input}
        onClose={() => setCheckout(undefined)}
        rows={
          checkout
            ? [
                { label: 'Amount', value: `${formatGems(checkout.amount)} gems` },
                { label: 'Network', value: BILL_NETWORK_LABELS[checkout.network] },
                { label: 'Number', value: formatPhone(checkout.phone) },
              ]
            : []
        }
      />
    </>
  );
}
