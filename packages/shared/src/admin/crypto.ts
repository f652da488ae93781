// Back office: coin price adjustments and wallet addresses (helper: business).
import { z } from 'zod';
import { COIN_IDS, CRYPTO_NETWORK_IDS } from '../crypto';
import { COIN_NETWORKS, CRYPTO_NETWORKS, coinTakenOn, networkName } from '../plain/crypto-networks';
import { plainText } from '../fields';
import { staffConfirmationFields } from './confirmation';
import {
  ADDRESS_PATTERNS,
  addressFormatOf,
  networkAddressProblem,
  walletAddressMessages,
  walletAddressProblem,
  WALLET_NETWORKS,
  type AddressFormat,
} from '../plain/wallet-addresses';

export const cryptoAdminMessages = {
  adjustmentInvalid: 'Enter a naira amount like -20 or +15.50 (at most 2 decimals)',
  adjustmentTooLarge: 'An adjustment must be less than ₦100,000 either way',
  coinInvalid: 'Choose BTC, USDT, BNB or SOL',
  networkInvalid: walletAddressMessages.networkInvalid,
  addressRequired: walletAddressMessages.addressRequired,
  memoInvalid: 'A memo is 1-120 characters',
  sortOrderInvalid: 'Order is a whole number from 0 to 999',
  nothingToChange: 'Change at least one field',
  addressTaken: 'This address is already listed for this coin and network',
  walletNotFound: 'No such wallet address',
  address: walletAddressMessages.address,
} as const;

// The networks and address rules are shared with the customer's return address (plain/wallet-addresses).
export { ADDRESS_PATTERNS, addressFormatOf, walletAddressProblem, WALLET_NETWORKS, type AddressFormat };
// Our own addresses name a network id (0052): the networks each coin is taken on.
export { COIN_NETWORKS, CRYPTO_NETWORKS, coinTakenOn, networkAddressProblem, networkName };

const coinField = z.enum(COIN_IDS, { error: cryptoAdminMessages.coinInvalid });
export const cryptoCoinParamsSchema = z.object({ coin: coinField });
export const walletIdParamsSchema = z.object({ id: z.uuid({ error: cryptoAdminMessages.walletNotFound }) });

/** "-20.00", "+15", "10.5": a signed naira amount, |x| < 100,000 (numeric(14,2) and 0008's CHECK). */
export const adjustmentField = z
  .string({ error: cryptoAdminMessages.adjustmentInvalid })
  .trim()
  .regex(/^[+-]?\d{1,6}(\.\d{1,2})?$/, cryptoAdminMessages.adjustmentInvalid)
  .refine((value) => Math.abs(Number(value)) < 100_000, cryptoAdminMessages.adjustmentTooLarge);

/** PUT /api/admin/crypto/adjustments/:coin */
export const updateAdjustmentSchema = z.strictObject({ adjustment_ngn: adjustmentField, ...staffConfirmationFields });
export type UpdateAdjustmentInput = z.input<typeof updateAdjustmentSchema>;

export const coinAdjustmentSchema = z.object({
  coin: z.enum(COIN_IDS),
  /** Signed naira, two decimals: "-20.00". */
  adjustment_ngn: z.string(),
  updated_at: z.string(),
  /** The coin's USD price and naira per USD with today's adjustments; null without market prices. */
  price_usd: z.string().nullable(),
  rate_ngn_per_usd: z.string().nullable(),
});
export type CoinAdjustment = z.infer<typeof coinAdjustmentSchema>;

/** GET /api/admin/crypto/adjustments: each coin's adjustment and the rate customers are quoted now. */
export const coinAdjustmentsResponseSchema = z.object({
  coins: z.array(coinAdjustmentSchema),
  usdt_market_rate_ngn: z.string().nullable(),
  prices_at: z.string().nullable(),
  stale: z.boolean(),
});
export type CoinAdjustmentsResponse = z.infer<typeof coinAdjustmentsResponseSchema>;
export const coinAdjustmentResponseSchema = z.object({ adjustment: coinAdjustmentSchema });

const networkField = z.enum(CRYPTO_NETWORK_IDS, { error: cryptoAdminMessages.networkInvalid });
const addressField = plainText(
  z
    .string({ error: cryptoAdminMessages.addressRequired })
    .trim()
    .min(1, cryptoAdminMessages.addressRequired)
    .max(120, cryptoAdminMessages.addressRequired),
);
const memoField = plainText(
  z
    .string({ error: cryptoAdminMessages.memoInvalid })
    .trim()
    .min(1, cryptoAdminMessages.memoInvalid)
    .max(120, cryptoAdminMessages.memoInvalid),
).nullable();
const sortOrderField = z
  .number({ error: cryptoAdminMessages.sortOrderInvalid })
  .int(cryptoAdminMessages.sortOrderInvalid)
  .min(0, cryptoAdminMessages.sortOrderInvalid)
  .max(999, cryptoAdminMessages.sortOrderInvalid);
const enabledField = z.boolean({ error: 'Must be true or false' });

/** POST /api/admin/crypto/wallets: the address must fit the network's alphabet and shape. */
export const createWalletSchema = z
  .strictObject({
    coin: coinField,
    network: networkField,
    address: addressField,
    memo: memoField.optional(),
    enabled: enabledField.default(true),
    sort_order: sortOrderField.default(0),
    ...staffConfirmationFields,
  })
  .superRefine((value, context) => {
    if (!coinTakenOn(value.coin, value.network)) {
      context.addIssue({ code: 'custom', path: ['network'], message: cryptoAdminMessages.networkInvalid });
      return;
    }
    const problem = networkAddressProblem(value.coin, value.network, value.address);
    if (problem) context.addIssue({ code: 'custom', path: ['address'], message: problem });
  });
export type CreateWalletInput = z.input<typeof createWalletSchema>;

/** PATCH /api/admin/crypto/wallets/:id (the coin stays; a new network or address is checked against the coin on the server). */
export const updateWalletSchema = z
  .strictObject({
    network: networkField.optional(),
    address: addressField.optional(),
    memo: memoField.optional(),
    enabled: enabledField.optional(),
    sort_order: sortOrderField.optional(),
    ...staffConfirmationFields,
  })
  .refine(
    ({ confirm_code: _code, confirm_passkey: _passkey, ...rest }) => Object.values(rest).some((v) => v !== undefined),
    cryptoAdminMessages.nothingToChange,
  );
export type UpdateWalletInput = z.input<typeof updateWalletSchema>;

export const adminWalletSchema = z.object({
  id: z.string(),
  coin: z.enum(COIN_IDS),
  network: z.enum(CRYPTO_NETWORK_IDS),
  address: z.string(),
  memo: z.string().nullable(),
  enabled: z.boolean(),
  sort_order: z.number().int(),
  /** False for an address that does not fit its network (the seeded demo addresses): customers must not be sent there. */
  address_valid: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminWallet = z.infer<typeof adminWalletSchema>;
export const adminWalletListSchema = z.object({ wallets: z.array(adminWalletSchema) });
export const adminWalletResponseSchema = z.object({ wallet: adminWalletSchema });
