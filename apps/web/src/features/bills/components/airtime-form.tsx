import { useState } from 'react';
import { AIRTIME_MAX_GEMS, AIRTIME_MIN_GEMS, BILL_NETWORK_LABELS, BILL_NETWORKS, billFormTexts, formatPhone, type CreateBillOrderInput } from '@wise/shared';
import { brandMark } from '../../../components/ui/art/brand-marks';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { formatGems } from '../../../lib/format';
import { useTexts } from '../../../lib/i18n';
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
  const t = useTexts(billFormTexts);
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
        <Select label={t.network} placeholder={t.selectNetwork} leadFor={(value) => brandMark(value, 28)} options={networkOptions} defaultValue="" error={errors.network?.message} {...form.field('network')} />
        <TextField label={t.phone} type="tel" inputMode="tel" autoComplete="tel" placeholder={t.phonePlaceholder} error={errors.phone?.message} {...form.field('phone')} />
        <TextField
          label={t.amount}
          inputMode="numeric"
          placeholder={`${formatGems(AIRTIME_MIN_GEMS)} - ${formatGems(AIRTIME_MAX_GEMS)}`}
          error={errors.amount?.message}
          hint={balance !== undefined ? t.balance(formatGems(balance)) : undefined}
          {...form.field('amount')}
        />
        <div className="screen__actions">
          <Button type="submit">{t.proceed}</Button>
        </div>
      </form>
      <CheckoutSheet
        input={input}
        onClose={() => setCheckout(undefined)}
        rows={
          checkout
            ? [
                { label: t.amount, value: t.gems(formatGems(checkout.amount)) },
                { label: t.network, value: BILL_NETWORK_LABELS[checkout.network] },
                { label: t.number, value: formatPhone(checkout.phone) },
              ]
            : []
        }
      />
    </>
  );
}
