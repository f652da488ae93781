/*
 * The PIN forms' schemas, in a module of their own: each form imports it when first used
 * (lib/use-zod-form.ts), so zod is not part of what these screens download before they can be
 * used (the JavaScript budgets, docs/PERFORMANCE.md).
 */
export { currentPinSchema, pinEntrySchema, setPinSchema } from '@wise/shared';
