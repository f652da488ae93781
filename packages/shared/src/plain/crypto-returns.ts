/*
 * What happens to the coins of a rejected crypto sale (docs/back-office.md, "Crypto rejections and returns"):
 * the customer gives an address to send them back to, staff send them and record the return's
 * transaction ID, and the customer sees it; or the customer sells again (a new sale). Plain (no
 * zod), re-exported by crypto-returns.ts, so the transaction screen reads these without schemas.
 */
import type { SaleRejectionCode } from './sales';

export const CRYPTO_RETURN_STATUSES = ['requested', 'returned'] as const;
export type CryptoReturnStatus = (typeof CRYPTO_RETURN_STATUSES)[number];

/** A return's transaction ID (hash) as staff paste it. */
export const CRYPTO_RETURN_TX_ID_MAX = 120;

/**
 * With no deposit found there is nothing to send back: the customer can only sell again. Every
 * other crypto rejection (including staff's own words) leaves coins with us to return.
 */
export const cryptoRejectionAllowsReturn = (code: SaleRejectionCode | null | undefined): boolean => code !== 'no_deposit';

export const cryptoReturnTexts = {
  heading: 'Your coins',
  choose: 'We did not buy these coins. Tell us where to send them back, or sell them again.',
  noDeposit: 'We found no deposit for this sale, so there are no coins to send back. If you have sent them since, sell them again.',
  askReturn: 'Send my coins back',
  sellAgain: 'Sell again',
  network: 'Network',
  address: 'Your wallet address',
  addressHint: (symbol: string, network: string) => `Where we send your ${symbol} on ${network}. Copy it from your wallet.`,
  submit: 'Request return',
  submitting: 'Requesting...',
  cancel: 'Cancel',
  requested: 'Return requested',
  returned: 'Returned',
  requestedBody: (amount: string, symbol: string, network: string) =>
    `We will send ${amount} ${symbol} back to this address on ${network}. You will be notified when it is sent.`,
  returnedBody: (amount: string, symbol: string, network: string) => `We sent ${amount} ${symbol} back to this address on ${network}.`,
  sentTo: 'Sent to',
  returnTxId: 'Transaction ID',
  requestedAt: 'Requested',
  returnedAt: 'Returned',
} as const;

export const cryptoReturnMessages = {
  notAllowed: 'Coins from this sale cannot be sent back',
  alreadyRequested: 'You have already asked for these coins back',
  notRequested: 'The customer has not asked for these coins back',
  alreadyRecorded: 'This return has already been recorded',
  txIdRequired: 'Enter the transaction ID of the return',
  txIdTooLong: `Cannot be more than ${CRYPTO_RETURN_TX_ID_MAX} characters`,
} as const;

export const cryptoReturnErrorCodes = {
  notAllowed: 'CRYPTO_RETURN_NOT_ALLOWED',
  alreadyRequested: 'CRYPTO_RETURN_EXISTS',
  notRequested: 'CRYPTO_RETURN_NOT_REQUESTED',
  alreadyRecorded: 'CRYPTO_RETURN_RECORDED',
} as const;
