import { COINS, cryptoMessages, formatRate, sellCoinFormTexts, type Coin, type Quote } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { LimitHint, overLimit } from '#web/components/ui/limit-hint';
import { TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { formatCoinPrice, formatNaira } from '#web/lib/format';
import { useZodForm } from '#web/lib/use-zod-form';
import { useCreateQuote } from '../api/create-quote';
import { previewSale } from '../sale-preview';
import { PriceChange } from './price-change';
import { useTexts, useTranslate } from '#web/lib/i18n';
import './crypto.css';

interface SellCoinFormProps {
  /** The coin with its latest prices: the value below follows them as they refresh. */
  coin: Coin;
  /** Prices older than the server accepts: no quote can be given until they are fresh. */
  pricesStale: boolean;
  /** A plain coin amount to start from (selling again after a rejection). */
  initialAmount?: string;
  onQuoted: (quote: Quote) => void;
  /** The customer's selling limit today (left out when it could not be read: the server still checks). */
  limit?: { remainingKobo: number; tier: number };
}

/**
 * docs/product.md §4 "Sell crypto": an amount of the coin, its naira value live as the customer types and as
 * prices refresh, and Proceed, disabled until a non-zero amount has been converted. Proceed asks
 * the server for the quote that will be honoured.
 */
export function SellCoinForm({ coin, pricesStale, initialAmount = '', onQuoted, limit }: SellCoinFormProps) {
  const t = useTexts(sellCoinFormTexts);
  const cryptoText = useTexts(cryptoMessages);
  // Amount problems arrive as the schema's or the server's English words.
  const translate = useTranslate();
  const { symbol, decimals, exampleAmount } = COINS[coin.id];
  // The decimals message carries figures, so it cannot be looked up as a phrase: it is written again here.
  const say = (message: string) =>
    message === cryptoMessages.tooManyDecimals(symbol, decimals) ? cryptoText.tooManyDecimals(symbol, decimals) : translate(message);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.sellCoinSchema), { coin: coin.id, amount: initialAmount });
  const quote = useCreateQuote();
  const amount = form.watch('amount') ?? '';
  const preview = previewSale(amount, coin);
  const typedError = form.formState.errors.amount?.message;
  const error = typedError && say(typedError);
  const { onChange, ...amountField } = form.field('amount');

  const pastLimit = overLimit(limit?.remainingKobo, preview.kind === 'value' ? preview.valueKobo : undefined);

  const submit = form.handleSubmit((values) => {
    // Past the limit the alert under the value says so and the way up; no quote is asked for.
    if (pastLimit) return;
    quote.mutate(values, {
      onSuccess: onQuoted,
      onError: (failure) => {
        applyFieldErrors(failure, form.setError, ['amount']);
        if (!form.getFieldState('amount').error) toastError(translate(errorMessage(failure, t.quoteFailed)));
      },
    });
  });

  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <TextField
        {...amountField}
        onChange={(event) => {
          // A phone set to a comma locale types "0,01": read it as the point the API takes.
          event.target.value = event.target.value.replace(/,/g, '.');
          void onChange(event);
        }}
        label={t.amount(symbol)}
        inputMode="decimal"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        // An example a customer cannot mistake for a typed value ("0.0000" looked like one).
        placeholder={t.example(exampleAmount)}
        error={error}
        hint={t.decimals(decimals)}
      />

      <section className="sell-value" aria-label={t.valueLabel}>
        <span className="sell-value__label">{t.youGet}</span>
        <output className="sell-value__amount" data-testid="sale-value" aria-live="polite">
          {formatNaira(preview.kind === 'value' ? preview.valueKobo : 0)}
        </output>
        {preview.kind === 'invalid' && !error ? <p className="sell-value__remark">{say(preview.message)}</p> : null}
        <dl className="sell-value__facts">
          <div>
            <dt>{t.rate}</dt>
            <dd data-testid="sale-rate">{formatRate(coin.rate_ngn_per_usd, 'USD')}</dd>
          </div>
          <div>
            <dt>1 {symbol}</dt>
            <dd>
              {formatCoinPrice(coin.current_price_usd)} <PriceChange percent={coin.price_change_percentage_24h} />
            </dd>
          </div>
        </dl>
        {pricesStale ? <p className="sell-value__remark">{cryptoText.pricesStale}</p> : null}
      </section>
      {limit ? (
        <LimitHint
          remainingKobo={limit.remainingKobo}
          tier={limit.tier}
          valueKobo={pastLimit && preview.kind === 'value' ? preview.valueKobo : undefined}
        />
      ) : null}

      <div className="screen__actions">
        <Button
          type="submit"
          disabled={preview.kind !== 'value' || pricesStale || pastLimit}
          busy={quote.isPending}
          busyLabel={t.proceeding}
        >
          {t.proceed}
        </Button>
      </div>
    </form>
  );
}
