import type { z } from 'zod';
import { formatCardAmount, giftCardSaleFieldsSchema, saleAmountField, saleMessages, type SubCategory } from '@wise/shared';
import { parseDecimal } from '../../lib/decimal';

/** Compares two plain decimal strings exactly ("25.5" vs "25.50" is 0); undefined if either is not one. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | undefined {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return undefined;
  const scale = Math.max(x.scale, y.scale);
  const left = x.units * 10n ** BigInt(scale - x.scale);
  const right = y.units * 10n ** BigInt(scale - y.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** The amount lies inside the sub-category's band, edges included (the server's rule). */
export function withinBand(amount: string, sub: Pick<SubCategory, 'min_amount' | 'max_amount'>): boolean {
  const low = compareDecimals(amount, sub.min_amount);
  const high = compareDecimals(amount, sub.max_amount);
  return low !== undefined && high !== undefined && low >= 0 && high <= 0;
}

/** "Enter an amount between $25.00 and $100.00 for this card", as the server words it. */
export const outOfBandMessage = (sub: Pick<SubCategory, 'min_amount' | 'max_amount' | 'currency'>) =>
  saleMessages.amountOutOfBand(formatCardAmount(sub.min_amount, sub.currency), formatCardAmount(sub.max_amount, sub.currency));

/**
 * The sell form's fields, checked by the very schema the endpoint uses, plus the one rule that
 * needs the card's data: the amount within the chosen sub-category's band. The rate the customer
 * saw and the images are added at submit.
 */
export function saleFormSchema(subcategories: readonly SubCategory[]) {
  return giftCardSaleFieldsSchema
    .pick({ subcategory_id: true, amount: true, comment: true, card_code: true })
    .superRefine((values, ctx) => {
      const sub = subcategories.find((entry) => entry.id === values.subcategory_id);
      if (!sub) {
        ctx.addIssue({ code: 'custom', path: ['subcategory_id'], message: saleMessages.subcategoryRequired });
        return;
      }
      // A malformed amount already has its own message; the band speaks only of real numbers.
      if (saleAmountField.safeParse(values.amount).success && !withinBand(values.amount, sub)) ctx.addIssue({ code: 'custom', path: ['amount'], message: outOfBandMessage(sub) });
    });
}
export type SaleFormInput = z.input<ReturnType<typeof saleFormSchema>>;
export type SaleFormValues = z.output<ReturnType<typeof saleFormSchema>>;
