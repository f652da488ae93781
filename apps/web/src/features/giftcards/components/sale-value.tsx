import {
  amountWithinBand,
  formatCardAmount,
  formatKobo,
  previewValueKobo,
  saleAmountProblem,
  saleMessages,
  type SubCategory,
} from '@wise/shared';
import './giftcards.css';

// The value's arithmetic, without React or the screen's texts: the rates calculator uses it too.

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
export function saleValuePreview(
  amount: string,
  subcategory: SubCategory | undefined,
  messages: Pick<typeof saleMessages, 'amountOutOfBand'> = saleMessages,
): SaleValuePreview {
  if (!subcategory) return undefined;
  const value = saleValueText(amount, subcategory.exchange_rate);
  if (value === undefined) return undefined;
  if (!amountWithinBand(amount.trim(), subcategory)) return { kind: 'out-of-band', text: outOfBandText(subcategory, messages) };
  return { kind: 'value', text: value };
}

/** amountOutOfBandText in the screen's language. */
export const outOfBandText = (
  band: Pick<SubCategory, 'min_amount' | 'max_amount' | 'currency'>,
  messages: Pick<typeof saleMessages, 'amountOutOfBand'>,
) => messages.amountOutOfBand(formatCardAmount(band.min_amount, band.currency), formatCardAmount(band.max_amount, band.currency));
