import { z } from 'zod';
import {
  airtimeOrderSchema,
  billPhoneField,
  electricityOrderSchema,
  fieldMessages,
  parseTvPlanValue,
  tvOrderSchema,
  type BillPlan,
} from '@wise/shared';

export { authoriseBillOrderSchema } from '@wise/shared';

/*
 * The bill forms (docs/product.md §5): the shared order schemas without `kind`, plus what only the screen
 * knows — the gem balance ('Insufficient balance') and, for TV, the chosen plan's price. A balance
 * still loading (`undefined`) is left to the server, which checks it again anyway. The forms
 * import this module when first used (lib/use-zod-form.ts): zod is not part of what the bill
 * screens download before they can be used (the JavaScript budgets, docs/PERFORMANCE.md).
 */

const overBalance = (amount: number, balance: number | undefined) => balance !== undefined && amount > balance;

export const airtimeFormSchema = (balance: number | undefined) =>
  airtimeOrderSchema.omit({ kind: true }).superRefine((value, ctx) => {
    if (overBalance(value.amount, balance)) ctx.addIssue({ code: 'custom', path: ['amount'], message: fieldMessages.insufficientBalance });
  });
export type AirtimeFormInput = z.input<ReturnType<typeof airtimeFormSchema>>;
export type AirtimeFormValues = z.output<ReturnType<typeof airtimeFormSchema>>;

export const electricityFormSchema = (balance: number | undefined) =>
  electricityOrderSchema.omit({ kind: true }).superRefine((value, ctx) => {
    if (overBalance(value.amount, balance)) ctx.addIssue({ code: 'custom', path: ['amount'], message: fieldMessages.insufficientBalance });
  });
export type ElectricityFormInput = z.input<ReturnType<typeof electricityFormSchema>>;
export type ElectricityFormValues = z.output<ReturnType<typeof electricityFormSchema>>;

/** TV: the select's value joins code and name (docs/product.md §2); the amount is the plan's and cannot be typed. */
export const tvFormSchema = (balance: number | undefined, plans: readonly BillPlan[]) =>
  tvOrderSchema
    .pick({ service: true, smart_card_number: true, phone: true })
    .extend({ plan: z.string().trim().min(1, fieldMessages.required), amount: z.string().optional() })
    .transform((value, ctx) => {
      const parsed = parseTvPlanValue(value.plan);
      const plan = parsed && plans.find((p) => p.variation_code === parsed.variation_code && p.name === parsed.name);
      if (!plan) {
        ctx.addIssue({ code: 'custom', path: ['plan'], message: fieldMessages.invalidEntry });
        return z.NEVER;
      }
      if (overBalance(plan.amount, balance)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: fieldMessages.insufficientBalance });
        return z.NEVER;
      }
      return { service: value.service, smart_card_number: value.smart_card_number, phone: value.phone, plan };
    });
export type TvFormInput = z.input<ReturnType<typeof tvFormSchema>>;
export type TvFormValues = z.output<ReturnType<typeof tvFormSchema>>;

/** The data page's one field: the sheet opens only with a valid, non-empty number (docs/product.md §4). */
export const dataPhoneSchema = z.object({ phone: billPhoneField });
export type DataPhoneInput = z.input<typeof dataPhoneSchema>;
