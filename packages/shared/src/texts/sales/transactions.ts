/** The transactions list and a transaction's detail (docs/product.md §2, §4). */

/** A status as its pill reads it (the capitalised status). */
export const transactionStatusTexts = {
  pending: 'Pending',
  successful: 'Successful',
  rejected: 'Rejected',
} as const;

export const historyScreenTexts = {
  header: 'History',
  title: 'History · Wise',
  sellGiftCards: 'Sell gift cards',
} as const;

export const transactionHistoryTexts = {
  loading: 'Loading',
  empty: 'No transactions yet',
  emptyOf: { pending: 'No pending transactions', successful: 'No successful transactions', rejected: 'No rejected transactions' },
  emptyText: 'Your gift card and crypto sales will show here, with their status.',
  filters: 'Search by status',
  all: 'All',
} as const;

export const transactionDetailScreenTexts = {
  header: 'Transaction',
  title: 'Transaction · Wise',
  loading: 'Loading',
  backToHistory: 'Back to history',
} as const;

export const transactionDetailTexts = {
  whyRejected: 'Why it was rejected',
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
  paidTo: 'Paid to',
  toBePaidTo: 'To be paid to',
  bank: 'Bank',
  accountNumber: 'Account number',
  accountName: 'Account name',
  status: 'Status',
  screenshotSent: 'Screenshot sent',
  photosSent: 'Photos sent',
  screenshotAlt: 'Screenshot of the transfer',
  photoAlt: (index: number) => `Photo ${index} of the card`,
} as const;

export const statusTimelineTexts = {
  label: 'Status',
  notYet: 'Not yet',
  submitted: 'Submitted',
  under_review: 'Under review',
  paid: 'Paid',
  rejected: 'Rejected',
} as const;

export const receiptActionTexts = {
  heading: 'Receipt',
} as const;

export const cryptoReturnFormTexts = {
  requestFailed: 'We could not send your request. Try again',
} as const;

export const billOrderDetailTexts = {
  gems: (amount: string) => `${amount} gems`,
  details: 'Details',
  service: 'Service',
  plan: 'Plan',
  meterNumber: 'Meter number',
  smartCardNumber: 'Smart card number',
  phone: 'Phone',
  token: 'Token',
  units: 'Units Purchased',
  date: 'Date',
  outcome: 'Outcome',
  copyToken: 'Copy token',
  tokenCopied: 'Token copied',
} as const;
