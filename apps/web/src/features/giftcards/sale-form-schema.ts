import type { z } from 'zod';
import {
  amountOutOfBandText,
  amountWithinBand,
  giftCardSaleFieldsSchema,
  saleAmountField,
  saleMessages,
  type SubCategory,
} from '@wise/shared';

/** The amount lies inside the sub-category's band, edges included (the server's rule). */
export const withinBand = (amount: string, sub: Pick<SubCategory, 'min_amount' | 'max_amount'>): boolean => amountWithinBand(amount, sub);

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
      if (saleAmountField.safeParse(values.amount).success && !withinBand(values.amount, sub))
        ctx.addIssue({ code: 'custom', path: ['amount'], message: amountOutOfBandText(sub) });
    });
}
export type SaleFormInput = z.input<ReturnType<typeof saleFormSchema>>;
export type SaleFormValues = z.output<ReturnType<typeof saleFormSchema>>;
