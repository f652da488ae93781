/** /profile/wisegembalance/history's words besides gemStatementTexts. */
export const gemStatementScreenTexts = {
  loading: 'Loading',
} as const;
