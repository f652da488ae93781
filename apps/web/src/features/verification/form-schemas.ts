/*
 * The verification form's schema, in a module of its own: the form imports it when first used
 * (lib/use-zod-form.ts), so zod is not part of what the screen downloads before it can be used
 * (the JavaScript budgets, docs/PERFORMANCE.md).
 */
export { identityNumberSchema, identityResetSchema } from '@wise/shared';
