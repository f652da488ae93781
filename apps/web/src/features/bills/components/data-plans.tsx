import { useState } from 'react';
import { Link } from 'react-router';
import {
  BILL_NETWORK_LABELS,
  billFormTexts,
  billMessages,
  billQuickTexts,
  dataPlansTexts,
  formatPhone,
  networkOfPhone,
  type BillNetwork,
  type BillPlan,
} from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { billHrefs } from '#web/config/paths';
import { formatGems } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useDataPlans } from '../api/get-data-plans';
import { armBillDraft, keepBillDraft, useBillDraft } from '../hooks/bill-draft';
import { CheckoutSheet } from './checkout-sheet';
import { MyNumberButton } from './my-number-button';
import './bills.css';

/**
 * /data/:provider (docs/product.md §2, §4): the number, then a plan (name and price). Tapping a plan opens the
 * checkout sheet only when the number is valid and non-empty. A number whose prefix names another
 * network says so, with a way to that network's plans (the number goes along); it is only a guess
 * (ported numbers keep their prefix), so nothing here stops the purchase.
 */
export function DataPlans({
  network,
  balance,
  ownPhone,
}: {
  network: BillNetwork;
  balance: number | undefined;
  /** The customer's own number, for "My number" (the screen reads the profile). */ ownPhone?: string;
}) {
  const t = useTexts(billFormTexts);
  const messages = useTexts(billMessages);
  const plans = useDataPlans(network);
  const draft = useBillDraft<{ phone: string }>(`data:${network}`);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.dataPhoneSchema), { phone: draft?.phone ?? '' });
  const [checkout, setCheckout] = useState<{ plan: BillPlan; phone: string }>();
  const guess = networkOfPhone(form.watch('phone') ?? '');
  const otherNetwork = guess && guess !== network ? guess : undefined;

  const choose = (plan: BillPlan) =>
    void form.handleSubmit(
      ({ phone }) => {
        if (balance !== undefined && plan.amount > balance) {
          toastError(messages.insufficient);
          return;
        }
        keepBillDraft(`data:${network}`, form.control.values());
        setCheckout({ plan, phone });
      },
      () => form.setFocus('phone'),
    )();

  return (
    <>
      <form className="screen__form bills-phone" onSubmit={(event) => event.preventDefault()} noValidate>
        <TextField
          label={t.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t.phonePlaceholder}
          error={form.formState.errors.phone?.message}
          hint={balance !== undefined ? t.balance(formatGems(balance)) : undefined}
          {...form.field('phone')}
        />
        <MyNumberButton
          phone={ownPhone}
          onUse={(mine) => {
            form.setValue('phone', mine);
            form.clearErrors('phone');
          }}
        />
      </form>
      {otherNetwork ? <OtherNetworkHint network={otherNetwork} phone={() => form.getValues('phone')} /> : null}
      <PlanList network={network} plans={plans} onChoose={choose} />
      <CheckoutSheet
        input={
          checkout && {
            kind: 'data',
            network,
            phone: checkout.phone,
            variation_code: checkout.plan.variation_code,
            expected_amount: checkout.plan.amount,
          }
        }
        onClose={() => setCheckout(undefined)}
        onPriceChanged={() => void plans.refetch()}
        rows={
          checkout
            ? [
                { label: t.plan, value: checkout.plan.name },
                { label: t.amount, value: t.gems(formatGems(checkout.plan.amount)) },
                { label: t.network, value: BILL_NETWORK_LABELS[network] },
                { label: t.number, value: formatPhone(checkout.phone) },
              ]
            : []
        }
      />
    </>
  );
}

/** The network's plans, one tap each to check out; skeleton rows while they load, a retry if they could not. */
function PlanList({
  network,
  plans,
  onChoose,
}: {
  network: BillNetwork;
  plans: ReturnType<typeof useDataPlans>;
  onChoose: (plan: BillPlan) => void;
}) {
  const t = useTexts(billFormTexts);
  const texts = useTexts(dataPlansTexts);
  const messages = useTexts(billMessages);
  if (plans.isPending) {
    return (
      <ul className="bills-plans" aria-busy="true" aria-label={texts.loading}>
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i}>
            <Skeleton height={56} />
          </li>
        ))}
      </ul>
    );
  }
  if (plans.isError) {
    return <FetchError message={messages.dataPlansUnavailable} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />;
  }
  return (
    <ul className="bills-plans" aria-label={texts.plans(BILL_NETWORK_LABELS[network])}>
      {plans.data.plans.map((plan) => (
        <li key={plan.variation_code}>
          <button type="button" className="bills-plan" onClick={() => onChoose(plan)} data-testid="data-plan">
            <span>{plan.name}</span>
            <span className="bills-plan__price">{t.gems(formatGems(plan.amount))}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The number's prefix names another network: say so, with a way to its plans that takes the number along. */
function OtherNetworkHint({ network, phone }: { network: BillNetwork; phone: () => string }) {
  const quick = useTexts(billQuickTexts);
  return (
    <p className="bills-guess" role="status">
      {quick.otherNetwork(BILL_NETWORK_LABELS[network])}{' '}
      <Link
        to={billHrefs.dataProvider(network)}
        onClick={() => {
          keepBillDraft(`data:${network}`, { phone: phone() });
          armBillDraft(`data:${network}`);
        }}
      >
        {quick.seeOtherPlans(BILL_NETWORK_LABELS[network])}
      </Link>
    </p>
  );
}
