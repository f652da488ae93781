import { z } from 'zod';
import { fieldMessages, isPlainText } from '@wise/shared';

/*
 * TEMPORARY: the text fields of POST /api/crypto/sales as CRYPTO-API.md states them, until
 * packages/shared exports the server's own schema for them (then this file goes).
 */
export const CRYPTO_TRANSACTION_ID_MAX = 120;

export const cryptoSaleFieldsSchema = z.object({
  quote_id: z.uuid(),
  transaction_id: z
    .string()
    .refine((value) => isPlainText(value), { message: fieldMessages.invalidCharacters, abort: true })
    .trim()
    .max(CRYPTO_TRANSACTION_ID_MAX, `Cannot be more than ${CRYPTO_TRANSACTION_ID_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CryptoSaleFields = z.infer<typeof cryptoSaleFieldsSchema>;
export type CryptoSaleFieldsInput = z.input<typeof cryptoSaleFieldsSchema>;
