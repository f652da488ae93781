/*
 * The manual crypto path (docs/crypto-settlement.md, "The manual path"): sending coins to the
 * company's shared address and uploading a screenshot. An admin turns it off once customers pay to
 * deposit addresses of their own; GET /api/crypto/wallet-addresses says whether it is open
 * (`manual_path`), and POST /api/crypto/sales refuses a sale with these words when it is not.
 */

export const manualPathMessages = {
  /** 409 MANUAL_PATH_OFF: the screenshot form is closed. */
  manualPathOff:
    'Selling with a screenshot has stopped. Go back and send your coins to your own deposit address: we pay once the network confirms them',
  /** 409 TRANSACTION_ID_DEPOSIT (under the transaction ID): a transfer to a deposit address is credited on its own. */
  transactionIsDeposit:
    'This transaction went to a deposit address, not to our shared address. It is paid on its own to the account that address belongs to, so it cannot be sold here',
} as const;

export const manualPathErrorCodes = {
  manualPathOff: 'MANUAL_PATH_OFF',
  transactionIsDeposit: 'TRANSACTION_ID_DEPOSIT',
} as const;
