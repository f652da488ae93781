import { pair, type TextPair } from '../../index';
import { saleNoticeTexts } from '../../../plain/sales';

/** A sale rejected, paid, or its coins sent back: what the server writes a customer who reads Pidgin. */
export const noticePairs: readonly TextPair[] = [
  pair(saleNoticeTexts, {
    rejected: (title, value, reason) => `We no accept your ${title} sale of ${value}. Reason: ${reason}.`,
    rejectedSubject: (title) => `We no accept your ${title} sale`,
    teamMessage: (message) => `Message wey our team send: ${message}`,
    rejectedMistake: 'If you feel say na mistake, reply this e-mail or contact support for the app.',
    cryptoSendBack: 'Open the sale for the app make we send your coins back to your wallet, or make you sell dem again.',
    cryptoSellAgain: 'If you don send the coins since then, open the sale for the app make you sell dem again.',
    paid: (title, amount, bankName, lastDigits) => `We don pay ${amount} for your ${title} sale enter ${bankName} ••${lastDigits}.`,
    quotedValue: (quoted) => `The quoted value na ${quoted}.`,
    quotedValueReason: (quoted, reason) => `The quoted value na ${quoted}. Reason: ${reason}.`,
    amountAdjusted: 'We change the amount after we check the card',
    paidGems: (count) => `You don get ${count} ${count === 1 ? 'gem' : 'gems'}: collect ${count === 1 ? 'am' : 'dem'} for Rewards.`,
    returned: (amount, symbol, title, transactionId) =>
      `We don send ${amount} ${symbol} from your ${title} sale wey we no accept back to your wallet. Transaction ID: ${transactionId}.`,
    returnedSubject: (title) => `We don send your coins from the ${title} sale back`,
    returnedAddress: (network, address) => `Di address (${network}): ${address}`,
  }),
];
