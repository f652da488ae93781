import { z } from 'zod';
import type { CoinId } from './crypto';
import { plainText } from './fields';
import { CRYPTO_RETURN_STATUSES } from './plain/crypto-returns';
import { WALLET_ADDRESS_MAX, walletAddressMessages, walletAddressProblem } from './plain/wallet-addresses';

export * from './plain/crypto-returns';
export * from './plain/wallet-addresses';

const networkField = plainText(
  z
    .string({ error: walletAddressMessages.networkInvalid })
    .trim()
    .min(1, walletAddressMessages.networkInvalid)
    .max(40, walletAddressMessages.networkInvalid),
);
const addressField = plainText(
  z
    .string({ error: walletAddressMessages.addressRequired })
    .trim()
    .min(1, walletAddressMessages.addressRequired)
    .max(WALLET_ADDRESS_MAX, walletAddressMessages.addressRequired),
);

/**
 * POST /api/transactions/:id/crypto-return: where the coins of a rejected crypto sale go back.
 * The server checks the address against the sale's coin (and the checksum where the chain has one).
 */
export const cryptoReturnRequestBodySchema = z.strictObject({ network: networkField, address: addressField });
export type CryptoReturnRequestBody = z.infer<typeof cryptoReturnRequestBodySchema>;

/** The same body with the coin's own network and address rules: the form's schema. */
export const cryptoReturnRequestSchema = (coin: CoinId) =>
  cryptoReturnRequestBodySchema.superRefine((value, ctx) => {
    const problem = walletAddressProblem(coin, value.network, value.address);
    if (problem)
      ctx.addIssue({ code: 'custom', path: [problem === walletAddressMessages.networkInvalid ? 'network' : 'address'], message: problem });
  });

export const cryptoReturnSchema = z.object({
  status: z.enum(CRYPTO_RETURN_STATUSES),
  network: z.string(),
  address: z.string(),
  requested_at: z.string(),
  /** The return's transaction ID, once staff have sent the coins. */
  transaction_id: z.string().nullable(),
  returned_at: z.string().nullable(),
});
export type CryptoReturn = z.infer<typeof cryptoReturnSchema>;
export const cryptoReturnResponseSchema = z.object({ crypto_return: cryptoReturnSchema });
