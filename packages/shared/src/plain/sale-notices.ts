/*
 * A sale's notices (rejected, paid, coins sent back) in the customer's language: the server writes
 * them once, for users.language (docs/i18n.md). Apart from sales.ts so that no screen carries
 * these sentences nor the language lookup; English when no language is given.
 */
import { defaultLanguage, textsIn, translateText, type Language } from '../i18n/index';
import { COINS, type CoinId } from './crypto';
import { cryptoRejectionAllowsReturn } from './crypto-returns';
import { formatKobo, saleNoticeTexts, type SaleRejectionCode } from './sales';

/** A reason as the middle of a sentence: its own final full stop and spaces dropped. */
const clause = (reason: string) => reason.replace(/[.\s]+$/, '');

/**
 * A rejection's headline. `reason` is the English the sale keeps (a listed reason's words, or the
 * reviewer's own, which stay as written); a listed reason is read in `language`.
 */
export const saleRejectedMessage = (title: string, valueKobo: number, reason: string, language: Language = defaultLanguage) =>
  textsIn(saleNoticeTexts, language).rejected(title, formatKobo(valueKobo), clause(translateText(reason, language)));

/** The line a rejected crypto sale's e-mail adds: what the customer can do about the coins. */
export const cryptoRejectedNextStep = (code: SaleRejectionCode | null | undefined, language: Language = defaultLanguage) => {
  const t = textsIn(saleNoticeTexts, language);
  return cryptoRejectionAllowsReturn(code) ? t.cryptoSendBack : t.cryptoSellAgain;
};

/**
 * The sentence a paid notification and e-mail add when the amount paid is not the quote; `reason`
 * as saleAmountReasonWords gives it (a listed reason is read in `language`, a reviewer's note as written).
 */
export function saleAmountDifferenceLine(quotedKobo: number, reason: string | null, language: Language = defaultLanguage): string {
  const t = textsIn(saleNoticeTexts, language);
  return reason
    ? t.quotedValueReason(formatKobo(quotedKobo), clause(translateText(reason, language)))
    : t.quotedValue(formatKobo(quotedKobo));
}

/** The in-app notification (and push, and e-mail) when staff record a crypto return. */
export const cryptoReturnedMessage = (
  coin: CoinId,
  amount: string,
  title: string,
  transactionId: string,
  language: Language = defaultLanguage,
) => textsIn(saleNoticeTexts, language).returned(amount, COINS[coin].symbol, title, transactionId);
