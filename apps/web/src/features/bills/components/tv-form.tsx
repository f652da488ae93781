import { useEffect, useState } from 'react';
import {
  billFormTexts,
  billMessages,
  formatPhone,
  TV_SERVICE_LABELS,
  TV_SERVICES,
  tvFormTexts,
  tvPlanValue,
  type CreateBillOrderInput,
  type TvService,
} from '@wise/shared';
import { brandMark } from '#web/components/ui/art/brand-marks';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { formatGems } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useTvPlans } from '../api/get-tv-plans';
import type { TvFormInput, TvFormValues } from '../form-schemas';
import { useBillDraft } from '../hooks/bill-draft';
import { useVerifiedCheckout } from '../hooks/verified-checkout';
import { CheckoutSheet } from './checkout-sheet';

const serviceOptions = TV_SERVICES.map((value) => ({ value, label: TV_SERVICE_LABELS[value] }));
const isService = (value: unknown): value is TvService => (TV_SERVICES as readonly unknown[]).includes(value);

/**
 * /tv (docs/product.md §2, §5): service, variation (its value joins code and name), smart card number, the
 * plan's amount and phone. The card is verified first, so the sheet shows whose it is.
 */
export function TvForm({ balance }: { balance: number | undefined }) {
  const t = useTexts(billFormTexts);
  const tv = useTexts(tvFormTexts);
  const messages = useTexts(billMessages);
  const draft = useBillDraft<TvFormInput>('tv');
  const [service, setService] = useState<TvService | undefined>(isService(draft?.service) ? draft.service : undefined);
  const plans = useTvPlans(service);
  const planList = plans.data?.plans ?? [];
  const form = useZodForm(
    () => import('../form-schemas').then((m) => m.tvFormSchema(balance, planList)),
    draft ?? { service: undefined, plan: '', smart_card_number: '', phone: '' },
  );
  // A restored plan can be shown only once its service's list (the select's options) has arrived.
  const restoredPlan = draft?.plan;
  const plansArrived = plans.data !== undefined;
  const { getValues, setValue } = form;
  useEffect(() => {
    if (plansArrived && restoredPlan && getValues('plan') === restoredPlan) setValue('plan', restoredPlan);
  }, [plansArrived, restoredPlan, getValues, setValue]);
  const { checkout, verifyThenCheckout, verifying, closeCheckout } = useVerifiedCheckout<TvFormValues>('tv', {
    draftValues: () => form.control.values(),
    onUnknownCustomer: (message) => form.setError('smart_card_number', { type: 'server', message }),
  });
  const errors = form.formState.errors;
  const chosen = planList.find((plan) => tvPlanValue(plan) === form.watch('plan'));

  const submit = form.handleSubmit((values) =>
    verifyThenCheckout({ kind: 'tv', service: values.service, customer_id: values.smart_card_number }, values),
  );

  return (
    <>
      <form className="screen__form" onSubmit={submit} noValidate>
        <Select
          label={tv.service}
          placeholder={tv.selectService}
          leadFor={(value) => brandMark(value, 28)}
          options={serviceOptions}
          defaultValue=""
          error={errors.service?.message}
          {...form.register('service', {
            onChange: (event: { target: { value: string } }) => {
              form.clearErrors(['service', 'plan', 'amount']);
              form.setValue('plan', '');
              setService(isService(event.target.value) ? event.target.value : undefined);
            },
          })}
        />
        <Select
          label={tv.variation}
          wrap
          placeholder={service === undefined ? tv.chooseServiceFirst : plans.isPending ? tv.loadingPlans : tv.selectPlan}
          options={planList.map((plan) => ({ value: tvPlanValue(plan), label: tv.planOption(plan.name, formatGems(plan.amount)) }))}
          disabled={service === undefined || plans.isPending || plans.isError}
          error={errors.plan?.message ?? (plans.isError ? messages.tvPlansUnavailable : undefined)}
          {...form.register('plan', { onChange: () => form.clearErrors(['plan', 'amount']) })}
        />
        {plans.isError ? (
          <Button variant="link" onClick={() => void plans.refetch()}>
            {tv.tryAgain}
          </Button>
        ) : null}
        <TextField
          label={tv.smartCardNumber}
          inputMode="numeric"
          autoComplete="off"
          placeholder={tv.smartCardPlaceholder}
          error={errors.smart_card_number?.message}
          {...form.field('smart_card_number')}
        />
        <TextField
          label={t.amount}
          readOnly
          value={chosen ? t.gems(formatGems(chosen.amount)) : ''}
          placeholder={tv.amountPlaceholder}
          error={errors.amount?.message}
          hint={balance !== undefined ? t.balance(formatGems(balance)) : undefined}
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
      <TvCheckout checkout={checkout} onClose={closeCheckout} onPriceChanged={() => void plans.refetch()} />
    </>
  );
}

/** The checkout sheet over the verified smart card: whose it is, the service, the plan and its amount, the phone. */
function TvCheckout({
  checkout,
  onClose,
  onPriceChanged,
}: {
  checkout: { values: TvFormValues; customerName: string } | undefined;
  onClose: () => void;
  /** The plan's price moved since the list was read: read it again. */
  onPriceChanged: () => void;
}) {
  const t = useTexts(billFormTexts);
  const tv = useTexts(tvFormTexts);
  const input: CreateBillOrderInput | undefined = checkout && {
    kind: 'tv',
    service: checkout.values.service,
    variation_code: checkout.values.plan.variation_code,
    smart_card_number: checkout.values.smart_card_number,
    phone: checkout.values.phone,
    expected_amount: checkout.values.plan.amount,
  };
  return (
    <CheckoutSheet
      input={input}
      onClose={onClose}
      onPriceChanged={onPriceChanged}
      rows={
        checkout
          ? [
              { label: t.name, value: checkout.customerName },
              { label: tv.smartCard, value: checkout.values.smart_card_number },
              { label: tv.service, value: TV_SERVICE_LABELS[checkout.values.service] },
              { label: t.plan, value: checkout.values.plan.name },
              { label: t.amount, value: t.gems(formatGems(checkout.values.plan.amount)) },
              { label: t.number, value: formatPhone(checkout.values.phone) },
            ]
          : []
      }
    />
  );
}
