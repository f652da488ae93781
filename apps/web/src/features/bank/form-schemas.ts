/*
 * The bank form's schemas, in a module of their own: the form imports it when first used
 * (lib/use-zod-form.ts), so zod is not part of what the screen downloads before it can be used
 * (the JavaScript budgets, docs/PERFORMANCE.md).
 */
export { updateBankSchema, updateBankWithPasswordSchema, updateBankWithPinSchema } from '@wise/shared';
