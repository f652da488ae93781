import { z } from 'zod';
import { fieldMessages as m } from './messages';
import { CRYPTO_NETWORK_IDS } from './plain/crypto-networks';
import {
  COIN_IDS,
  COINS,
  SPARKLINE_MAX_POINTS,
  COIN_AMOUNT_MAX_INTEGER_DIGITS,
  cryptoMessages,
  COIN_AMOUNT_PATTERN,
  COIN_AMOUNT_MAX_LENGTH,
  decimalPlaces,
} from './plain/crypto';

export {
  COIN_IDS,
  COINS,
  isCoinId,
  coinArtUrl,
  SPARKLINE_MAX_POINTS,
  CRYPTO_MAX_QUOTE_NGN,
  COIN_AMOUNT_MAX_INTEGER_DIGITS,
  cryptoMessages,
  cryptoErrorCodes,
  decimalPlaces,
  coinAmountProblem,
  trendingCoinTexts,
} from './plain/crypto';
export type { CoinId } from './plain/crypto';
export {
  CRYPTO_NETWORK_IDS,
  CRYPTO_NETWORKS,
  COIN_NETWORKS,
  isCryptoNetworkId,
  coinTakenOn,
  onlyNetworkOf,
  networkName,
  cryptoNetworkMessages,
} from './plain/crypto-networks';
export type { CryptoNetworkId } from './plain/crypto-networks';

/** A coin amount as typed: a positive plain decimal, checked against its coin by the schema below. */
export const coinAmountField = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(COIN_AMOUNT_MAX_LENGTH, m.invalidInput)
  .regex(COIN_AMOUNT_PATTERN, m.invalidInput)
  .refine((amount) => /[1-9]/.test(amount), cryptoMessages.amountNotPositive)
  .refine(
    (amount) => (amount.split('.')[0] ?? '').replace(/^0+(?=\d)/, '').length <= COIN_AMOUNT_MAX_INTEGER_DIGITS,
    cryptoMessages.amountTooLarge,
  );

export const coinIdField = z.enum(COIN_IDS, { error: cryptoMessages.unknownCoin });

/** POST /api/crypto/quotes: the amount may not be finer than the coin itself (BTC 8 decimals, …). */
export const createQuoteSchema = z.strictObject({ coin: coinIdField, amount: coinAmountField }).superRefine((input, ctx) => {
  const { symbol, decimals } = COINS[input.coin];
  if (decimalPlaces(input.amount) > decimals) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: cryptoMessages.tooManyDecimals(symbol, decimals) });
  }
});
export type CreateQuoteInput = z.infer<typeof createQuoteSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** A plain decimal string, possibly signed ("-1.23"). */
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
/** An adjustment as the product shows it: "+20", "-15", or "0". */
const signedDecimalString = z.string().regex(/^([+-]\d+(\.\d+)?|0)$/);

export const coinSchema = z.object({
  id: z.enum(COIN_IDS),
  symbol: z.string(),
  name: z.string(),
  image_url: z.string(),
  current_price_usd: decimalString,
  current_price_ngn: decimalString,
  price_change_percentage_24h: decimalString,
  sparkline_7d: z.array(z.number()).max(SPARKLINE_MAX_POINTS),
  /** docs/decisions.md §4: naira per USD for this coin, adjustments included. */
  rate_ngn_per_usd: decimalString,
});
export type Coin = z.infer<typeof coinSchema>;

/** `stale`: older than the server's maximum price age; quotes are refused until fresh prices arrive. */
export const coinsResponseSchema = z.object({ coins: z.array(coinSchema), updated_at: z.string(), stale: z.boolean() });
export type CoinsResponse = z.infer<typeof coinsResponseSchema>;

export const trendingCoinSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image_url: z.string(),
  current_price_usd: decimalString,
  price_change_percentage_24h: decimalString,
  sparkline_7d: z.array(z.number()).max(SPARKLINE_MAX_POINTS),
  /** Our id when we buy this coin (its sell page is then one tap away); null for one we do not buy yet. */
  sellable: z.enum(COIN_IDS).nullish(),
  /**
   * Naira per USD for the coin's naira price: what we pay for this coin when we buy it, our USDT
   * rate for a coin we do not buy (a guide only); null without market prices.
   */
  rate_ngn_per_usd: decimalString.nullish(),
});
export type TrendingCoin = z.infer<typeof trendingCoinSchema>;

export const trendingResponseSchema = z.object({ coins: z.array(trendingCoinSchema), updated_at: z.string(), stale: z.boolean() });
export type TrendingResponse = z.infer<typeof trendingResponseSchema>;

/** The original get_wallet_addresses: where the customer sends each coin. */
export const walletAddressSchema = z.object({
  id: z.string(),
  coin: z.enum(COIN_IDS),
  /** A network id (0052): 'bitcoin', 'tron', 'bsc', 'solana'; customers read its label. */
  network: z.enum(CRYPTO_NETWORK_IDS),
  address: z.string(),
  memo: z.string().nullable(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;
export const walletAddressesResponseSchema = z.object({
  addresses: z.array(walletAddressSchema),
  /**
   * Whether the old way is still open: sending to these shared addresses and uploading a screenshot
   * (an admin turns it off once every customer pays to their own deposit address). Absent means open.
   */
  manual_path: z.boolean().optional(),
});
export type WalletAddressesResponse = z.infer<typeof walletAddressesResponseSchema>;

/** A stored price promise, honoured until `expires_at`. */
export const quoteSchema = z.object({
  id: z.string(),
  coin: z.enum(COIN_IDS),
  amount: decimalString,
  price_usd: decimalString,
  /** Market USDT/NGN ± the USDT adjustment. */
  usdt_rate_ngn: decimalString,
  /** This coin's own adjustment; "0" for USDT. */
  coin_adjustment_ngn: signedDecimalString,
  rate_ngn_per_usd: decimalString,
  value_kobo: z.number().int().positive(),
  /** value_kobo in naira with two decimals, e.g. "1234567.89". */
  value_ngn: z.string().regex(/^\d+\.\d{2}$/),
  expires_at: z.string(),
  prices_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteResponseSchema = z.object({ quote: quoteSchema });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** `meta` of a 409 QUOTE_EXPIRED from POST /api/crypto/sales: a fresh quote for the same coin and amount. */
export const quoteExpiredMetaSchema = z.object({ quote: quoteSchema });
export type QuoteExpiredMeta = z.infer<typeof quoteExpiredMetaSchema>;
