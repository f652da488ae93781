import { CRYPTO_MAX_QUOTE_NGN, coinAmountProblem, cryptoMessages, isCoinId, type Coin } from '@wise/shared';
import { productKobo } from '#web/lib/decimal';

export type SalePreview =
  /** Nothing typed yet, a number still being typed ("0.", "."), or zero: ₦0.00 and no remark. */
  | { kind: 'none' }
  /** Not an amount we can price; `message` says why, quietly, while the customer types. */
  | { kind: 'invalid'; message: string }
  | { kind: 'value'; valueKobo: number };

const ZERO = /^0*\.?0*$/;

/**
 * What the customer types, as the amount the API takes: a decimal comma becomes a point, and a
 * point with no digits on one side reads as people mean it (".5" is 0.5, "12." is 12).
 */
export function normaliseAmount(typed: string): string {
  const amount = typed.trim().replace(/,/g, '.');
  return amount.replace(/^\./, '0.').replace(/(\d)\.$/, '$1');
}

/**
 * docs/product.md §9's value of `amount` of `coin`, live as the customer types and as prices refresh:
 * amount × USD price × naira-per-USD rate, exact to the kobo. Only a preview: the quote the
 * server gives before Proceed is what the customer is paid.
 */
export function previewSale(typed: string, coin: Pick<Coin, 'id' | 'current_price_usd' | 'rate_ngn_per_usd'>): SalePreview {
  const amount = normaliseAmount(typed);
  if (ZERO.test(amount)) return { kind: 'none' };
  // createQuoteSchema's first message, checked without zod (the screen must not download it to preview).
  const problem = isCoinId(coin.id) ? coinAmountProblem(coin.id, amount) : cryptoMessages.unknownCoin;
  if (problem !== undefined) return { kind: 'invalid', message: problem };
  const valueKobo = productKobo([amount, coin.current_price_usd, coin.rate_ngn_per_usd]);
  if (valueKobo === undefined || valueKobo > CRYPTO_MAX_QUOTE_NGN * 100) return { kind: 'invalid', message: cryptoMessages.amountTooLarge };
  if (valueKobo < 1) return { kind: 'invalid', message: cryptoMessages.amountTooSmall };
  return { kind: 'value', valueKobo };
}
