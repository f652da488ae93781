/** A row of the gem statement (/profile/wisegembalance/history). */

export const gemStatementRowTexts = { unit: ' gems' } as const;
