import { z } from 'zod';
import { limitStaffTexts, type CoinId, type CryptoNetworkId } from '@wise/shared';
import {
  adjustmentField,
  broadcastSchema,
  createSubcategorySchema,
  createWalletSchema,
  cryptoAdminMessages,
  lockCustomerSchema,
  raiseCustomerLimitSchema,
  COIN_NETWORKS,
  networkAddressProblem,
} from '@wise/shared/admin';
import { decimalText, divideHalfUp, parseDecimal } from '#web/lib/decimal';

/*
 * The back office's forms. Every field is typed as text (money never becomes a float): the
 * schemas check the text and hand the server the same decimal strings it stores.
 */

/**
 * The quick rate form on a sub-category's row: only the rate, checked by the very field the
 * server's PATCH uses (naira per 1 unit of the card currency, at most 2 decimals, above 0).
 */
export const rateFormSchema = z.object({ exchange_rate: createSubcategorySchema.shape.exchange_rate });
export type RateFormInput = z.input<typeof rateFormSchema>;

/** A coin's adjustment: the endpoint's own field (signed naira, at most 2 decimals, under ₦100,000 either way). */
export const adjustmentFormSchema = z.object({ adjustment_ngn: adjustmentField });
export type AdjustmentFormInput = z.input<typeof adjustmentFormSchema>;

/** The server's form of a signed adjustment: "-20.00", "15.50", "0.00". */
export function normaliseAdjustment(text: string): string {
  const parsed = parseDecimal(text.trim().replace(/^\+/, ''));
  if (!parsed) return text;
  return decimalText(rescale(parsed, 2));
}

/**
 * The rate a coin gives once its adjustment changes: the rate now, moved by the difference.
 * USDT's adjustment moves every coin (docs/decisions.md §4: each coin's rate starts from USDT/NGN).
 */
export function previewRate(currentRate: string, currentAdjustment: string, nextAdjustment: string): string | undefined {
  const rate = parseDecimal(currentRate);
  const before = parseDecimal(currentAdjustment.replace(/^\+/, ''));
  const after = parseDecimal(nextAdjustment.trim().replace(/^\+/, ''));
  if (!rate || !before || !after) return undefined;
  const scale = Math.max(rate.scale, before.scale, after.scale, 2);
  const units = rescale(rate, scale).units - rescale(before, scale).units + rescale(after, scale).units;
  return decimalText(rescale({ units, scale }, 2));
}

function rescale(value: { units: bigint; scale: number }, scale: number) {
  if (value.scale === scale) return value;
  if (value.scale < scale) return { units: value.units * 10n ** BigInt(scale - value.scale), scale };
  // A market rate carries more decimals than a preview shows: rounded half away from zero.
  return { units: divideHalfUp(value.units, 10n ** BigInt(value.scale - scale)), scale };
}

// Wallet addresses -------------------------------------------------------------------------------

/** The networks a coin is taken on (ids, 0052), in the order customers read them. */
export const networksOf = (coin: CoinId): readonly CryptoNetworkId[] => COIN_NETWORKS[coin];

/**
 * A wallet address as staff type it: the endpoint's coin, network and address fields, the
 * address checked against the network's alphabet and shape (the server also checks checksums).
 * The memo box is text; empty means none. The code is asked for in the confirm step.
 */
export const walletFormSchema = z
  .object({
    coin: createWalletSchema.shape.coin,
    network: createWalletSchema.shape.network,
    address: createWalletSchema.shape.address,
    memo: z
      .string()
      .trim()
      .max(120, cryptoAdminMessages.memoInvalid)
      .transform((memo) => (memo === '' ? null : memo)),
    enabled: z.boolean(),
  })
  .superRefine((value, ctx) => {
    const problem = networkAddressProblem(value.coin, value.network, value.address);
    if (!problem) return;
    const path = problem === cryptoAdminMessages.networkInvalid ? 'network' : 'address';
    ctx.addIssue({ code: 'custom', path: [path], message: problem });
  });
export type WalletFormInput = z.input<typeof walletFormSchema>;
export type WalletFormOutput = z.output<typeof walletFormSchema>;

/**
 * The broadcast form: the endpoint's audience and message rules; the customer is picked from a
 * search (its id kept as text, '' until picked). The code is asked for in the confirm step.
 */
export const broadcastFormSchema = z
  .object({ audience: broadcastSchema.shape.audience, user_id: z.string(), message: broadcastSchema.shape.message })
  .superRefine((value, ctx) => {
    if (value.audience === 'one' && value.user_id === '')
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'Choose the customer' });
  });
export type BroadcastFormInput = z.input<typeof broadcastFormSchema>;
export type BroadcastFormOutput = z.output<typeof broadcastFormSchema>;

/**
 * Raising one customer's payout limit: whole naira typed as text (the endpoint takes numbers, sent
 * once checked), an optional total before verification, the required note and the code.
 */
const wholeNaira = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,10}$/, limitStaffTexts.amountInvalid);
export const raiseLimitFormSchema = z.object({
  daily_limit_naira: wholeNaira,
  total_limit_naira: z.union([z.literal(''), wholeNaira]),
  note: raiseCustomerLimitSchema.shape.note,
  confirm_code: raiseCustomerLimitSchema.shape.confirm_code,
});
export type RaiseLimitFormInput = z.input<typeof raiseLimitFormSchema>;
/** The same form confirmed with a passkey: whatever is in the code field is not sent. */
/** Locking a customer confirmed with a passkey: whatever is in the code field is not sent. */
export const lockPasskeyFormSchema = lockCustomerSchema.extend({ confirm_code: z.string().optional() });
export const raiseLimitPasskeyFormSchema = raiseLimitFormSchema.extend({ confirm_code: z.string().optional() });
