import { useState } from 'react';
import { BILL_NETWORK_LABELS, billMessages, formatPhone, type BillNetwork, type BillPlan } from '@wise/shared';
import { FetchError } from '../../../components/ui/fetch-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { toastError } from '../../../components/ui/toast';
import { formatGems } from '../../../lib/format';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDataPlans } from '../api/get-data-plans';
import { keepBillDraft, useBillDraft } from '../hooks/bill-draft';
import { CheckoutSheet } from './checkout-sheet';
import './bills.css';

/**
 * /data/:provider (docs/product.md §2, §4): the number, then a plan (name and price). Tapping a plan opens the
 * checkout sheet only when the number is valid and non-empty.
 */
export function DataPlans({ network, balance }: { network: BillNetwork; balance: number | undefined }) {
  const plans = useDataPlans(network);
  const draft = useBillDraft<{ phone: string }>(`data:${network}`);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.dataPhoneSchema), { phone: draft?.phone ?? '' });
  const [checkout, setCheckout] = useState<{ plan: BillPlan; phone: string }>();

  const choose = (plan: BillPlan) =>
    void form.handleSubmit(
      ({ phone }) => {
        if (balance !== undefined && plan.amount > balance) {
          toastError(billMessages.insufficient);
          return;
        }
        keepBillDraft(`data:${network}`, form.control.values());
        setCheckout({ plan, phone });
      },
      () => form.setFocus('phone'),
    )();

  let list;
  if (plans.isPending) {
    list = (
      <ul className="bills-plans" aria-busy="true" aria-label="Loading data plans">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i}>
            <Skeleton height={56} />
          </li>
        ))}
      </ul>
    );
  } else if (plans.isError) {
    list = <FetchError message={billMessages.dataPlansUnavailable} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />;
  } else {
    list = (
      <ul className="bills-plans" aria-label={`${BILL_NETWORK_LABELS[network]} data plans`}>
        {plans.data.plans.map((plan) => (
          <li key={plan.variation_code}>
            <button type="button" className="bills-plan" onClick={() => choose(plan)} data-testid="data-plan">
              <span>{plan.name}</span>
              <span className="bills-plan__price">{formatGems(plan.amount)} gems</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <form className="screen__form" onSubmit={(event) => event.preventDefault()} noValidate>
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="e.g. 0803 123 4567"
          error={form.formState.errors.phone?.message}
          hint={balance !== undefined ? `Balance: ${formatGems(balance)} gems` : undefined}
          {...form.field('phone')}
        />
      </form>
      {list}
      <CheckoutSheet
        input={
          checkout && { kind: 'data', network, phone: checkout.phone, variation_code: checkout.plan.variation_code, expected_amount: checkout.plan.amount }
        }
        onClose={() => setCheckout(undefined)}
        onPriceChanged={() => void plans.refetch()}
        rows={
          checkout
            ? [
                { label: 'Plan', value: checkout.plan.name },
                { label: 'Amount', value: `${formatGems(checkout.plan.amount)} gems` },
                { label: 'Network', value: BILL_NETWORK_LABELS[network] },
                { label: 'Number', value: formatPhone(checkout.phone) },
              ]
            : []
        }
      />
    </>
  );
}
