/** A status as its pill reads it (the capitalised status). */
export const transactionStatusTexts = {
  pending: 'Pending',
  successful: 'Successful',
  rejected: 'Rejected',
} as const;
