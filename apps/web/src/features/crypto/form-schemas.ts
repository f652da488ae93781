import { coinIdField, createQuoteSchema } from '@wise/shared';
import { z } from 'zod';
import { normaliseAmount } from './sale-preview';

/*
 * The crypto forms' schemas, in a module of their own: each form imports it when first used
 * (lib/use-zod-form.ts), so zod is not part of what the form screens download before they can
 * be used (the JavaScript budgets, docs/PERFORMANCE.md).
 */
export { cryptoSaleFieldsSchemaFor } from '@wise/shared';

/** The endpoint's own schema, over what the customer typed ("0,5" and ".5" read as 0.5). */
export const sellCoinSchema = z
  .object({ coin: coinIdField, amount: z.string() })
  .transform((input) => ({ ...input, amount: normaliseAmount(input.amount) }))
  .pipe(createQuoteSchema);
