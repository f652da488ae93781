import {
  coinSubject,
  giftCardSubject,
  rateAlertAmountText,
  rateAlertErrorCodes,
  rateAlertFormTexts,
  rateAlertTexts,
  type RatesCard,
  type RatesCoin,
} from '@wise/shared';
import { Bell, Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useCreateRateAlert } from '../api/create-rate-alert';
import { useDeleteRateAlert } from '../api/delete-rate-alert';
import { useRateAlerts } from '../api/get-rate-alerts';
import './rates.css';

/** Every rate an alert may watch, as the select lists them: each sub-category with its rate now, then the coins. */
export function alertOptions(cards: readonly RatesCard[], coins: readonly RatesCoin[]) {
  return [
    ...cards.flatMap((card) =>
      card.subcategories.map((sub) => ({ value: giftCardSubject(sub.id), label: `${card.name} ${sub.subcategory} · ${sub.rate_text}` })),
    ),
    ...coins.map((coin) => ({ value: coinSubject(coin.id), label: `${coin.title} · ${coin.price_text}` })),
  ];
}

/**
 * The customer's rate alerts on /rates (docs/features.md, "Rates and alerts"): set one ("tell me when … reaches
 * ₦X"), see them waiting or reached, delete them. The API refuses an eleventh waiting alert and one
 * already met; their messages show under the field they concern, or as a toast.
 */
export function RateAlerts({ cards, coins }: { cards: readonly RatesCard[]; coins: readonly RatesCoin[] }) {
  const t = useTexts(rateAlertTexts);
  const alerts = useRateAlerts(true);
  const full = alerts.data ? alerts.data.active >= alerts.data.limit : false;
  return (
    <section className="rates-section" aria-labelledby="rate-alerts-heading">
      <h2 id="rate-alerts-heading" className="rates-section__title">
        {t.heading}
      </h2>
      <p className="rates-section__intro">{t.intro}</p>
      <NewAlertForm cards={cards} coins={coins} full={full} />
      <AlertList alerts={alerts} />
    </section>
  );
}

/** Set an alert: the rate it watches and the naira amount; refusals show under their field, or as a toast. */
function NewAlertForm({ cards, coins, full }: { cards: readonly RatesCard[]; coins: readonly RatesCoin[]; full: boolean }) {
  const t = useTexts(rateAlertTexts);
  const f = useTexts(rateAlertFormTexts);
  const translate = useTranslate();
  const create = useCreateRateAlert();
  const form = useZodForm(() => import('../form-schemas').then((m) => m.createRateAlertSchema), { subject: '', threshold_naira: '' });
  const errors = form.formState.errors;
  const subject = form.watch('subject') ?? '';
  const unit = subject.startsWith('coin:') ? f.perCoin : f.perUnit;

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toastSuccess(t.created);
        form.reset({ subject: '', threshold_naira: '' });
      },
      onError: (failure) => {
        applyFieldErrors(failure, form.setError, ['subject', 'threshold_naira']);
        const placed = failure instanceof ApiError && Object.keys(failure.fields).length > 0;
        if (!placed || (failure instanceof ApiError && failure.code === rateAlertErrorCodes.limitReached))
          toastError(translate(errorMessage(failure, f.failed)));
      },
    }),
  );

  return (
    <form className="rates-alert-form" onSubmit={submit} noValidate>
      <Select
        label={t.subjectLabel}
        placeholder={t.subjectRequired}
        wrap
        options={alertOptions(cards, coins)}
        error={errors.subject?.message}
        disabled={create.isPending}
        {...form.field('subject')}
      />
      <TextField
        label={t.thresholdLabel}
        inputMode="decimal"
        autoComplete="off"
        placeholder={f.thresholdPlaceholder}
        hint={t.thresholdHint(unit)}
        error={errors.threshold_naira?.message}
        disabled={create.isPending}
        {...form.field('threshold_naira')}
      />
      <Button type="submit" busy={create.isPending} busyLabel={t.creating} disabled={full}>
        {t.create}
      </Button>
    </form>
  );
}

/** The alerts waiting or reached, with their count, each deletable; a retry if they could not be loaded. */
function AlertList({ alerts }: { alerts: ReturnType<typeof useRateAlerts> }) {
  const t = useTexts(rateAlertTexts);
  const f = useTexts(rateAlertFormTexts);
  const translate = useTranslate();
  const remove = useDeleteRateAlert();
  if (alerts.isPending) return null;
  if (alerts.isError)
    return (
      <p className="rates-note" role="alert">
        {t.loadFailed}.{' '}
        <button type="button" className="rates-retry" onClick={() => void alerts.refetch()}>
          {f.retry}
        </button>
      </p>
    );
  return (
    <>
      <p className="rates-note" data-testid="rate-alert-count">
        {t.count(alerts.data.active)}
      </p>
      {alerts.data.alerts.length === 0 ? (
        <p className="rates-note">{t.empty}</p>
      ) : (
        <ul className="list" aria-label={f.list}>
          {alerts.data.alerts.map((alert) => {
            const amount = rateAlertAmountText(
              alert.spent_at ? (alert.fired_value_kobo ?? alert.threshold_kobo) : alert.threshold_kobo,
              alert.currency,
            );
            return (
              <li key={alert.id} className="list__row" data-testid="rate-alert">
                <span className={alert.spent_at ? 'list__icon list__icon--gem' : 'list__icon'} aria-hidden="true">
                  <Bell size={20} />
                </span>
                <span className="list__main">
                  <span className="list__title">{alert.label}</span>
                  <span className="list__sub rates-sub">{alert.spent_at ? t.spent(amount) : t.waiting(amount)}</span>
                </span>
                <button
                  type="button"
                  className="icon-button rates-delete"
                  aria-label={t.deleteLabel(alert.label)}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(alert.id, {
                      onSuccess: () => toastSuccess(t.deleted),
                      onError: (failure) => toastError(translate(errorMessage(failure, f.failed))),
                    })
                  }
                >
                  <Trash2 size={20} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
