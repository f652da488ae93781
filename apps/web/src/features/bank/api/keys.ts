/** Query keys of the bank feature. */
export const bankKeys = {
  all: ['bank'] as const,
  details: () => [...bankKeys.all, 'details'] as const,
  list: () => [...bankKeys.all, 'list'] as const,
  resolve: (bankCode: string | undefined, bankAccount: string | undefined) => [...bankKeys.all, 'resolve', bankCode, bankAccount] as const,
};
