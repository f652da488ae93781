import { z } from 'zod';
import { fieldMessages as m } from './messages';

/**
 * Crypto selling (SPEC §1, §3 "Coin market data", "Platform price adjustment", "Wallet address
 * record", §9 "Crypto NGN value"; DESIGN §4 "Crypto quote"). Prices, rates and coin amounts
 * travel as decimal strings; naira values as integer kobo.
 */

// ---------------------------------------------------------------------------------------------
// Coins
// ---------------------------------------------------------------------------------------------

/** The four coins a customer can sell (SPEC §1), by our short id. */
export const COIN_IDS = ['btc', 'usdt', 'bnb', 'sol'] as const;
export type CoinId = (typeof COIN_IDS)[number];

export const COINS = {
  btc: { symbol: 'BTC', name: 'Bitcoin', decimals: 8 },
  usdt: { symbol: 'USDT', name: 'Tether', decimals: 6 },
  bnb: { symbol: 'BNB', name: 'BNB', decimals: 8 },
  sol: { symbol: 'SOL', name: 'Solana', decimals: 9 },
} as const satisfies Record<CoinId, { symbol: string; name: string; decimals: number }>;

export const isCoinId = (value: unknown): value is CoinId => typeof value === 'string' && (COIN_IDS as readonly string[]).includes(value);

/** Our own glyph for a coin (the web never loads a third party's image): GET /api/crypto/art/:id.svg. */
export const coinArtUrl = (id: string, symbol?: string) =>
  `/api/crypto/art/${encodeURIComponent(id)}.svg${symbol ? `?symbol=${encodeURIComponent(symbol)}` : ''}`;

/** Sparklines are display only: at most a week of hourly points. */
export const SPARKLINE_MAX_POINTS = 168;
/** The most one quote may be worth: far above a real retail sale, far below kobo's safe-integer range. */
export const CRYPTO_MAX_QUOTE_NGN = 1_000_000_000;
/** Whole coins above this are not a typo we should price (no coin here has 10^9 in one wallet). */
export const COIN_AMOUNT_MAX_INTEGER_DIGITS = 9;

// ---------------------------------------------------------------------------------------------
// Messages and codes
// ---------------------------------------------------------------------------------------------

export const cryptoMessages = {
  amountNotPositive: 'Enter an amount greater than 0',
  tooManyDecimals: (symbol: string, decimals: number) => `${symbol} amounts have at most ${decimals} decimal places`,
  amountTooLarge: 'This amount is too large for one sale',
  amountTooSmall: 'This amount is too small to sell',
  unknownCoin: 'Choose BTC, USDT, BNB or SOL',
  pricesStale: 'Prices are being updated. Try again in a minute.',
  quoteNotFound: 'This quote does not exist',
  quoteExpired: 'This quote has expired. Check the new value and confirm',
  /** 409 QUOTE_USED: one quote sells once. */
  quoteUsed: 'This quote has already been used for a sale. Get a new quote to sell again',
  /** SPEC §8: trending crypto failures use the gift-card text. */
  couldNotFetchTrending: "Couldn't fetch gift cards",
} as const;

export const cryptoErrorCodes = {
  pricesStale: 'PRICES_STALE',
  quoteNotFound: 'QUOTE_NOT_FOUND',
  quoteExpired: 'QUOTE_EXPIRED',
  quoteUsed: 'QUOTE_USED',
} as const;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** Digits with an optional fraction: no sign, exponent, separators, spaces inside or hex. */
const COIN_AMOUNT_PATTERN = /^\d+(\.\d+)?$/;
const COIN_AMOUNT_MAX_LENGTH = 40;

/** Decimal places written in a plain decimal string ("1.50" has 2: the customer typed them). */
export const decimalPlaces = (amount: string) => amount.split('.')[1]?.length ?? 0;

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
export const createQuoteSchema = z
  .strictObject({ coin: coinIdField, amount: coinAmountField })
  .superRefine((input, ctx) => {
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
/** An adjustment as SPEC shows it: "+20", "-15", or "0". */
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
  /** DESIGN §4: naira per USD for this coin, adjustments included. */
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
});
export type TrendingCoin = z.infer<typeof trendingCoinSchema>;

export const trendingResponseSchema = z.object({ coins: z.array(trendingCoinSchema), updated_at: z.string(), stale: z.boolean() });
export type TrendingResponse = z.infer<typeof trendingResponseSchema>;

/** SPEC get_wallet_addresses: where the customer sends each coin. */
export const walletAddressSchema = z.object({
  id: z.string(),
  coin: z.enum(COIN_IDS),
  /** "Bitcoin", "TRC20", "BEP20", "Solana". */
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;
export const walletAddressesResponseSchema = z.object({ addresses: z.array(walletAddressSchema) });
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
