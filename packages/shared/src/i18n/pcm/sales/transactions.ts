import { pair, type TextPair } from '../../index';
import {
  billOrderDetailTexts,
  cryptoReturnFormTexts,
  historyScreenTexts,
  receiptActionTexts,
  statusTimelineTexts,
  transactionDetailScreenTexts,
  transactionDetailTexts,
  transactionHistoryTexts,
  transactionStatusTexts,
} from '../../../texts/sales/index';
import { cryptoReturnTexts } from '../../../plain/crypto-returns';
import { payoutFailureTexts } from '../../../plain/payouts';
import { receiptTexts } from '../../../plain/receipts';
import { afterSaleTexts, REVIEW_TIME_WINDOW_HOURS } from '../../../plain/review-time';
import { saleAmountLabels, saleAmountReasons, saleRejectionReasons } from '../../../plain/sales';

/** formatReviewDuration in Pidgin: "less than one minute", "about 12 minutes", "about 2 hours 15 minutes". */
function reviewDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than one minute';
  if (minutes < 60) return `like ${plural(minutes, 'minute')}`;
  if (minutes >= 180) return `like ${plural(Math.round(minutes / 60), 'hour')}`;
  const rest = minutes % 60;
  return `like ${plural(Math.floor(minutes / 60), 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''}`;
}

export const transactionPairs: readonly TextPair[] = [
  pair(transactionStatusTexts, { pending: 'Pending', successful: 'Successful', rejected: 'Rejected' }),
  pair(historyScreenTexts, { header: 'History', title: 'History · Wise', sellGiftCards: 'Sell gift cards' }),
  pair(transactionHistoryTexts, {
    loading: 'E dey load',
    empty: 'No transaction yet',
    emptyOf: { pending: 'No pending transaction', successful: 'No successful transaction', rejected: 'No rejected transaction' },
    emptyText: 'Your gift card and crypto sales go show for here, with their status.',
    filters: 'Search by status',
    all: 'All',
  }),
  pair(transactionDetailScreenTexts, {
    header: 'Transaction',
    title: 'Transaction · Wise',
    loading: 'E dey load',
    backToHistory: 'Go back to history',
  }),
  pair(transactionDetailTexts, {
    whyRejected: 'Why we reject am',
    messageFromTeam: 'Message from our team',
    details: 'Details',
    card: 'Card',
    subcategory: 'Sub-category',
    amount: 'Amount',
    rate: 'Rate',
    transactionId: 'Transaction ID',
    value: 'Value',
    cardCode: 'Card code',
    date: 'Date',
    comment: 'Comment',
    paymentReference: 'Payment reference',
    paidTo: 'We pay am enter',
    toBePaidTo: 'We go pay am enter',
    bank: 'Bank',
    accountNumber: 'Account number',
    accountName: 'Account name',
    status: 'Status',
    screenshotSent: 'Screenshot wey you send',
    photosSent: 'Photos wey you send',
    screenshotAlt: 'Screenshot of the transfer',
    photoAlt: (index) => `Photo ${index} of the card`,
  }),
  pair(statusTimelineTexts, {
    label: 'Status',
    notYet: 'E never reach',
    submitted: 'Submitted',
    under_review: 'We dey check am',
    paid: 'Paid',
    rejected: 'Rejected',
  }),
  pair(receiptActionTexts, { heading: 'Receipt' }),
  pair(cryptoReturnFormTexts, { requestFailed: 'We no fit send your request. Try am again' }),
  pair(billOrderDetailTexts, {
    gems: (amount) => `${amount} gems`,
    details: 'Details',
    service: 'Service',
    plan: 'Plan',
    meterNumber: 'Meter number',
    smartCardNumber: 'Smart card number',
    phone: 'Phone',
    token: 'Token',
    units: 'Units wey you buy',
    date: 'Date',
    outcome: 'Result',
    copyToken: 'Copy token',
    tokenCopied: 'Token don copy',
  }),
  pair(receiptTexts, {
    heading: 'Transaction receipt',
    brand: 'Wise',
    shareImage: 'Share receipt',
    saveImage: 'Save receipt',
    downloadPdf: 'Download PDF',
    preparing: 'E dey prepare…',
    imageFailed: 'We no fit make the receipt picture. Try am again, or download the PDF.',
    shareTitle: (title) => `Wise receipt · ${title}`,
    timeZone: (zone) => `All the times na ${zone} time.`,
    issued: (when) => `We issue am ${when}.`,
  }),
  pair(afterSaleTexts, {
    summaryHeading: 'Wetin you sell',
    sold: 'You sell',
    amount: 'Amount',
    value: 'You go collect',
    reviewTime: (medianSeconds) => `Review dey take ${reviewDuration(medianSeconds)} now.`,
    reviewTimeUnknown: 'We go check your sale quick quick and tell you the moment e don finish.',
    reviewTimeBasis: (reviews) =>
      `We count am from the ${reviews === 1 ? 'last review' : `${reviews} reviews`} of the last ${REVIEW_TIME_WINDOW_HOURS} hours.`,
  }),
  pair(cryptoReturnTexts, {
    heading: 'Your coins',
    choose: 'We no buy these coins. Tell us where we go send dem back, or sell dem again.',
    noDeposit: 'We no see any deposit for this sale, so no coins dey to send back. If you don send dem since, sell dem again.',
    askReturn: 'Send my coins back',
    sellAgain: 'Sell again',
    network: 'Network',
    address: 'Your wallet address',
    addressHint: (symbol, network) => `Na there we go send your ${symbol} on ${network}. Copy am from your wallet.`,
    submit: 'Ask for return',
    submitting: 'E dey send...',
    cancel: 'Cancel',
    requested: 'You don ask for return',
    returned: 'We don return am',
    requestedBody: (amount, symbol, network) =>
      `We go send ${amount} ${symbol} back to this address on ${network}. We go tell you when we send am.`,
    returnedBody: (amount, symbol, network) => `We don send ${amount} ${symbol} back to this address on ${network}.`,
    sentTo: 'We send am to',
    returnTxId: 'Transaction ID',
    requestedAt: 'You ask',
    returnedAt: 'We return am',
  }),
  pair(payoutFailureTexts, {
    label: 'Payment no go',
    updateBank: 'Update bank details',
    help: 'Update your bank details and we go send the money to your new account sharp sharp.',
    reasons: {
      account_invalid: 'Your bank account no fit receive the money: maybe dem close am, e don sleep, or the number no correct.',
      bank_declined: 'Your bank no gree collect the payment.',
      name_mismatch: 'The name for the bank account no match the name wey we get for you.',
      reversed: 'Your bank return the payment back to us.',
      other: 'The payment to your bank account no go through.',
    },
  }),
  pair(saleAmountLabels, { paid: 'Amount wey we pay', approved: 'Amount wey we go pay', quoted: 'Quoted value', reason: 'Reason' }),
  pair(saleRejectionReasons, {
    used_card: 'Person don use the card before',
    invalid_code: 'The card code no correct',
    wrong_card_type: 'The card no be the type or country wey you choose',
    partially_used: 'Person don use part of the card balance',
    unclear_images: 'The pictures no clear reach for us to check the card',
    no_deposit: 'We no see any deposit for our wallet wey match this sale',
    wrong_network: 'Dem send the coins on another network, no be the one wey we show for this wallet',
    amount_differs: 'The amount wey we receive no be the amount wey you sell',
    unconfirmed: 'The blockchain never confirm the transfer',
  }),
  pair(saleAmountReasons, {
    partially_used: 'Person don already use part of the card balance',
    balance_lower: 'The card balance no reach wetin you talk',
  }),
];
