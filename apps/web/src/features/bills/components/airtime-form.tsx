import { useEffect, useRef, useState } from 'react';
import {
  AIRTIME_MAX_GEMS,
  AIRTIME_MIN_GEMS,
  BILL_NETWORK_LABELS,
  BILL_NETWORKS,
  billFormTexts,
  billQuickTexts,
  formatPhone,
  networkOfPhone,
  type BillNetwork,
  type CreateBillOrderInput,
} from '@wise/shared';
import { brandMark } from '#web/components/ui/art/brand-marks';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { formatGems, formatNaira } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import type { AirtimeFormInput, AirtimeFormValues } from '../form-schemas';
import { keepBillDraft, useBillDraft } from '../hooks/bill-draft';
import { CheckoutSheet } from './checkout-sheet';
import { MyNumberButton } from './my-number-button';
import './bills.css';

const networkOptions = BILL_NETWORKS.map((value) => ({ value, label: BILL_NETWORK_LABELS[value] }));

/** The ready amounts, in gems (= naira); those outside the airtime range or the balance are not offered. */
export const AIRTIME_QUICK_AMOUNTS = [100, 200, 500, 1_000, 2_000, 5_000] as const;

/**
 * /airtime (docs/product.md §2, §5): network, phone and amount. The checkout sheet opens only when every
 * field is filled and valid and the amount is within the gem balance (docs/product.md §4). The number's
 * prefix picks the network (shared `networkOfPhone`); the customer's own choice stands until the
 * prefix names another network, since a ported number keeps its old prefix.
 */
export function AirtimeForm({
  balance,
  ownPhone,
}: {
  balance: number | undefined;
  /** The customer's own number, for "My number" (the screen reads the profile). */ ownPhone?: string;
}) {
  const t = useTexts(billFormTexts);
  const quick = useTexts(billQuickTexts);
  const draft = useBillDraft<AirtimeFormInput>('airtime');
  const form = useZodForm(
    () => import('../form-schemas').then((m) => m.airtimeFormSchema(balance)),
    draft ?? { network: undefined, phone: '', amount: '' },
  );
  const [checkout, setCheckout] = useState<AirtimeFormValues>();
  const errors = form.formState.errors;
  const phone = form.watch('phone');
  const network = form.watch('network');
  const amount = form.watch('amount');
  // The network the number last named: a new guess replaces the choice, the same guess leaves it.
  const guessed = useRef<BillNetwork | undefined>(networkOfPhone(draft?.phone ?? ''));
  const detected = networkOfPhone(phone ?? '');
  useEffect(() => {
    const guess = networkOfPhone(phone ?? '');
    if (guess === guessed.current) return;
    guessed.current = guess;
    if (guess) {
      form.setValue('network', guess);
      form.clearErrors('network');
    }
  }, [phone, form]);

  const submit = form.handleSubmit((values) => {
    keepBillDraft('airtime', form.control.values());
    setCheckout(values);
  });

  return (
    <>
      <form className="screen__form" onSubmit={submit} noValidate>
        <Select
          label={t.network}
          placeholder={t.selectNetwork}
          leadFor={(value) => brandMark(value, 28)}
          options={networkOptions}
          defaultValue=""
          error={errors.network?.message}
          hint={detected && detected === network ? quick.detected(BILL_NETWORK_LABELS[detected]) : undefined}
          {...form.field('network')}
        />
        <div className="bills-phone">
          <TextField
            label={t.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t.phonePlaceholder}
            error={errors.phone?.message}
            {...form.field('phone')}
          />
          <MyNumberButton
            phone={ownPhone}
            onUse={(mine) => {
              form.setValue('phone', mine);
              form.clearErrors('phone');
            }}
          />
        </div>
        <TextField
          label={t.amount}
          inputMode="numeric"
          placeholder={`${formatGems(AIRTIME_MIN_GEMS)} - ${formatGems(AIRTIME_MAX_GEMS)}`}
          error={errors.amount?.message}
          hint={balance !== undefined ? t.balance(formatGems(balance)) : undefined}
          {...form.field('amount')}
        />
        <QuickAmounts
          balance={balance}
          selected={String(amount ?? '').trim()}
          onPick={(gems) => {
            form.setValue('amount', String(gems));
            form.clearErrors('amount');
          }}
        />
        <div className="screen__actions">
          <Button type="submit">{t.proceed}</Button>
        </div>
      </form>
      <AirtimeCheckout checkout={checkout} onClose={() => setCheckout(undefined)} />
    </>
  );
}

/** The ready amounts within the airtime range and the balance, one tap each; the one typed in shows as pressed. */
function QuickAmounts({ balance, selected, onPick }: { balance: number | undefined; selected: string; onPick: (gems: number) => void }) {
  const quick = useTexts(billQuickTexts);
  const amounts = AIRTIME_QUICK_AMOUNTS.filter(
    (gems) => gems >= AIRTIME_MIN_GEMS && gems <= AIRTIME_MAX_GEMS && (balance === undefined || gems <= balance),
  );
  if (amounts.length === 0) return null;
  return (
    <div className="bills-amounts" role="group" aria-label={quick.quickAmounts}>
      {amounts.map((gems) => (
        <button key={gems} type="button" className="bills-chip" aria-pressed={selected === String(gems)} onClick={() => onPick(gems)}>
          {formatNaira(gems * 100).replace(/\.00$/, '')}
        </button>
      ))}
    </div>
  );
}

function AirtimeCheckout({ checkout, onClose }: { checkout: AirtimeFormValues | undefined; onClose: () => void }) {
  const t = useTexts(billFormTexts);
  const input: CreateBillOrderInput | undefined = checkout && { kind: 'airtime', ...checkout };
  return (
    <CheckoutSheet
      input={input}
      onClose={onClose}
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
  );
}
