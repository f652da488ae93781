/** A status as its pill reads it (the capitalised status). */
export const transactionStatusTexts = {
  pending: 'Pending',
  successful: 'Successful',
  rejected: 'Rejected',
  /** A bill purchase the network failed, and what became of its gems (plain/bills.ts `isFailedBill`). */
  failed: 'Failed',
  refunded: 'Refunded',
} as const;
