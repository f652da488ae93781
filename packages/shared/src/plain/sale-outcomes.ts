/*
 * What a customer reads about a sale's outcome: why it was rejected, what the notices say, why the
 * amount paid is not the quote. Apart from ./sales (which re-exports all of it) so the sell forms,
 * which share that module's chunk, do not download it (the screen budgets, docs/PERFORMANCE.md).
 */
import type { SaleApprovalReasonCode, SaleRejectionCode } from './sales';

/** The words a customer reads for each rejection reason (docs/decisions.md §8; `other` carries the reviewer's own). */
export const saleRejectionReasons: Record<Exclude<SaleRejectionCode, 'other'>, string> = {
  used_card: 'The card has already been used',
  invalid_code: 'The card code is not valid',
  wrong_card_type: 'The card is not the type or country you selected',
  partially_used: 'Part of the card balance has already been used',
  unclear_images: 'The images are not clear enough to verify the card',
  no_deposit: 'We found no deposit matching this sale in our wallet',
  wrong_network: 'The coins were sent on a different network from the one shown for this wallet',
  amount_differs: 'The amount we received is not the amount you sold',
  unconfirmed: 'The transfer has not been confirmed on the blockchain',
};

/**
 * What the server writes a customer when a sale is rejected or paid, or a crypto sale's coins are
 * sent back: the notification, the push and the e-mail (docs/i18n.md; each catalogue pairs it).
 * Amounts come formatted and reasons without their final full stop; plain/sale-notices.ts puts
 * them together in the customer's language.
 */
export const saleNoticeTexts = {
  rejected: (title: string, value: string, reason: string) => `Your ${title} sale of ${value} was rejected. Reason: ${reason}.`,
  rejectedSubject: (title: string) => `Your ${title} sale was rejected`,
  teamMessage: (message: string) => `Message from our team: ${message}`,
  rejectedMistake: 'If you think this is a mistake, reply to this e-mail or contact support in the app.',
  /** A rejected crypto sale's e-mail: what the customer can do about the coins. */
  cryptoSendBack: 'Open the sale in the app to have your coins sent back to your wallet, or to sell them again.',
  cryptoSellAgain: 'If you have sent the coins since, open the sale in the app to sell them again.',
  paid: (title: string, amount: string, bankName: string, lastDigits: string) =>
    `Your ${title} sale of ${amount} has been paid to ${bankName} ••${lastDigits}.`,
  /** Paid another amount than the quote. */
  quotedValue: (quoted: string) => `The quoted value was ${quoted}.`,
  quotedValueReason: (quoted: string, reason: string) => `The quoted value was ${quoted}. Reason: ${reason}.`,
  /** An approval's reason `other` with no note from the reviewer. */
  amountAdjusted: 'The amount was adjusted after review',
  paidGems: (count: number) => `You earned ${count} ${count === 1 ? 'gem' : 'gems'}: collect ${count === 1 ? 'it' : 'them'} on Rewards.`,
  returned: (amount: string, symbol: string, title: string, transactionId: string) =>
    `We sent ${amount} ${symbol} from your rejected ${title} sale back to your wallet. Transaction ID: ${transactionId}.`,
  returnedSubject: (title: string) => `Your coins from the ${title} sale were sent back`,
  returnedAddress: (network: string, address: string) => `Address (${network}): ${address}`,
} as const;

/** Why the amount paid is not the quote, for each listed reason (sales.approval_reason_code). */
export const saleAmountReasons: Record<Exclude<SaleApprovalReasonCode, 'other'>, string> = {
  partially_used: 'Part of the card balance had already been used',
  balance_lower: 'The card balance was lower than stated',
};
/** The words a customer reads for an approval's reason (null when the amount is the quote). */
export function saleAmountReasonWords(code: SaleApprovalReasonCode | null, note: string | null): string | null {
  if (!code) return note;
  return code === 'other' ? (note ?? saleNoticeTexts.amountAdjusted) : saleAmountReasons[code];
}
/** Labels on the transaction detail. */
export const saleAmountLabels = { paid: 'Amount paid', approved: 'Amount to be paid', quoted: 'Quoted value', reason: 'Reason' } as const;
