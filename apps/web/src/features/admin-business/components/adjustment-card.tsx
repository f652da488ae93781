import { useState } from 'react';
import { COINS, coinArtUrl } from '@wise/shared';
import type { CoinAdjustment } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { FormField } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { DateTime } from '#web/components/ui/date-time';
import { useWatch } from '#web/lib/form/use-watch';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSetAdjustment } from '../api/set-adjustment';
import { adjustmentFormSchema, normaliseAdjustment, previewRate } from '../form-schemas';
import { adjustmentText, formatAdjustment, formatNairaDecimal } from '../format';
import './business.css';
import './crypto.css';
import './rate-form.css';

/** A coin's signed naira adjustment, the rate it gives now, and the rate a new one would give. */
export function AdjustmentCard({ adjustment }: { adjustment: CoinAdjustment }) {
  const save = useSetAdjustment();
  const [pending, setPending] = useState<string>();
  const form = useZodForm(adjustmentFormSchema, { adjustment_ngn: adjustmentText(adjustment.adjustment_ngn) });
  const typed = useWatch({ control: form.control, name: 'adjustment_ngn' });
  const coin = COINS[adjustment.coin];
  const isUsdt = adjustment.coin === 'usdt';
  const parsedTyped = adjustmentFormSchema.safeParse({ adjustment_ngn: typed });
  const next = parsedTyped.success ? normaliseAdjustment(parsedTyped.data.adjustment_ngn) : undefined;
  const changed = next !== undefined && next !== normaliseAdjustment(adjustment.adjustment_ngn);
  const preview =
    next !== undefined && adjustment.rate_ngn_per_usd !== null
      ? previewRate(adjustment.rate_ngn_per_usd, adjustment.adjustment_ngn, next)
      : undefined;
  // Which way the customer's rate moves: the new adjustment less the old one.
  const rising = next !== undefined && !(previewRate('0', adjustment.adjustment_ngn, next) ?? '').startsWith('-');
  const fieldId = `adjustment-${adjustment.coin}`;

  return (
    <article className="biz-coin" aria-labelledby={`${fieldId}-name`}>
      <header className="biz-coin__head">
        <img src={coinArtUrl(adjustment.coin, coin.symbol)} alt="" />
        <span>
          <span id={`${fieldId}-name`} className="biz-coin__name">
            {coin.name} ({coin.symbol})
          </span>
          <span className="admin-cell-sub">
            Changed <DateTime iso={adjustment.updated_at} />
          </span>
        </span>
      </header>
      <dl className="biz-coin__rates">
        <dt>Adjustment</dt>
        <dd>{formatAdjustment(adjustment.adjustment_ngn)}</dd>
        <dt>Rate per $1</dt>
        <dd>{adjustment.rate_ngn_per_usd !== null ? formatNairaDecimal(adjustment.rate_ngn_per_usd) : '—'}</dd>
        {changed ? (
          <>
            <dt>After saving</dt>
            <dd className={rising ? 'biz-up' : 'biz-down'} data-testid={`preview-${adjustment.coin}`}>
              {preview !== undefined ? formatNairaDecimal(preview) : '—'}
            </dd>
          </>
        ) : null}
      </dl>
      <form
        className="biz-rate-form"
        noValidate
        onSubmit={form.handleSubmit(({ adjustment_ngn }) => setPending(normaliseAdjustment(adjustment_ngn)))}
      >
        <FormField
          id={fieldId}
          label={`New adjustment for ${coin.symbol} (naira, + or -)`}
          hideLabel
          inputMode="decimal"
          autoComplete="off"
          leading="₦"
          placeholder="-20 or +15"
          error={form.formState.errors.adjustment_ngn?.message}
          {...form.field('adjustment_ngn')}
        />
        <Button type="submit" variant="secondary" className="admin-btn--small" disabled={!changed}>
          Save
        </Button>
      </form>
      {isUsdt ? <p className="admin-cell-sub">USDT/NGN is where every coin's rate starts: this moves all four coins.</p> : null}
      <ConfirmCodeDialog
        open={pending !== undefined}
        onClose={() => setPending(undefined)}
        title={`Change the ${coin.symbol} adjustment?`}
        description={
          isUsdt
            ? 'This changes the naira customers get for every coin from their next quote.'
            : `This changes the naira customers get for ${coin.symbol} from their next quote.`
        }
        confirmLabel="Save adjustment"
        busyLabel="Saving..."
        onConfirm={async (confirmation) => {
          if (pending === undefined) return;
          await save.mutateAsync({ coin: adjustment.coin, adjustment_ngn: pending, ...confirmation });
          toastSuccess(`${coin.symbol} adjustment is now ${formatAdjustment(pending)}`);
        }}
      >
        <dl className="biz-summary">
          <dt>Adjustment</dt>
          <dd>
            {formatAdjustment(adjustment.adjustment_ngn)} → {pending !== undefined ? formatAdjustment(pending) : ''}
          </dd>
          <dt>Customer rate</dt>
          <dd>
            {adjustment.rate_ngn_per_usd !== null ? formatNairaDecimal(adjustment.rate_ngn_per_usd) : '—'} →{' '}
            {pending !== undefined && adjustment.rate_ngn_per_usd !== null
              ? formatNairaDecimal(previewRate(adjustment.rate_ngn_per_usd, adjustment.adjustment_ngn, pending) ?? '')
              : '—'}{' '}
            per $1
          </dd>
        </dl>
      </ConfirmCodeDialog>
    </article>
  );
}
