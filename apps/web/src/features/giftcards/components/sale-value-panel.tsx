import { formatRate, saleMessages, saleValueTexts, type SubCategory } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import { saleValuePreview } from './sale-value';
import './giftcards.css';

/** The live value panel under the amount: what the customer will be paid, and the real rate. */
export function SaleValue({ amount, subcategory }: { amount: string; subcategory: SubCategory | undefined }) {
  const t = useTexts(saleValueTexts);
  const saleText = useTexts(saleMessages);
  const preview = saleValuePreview(amount, subcategory, saleText);
  const amountClass =
    preview?.kind === 'value'
      ? 'sale-value__amount'
      : preview
        ? 'sale-value__amount sale-value__amount--range'
        : 'sale-value__amount sale-value__amount--empty';
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
