import { formatKobo, formatRate, previewValueKobo, saleAmountProblem, type SubCategory } from '@wise/shared';
import './giftcards.css';

/**
 * SPEC §9: the cash value is amount × exchange_rate, shown live to 2 decimals in naira. It is
 * computed exactly on the decimal strings (integers, never floats); the server recomputes it.
 */
export function saleValueText(amount: string, exchangeRate: string): string | undefined {
  if (saleAmountProblem(amount) !== undefined) return undefined;
  const kobo = previewValueKobo(amount, exchangeRate);
  return kobo === undefined ? undefined : formatKobo(kobo);
}

/** The live value panel under the amount: what the customer will be paid, and the real rate. */
export function SaleValue({ amount, subcategory }: { amount: string; subcategory: SubCategory | undefined }) {
  const value = subcategory ? saleValueText(amount, subcategory.exchange_rate) : undefined;
  return (
    <section className="sale-value" aria-label="You will receive" data-testid="sale-value">
      <span className="sale-value__label">You will receive</span>
      <output className={value ? 'sale-value__amount' : 'sale-value__amount sale-value__amount--empty'} aria-live="polite" data-testid="sale-value-amount">
        {value ?? '₦0.00'}
      </output>
      <span className="sale-value__rate">
        {subcategory ? (
          <>
            Rate <strong data-testid="sale-rate">{formatRate(subcategory.exchange_rate, subcategory.currency)}</strong>
          </>
        ) : (
          'Choose a sub-category to see its rate'
        )}
      </span>
    </section>
  );
}
