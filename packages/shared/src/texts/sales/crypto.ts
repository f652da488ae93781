/** The crypto selling screens (docs/product.md §2, §4, §5): one object per screen or component. */

export const cryptoCatalogueScreenTexts = {
  header: 'Sell Cryptocurrency',
  title: 'Sell Cryptocurrency · Wise',
  heading: 'Choose a coin',
  text: 'Sell BTC, USDT, BNB or SOL for naira, paid into your bank account.',
} as const;

export const unknownCoinTexts = {
  header: 'Sell Cryptocurrency',
  title: 'Sell Cryptocurrency · Wise',
  heading: "We don't buy this coin",
  seeCoins: 'See the coins',
} as const;

export const sellCoinScreenTexts = {
  loading: 'Loading',
  header: (symbol: string) => `Sell ${symbol}`,
  title: (name: string) => `Sell ${name} · Wise`,
  heading: (name: string) => `Sell ${name}`,
  howMuch: (symbol: string) => `How much ${symbol} are you sending?`,
} as const;

export const cryptoConfirmAccountTexts = {
  header: 'Confirm account',
  title: 'Confirm account · Wise',
  heading: 'Confirm your bank account',
  text: 'Once your transfer is verified, we pay the naira into this account.',
} as const;

export const walletAddressScreenTexts = {
  header: 'Wallet address',
  title: 'Wallet address · Wise',
  loading: 'Loading',
  notReceiving: (symbol: string) => `We are not receiving ${symbol} right now`,
  tryLater: 'Please try again later, or sell another coin.',
  network: 'Network',
  sent: 'I have sent it',
  heading: (symbol: string) => `Send your ${symbol}`,
  text: 'Send the coins from your wallet or exchange, then tell us you sent them.',
} as const;

export const walletConfirmScreenTexts = {
  header: 'Confirm transfer',
  title: 'Confirm transfer · Wise',
  heading: 'Confirm your transfer',
  text: (symbol: string) => `Upload a screenshot showing the ${symbol} you sent.`,
} as const;

export const sellCoinFormTexts = {
  quoteFailed: 'We could not price this amount. Try again',
  amount: (symbol: string) => `Amount in ${symbol}`,
  example: (amount: string) => `e.g. ${amount}`,
  decimals: (decimals: number) => `Up to ${decimals} decimal places`,
  valueLabel: 'Value in naira',
  youGet: 'You get',
  rate: 'Rate',
  proceeding: 'Proceeding...',
  proceed: 'Proceed',
} as const;

export const transferProofFormTexts = {
  cancelled: 'Upload cancelled. Tap Submit when you are ready: it carries on with the same sale.',
  dropped: 'The connection dropped before your sale was confirmed. Tap Submit again: it carries on with the same sale and never makes a second one.',
  label: 'Proof of transfer',
  screenshot: 'Screenshot of your transfer',
  screenshotHint: 'The confirmation screen of your wallet or exchange, at most 10 MB',
  transactionId: 'Transaction ID (optional)',
  transactionIdHint: 'The hash or ID your wallet shows for this transfer: it helps us find it faster',
  uploading: 'Uploading screenshot',
  checking: 'Checking screenshot...',
  cancelUpload: 'Cancel upload',
  submitting: 'Submitting...',
  submit: 'Submit',
} as const;

export const walletAddressCardTexts = {
  copyFailed: 'Could not copy. Press and hold the address to copy it',
  label: (symbol: string) => `${symbol} address`,
  sendExactly: 'Send exactly',
  onThe: 'on the',
  networkTo: 'network to:',
  qr: (symbol: string, network: string) => `QR code of our ${symbol} address on ${network}`,
  copyAddress: 'Copy address',
  memo: 'Memo (include it, or the coins cannot be matched to you)',
  copyMemo: 'Copy memo',
  sendOnly: 'Send only',
  networkToAddress: 'network to this address. Any other coin,',
  lost: (symbol: string) => `or ${symbol} sent on another network, is lost and cannot be returned.`,
} as const;

export const quoteSummaryTexts = {
  refreshFailed: 'We could not get a new price. Try again',
  label: 'Your sale',
  heldFor: (time: string) => `Price held for ${time}`,
  held: 'Price held',
  youGet: 'You get',
  rate: 'Rate',
  refreshing: 'The price hold has ended. Getting a new price...',
  tryAgain: 'Try again',
  changed: (amount: string) => `The price hold ended, so we priced your ${amount} again. It is now worth`,
  was: (value: string) => `(it was ${value}).`,
  confirmNew: 'Confirm new value',
} as const;

export const quoteMissingTexts = {
  title: 'This price is no longer available',
  text: 'Enter the amount again to get a fresh price.',
  startAgain: 'Start again',
} as const;

export const coinListTexts = {
  loading: 'Loading coins',
} as const;

export const popularCryptoTexts = {
  loading: 'Loading popular cryptocurrency',
  none: 'No trending coins right now.',
  heading: 'Popular cryptocurrency',
  seeLess: 'See Less',
  seeMore: 'See More',
} as const;

export const priceChangeTexts = {
  up: (change: string) => `up ${change}`,
  down: (change: string) => `down ${change}`,
  label: (said: string) => `24 hour change ${said}`,
} as const;
