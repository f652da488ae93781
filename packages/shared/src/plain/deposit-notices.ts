/*
 * What the server writes a customer about a deposit the chain watcher saw (docs/crypto-settlement.md):
 * the push and the e-mail when it is first seen. Its payment is told by the sale's own "paid"
 * notice (saleNoticeTexts.paid), which names the coin and the bank. Each catalogue pairs these.
 */
export const depositNoticeTexts = {
  receivedTitle: 'Crypto received',
  received: (amount: string, symbol: string, network: string) =>
    `We have seen your ${amount} ${symbol} on ${network}. We pay you as soon as the network confirms it.`,
  receivedSubject: (symbol: string) => `We have seen your ${symbol} deposit`,
  receivedHeld: (amount: string, symbol: string, minimum: string) =>
    `We have seen your ${amount} ${symbol}, below the minimum of ${minimum} ${symbol}. We keep it for you: contact support in the app.`,
  receivedReview: (amount: string, symbol: string) =>
    `We have seen your ${amount} ${symbol}. A member of our team checks it before we pay you.`,
  closedTitle: 'Crypto deposit not bought',
  closedSubject: (symbol: string) => `We could not buy your ${symbol} deposit`,
  closed: (amount: string, symbol: string, note: string) =>
    `We could not buy your ${amount} ${symbol}. Our team says: ${note} Contact support in the app if you have a question.`,
} as const;

/** The deposit routes' refusals (docs/crypto-settlement.md). */
export const depositErrorCodes = { unavailable: 'DEPOSITS_UNAVAILABLE', notFound: 'DEPOSIT_NOT_FOUND' } as const;
export const depositMessages = {
  unavailable: 'Paying to an address of your own is not available on this network yet. Send to our wallet address and upload a screenshot.',
  notFound: 'Deposit not found.',
} as const;
