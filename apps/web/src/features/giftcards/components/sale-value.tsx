import { amountWithinBand, formatCardAmount, formatKobo, formatRate, previewValueKobo, saleAmountProblem, saleMessages, saleValueTexts, type SubCategory } from '@wise/shared';
import { useTexts } from '../../../lib/i18n';
import './giftcards.css';

/**
 * docs/product.md §9: the cash value is amount × exchange_rate, shown live to 2 decimals in naira. It is
 * computed exactly on the decimal strings (integers, never floats); the server recomputes it.
 */
export function saleValueText(amount: string, exchangeRate: string): string | undefined {
  if (saleAmountProblem(amount) !== undefined) return undefined;
  const kobo = previewValueKobo(amount, exchangeRate);
  return kobo === undefined ? undefined : formatKobo(kobo);
}

export type SaleValuePreview = { kind: 'value'; text: string } | { kind: 'out-of-band'; text: string } | undefined;

/**
 * What the panel shows for a typed amount: its value, or, outside the card's band, the band's
 * own message (the form refuses that amount, so a value for it would promise a payout that
 * cannot happen).
 */
export function saleValuePreview(amount: string, subcategory: SubCategory | undefined, messages: Pick<typeof saleMessages, 'amountOutOfBand'> = saleMessages): SaleValuePreview {
  if (!subcategory) return undefined;
  const value = saleValueText(amount, subcategory.exchange_rate);
  if (value === undefined) return undefined;
  if (!amountWithinBand(amount.trim(), subcategory)) return { kind: 'out-of-band', text: outOfBandText(subcategory, messages) };
  return { kind: 'value', text: value };
}

/** amountOutOfBandText in the screen's language. */
export const outOfBandText = (band: Pick<SubCategory, 'min_amount' | 'max_amount' | 'currency'>, messages: Pick<typeof saleMessages, 'amountOutOfBand'>) =>
  messages.amountOutOfBand(formatCardAmount(band.min_amount, band.currency), formatCardAmount(band.max_amount, band.currency));

/** The live value panel under the amount: what the customer will be paid, and the real rate. */
export function SaleValue({ amount, subcategory }: { amount: string; subcategory: SubCategory | undefined }) {
  const t = useTexts(saleValueTexts);
  const saleText = useTexts(saleMessages);
  const preview = saleValuePreview(amount, subcategory, saleText);
  const amountClass =
    preview?.kind === 'value' ? 'sale-value__amount' : preview ? 'sale-value__amount sale-value__amount--range' : 'sale-value__amount sale-value__amount--empty';
  return (
    <section className="sale-value" aria-label={t.label} data-testid="sale-value">
      <span className="sale-value__label">{t.label}</span>
      <output className={amountClass} aria-live="polite" data-testid="sale-value-amount">
        {preview?.text ?? '₦0.00'}
      </output>
      <span className="sale-value__rate">
        {subcategory ? (
          <>
            {t.rate} <strong data-testid="sale-rate">{formatRate(subcategory.exchange_rate, subcategory.currency)}</strong>
          </>
        ) : (
          t.chooseSubcategory
        )}
      </span>
    </section>
  );
}
