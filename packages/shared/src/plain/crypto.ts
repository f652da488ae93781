/*
 * The part of crypto.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). crypto.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */
import { fieldMessages } from '../messages';

/**
 * Crypto selling (docs/product.md §1, §3 "Coin market data", "Platform price adjustment", "Wallet address
 * record", §9 "Crypto NGN value"; docs/decisions.md §4 "Crypto quote"). Prices, rates and coin amounts
 * travel as decimal strings; naira values as integer kobo.
 */

// ---------------------------------------------------------------------------------------------
// Coins
// ---------------------------------------------------------------------------------------------

/** The four coins a customer can sell (docs/product.md §1), by our short id. */
export const COIN_IDS = ['btc', 'usdt', 'bnb', 'sol'] as const;
export type CoinId = (typeof COIN_IDS)[number];

export const COINS = {
  btc: { symbol: 'BTC', name: 'Bitcoin', decimals: 8, exampleAmount: '0.005' },
  usdt: { symbol: 'USDT', name: 'Tether', decimals: 6, exampleAmount: '100' },
  bnb: { symbol: 'BNB', name: 'BNB', decimals: 8, exampleAmount: '0.5' },
  sol: { symbol: 'SOL', name: 'Solana', decimals: 9, exampleAmount: '2' },
} as const satisfies Record<CoinId, { symbol: string; name: string; decimals: number; exampleAmount: string }>;

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
  /** docs/product.md §8: trending crypto failures use the gift-card text. */
  couldNotFetchTrending: "Couldn't fetch gift cards",
} as const;

/** The detail sheet of a popular coin we do not buy (the dashboard's Popular cryptocurrency). */
export const trendingCoinTexts = {
  notBought: (name: string) => `We do not buy ${name} yet.`,
  weBuy: 'You can sell Bitcoin (BTC), Tether (USDT), BNB and Solana (SOL) on Wise.',
  seeCoins: 'Sell a coin we buy',
  close: 'Close',
  price: 'Price',
  change: '24 h change',
  week: 'Last 7 days',
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
export const COIN_AMOUNT_PATTERN = /^\d+(\.\d+)?$/;
export const COIN_AMOUNT_MAX_LENGTH = 40;

/** Decimal places written in a plain decimal string ("1.50" has 2: the customer typed them). */
export const decimalPlaces = (amount: string) => amount.split('.')[1]?.length ?? 0;

/**
 * The first thing `createQuoteSchema` would say about `amount` of `coin`, in its order (required,
 * not a plain decimal, not above 0, too many whole digits, finer than the coin), or undefined when
 * it would accept it — without zod, for the live preview while the customer types (docs/PERFORMANCE.md's
 * budgets). packages/shared/test/plain-checks.test.ts holds it to the schema's verdict.
 */
export function coinAmountProblem(coin: CoinId, typed: string): string | undefined {
  const amount = typed.trim();
  if (amount.length < 1) return fieldMessages.required;
  if (amount.length > COIN_AMOUNT_MAX_LENGTH || !COIN_AMOUNT_PATTERN.test(amount)) return fieldMessages.invalidInput;
  if (!/[1-9]/.test(amount)) return cryptoMessages.amountNotPositive;
  if ((amount.split('.')[0] ?? '').replace(/^0+(?=\d)/, '').length > COIN_AMOUNT_MAX_INTEGER_DIGITS) return cryptoMessages.amountTooLarge;
  const { symbol, decimals } = COINS[coin];
  if (decimalPlaces(amount) > decimals) return cryptoMessages.tooManyDecimals(symbol, decimals);
  return undefined;
}
