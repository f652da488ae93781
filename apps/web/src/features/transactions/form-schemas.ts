/*
 * The transaction screens' form schemas, in a module of their own: a form imports it when first
 * used (lib/use-zod-form.ts), so zod is not part of what the detail screen downloads.
 */
export { cryptoReturnRequestSchema } from '@wise/shared';
