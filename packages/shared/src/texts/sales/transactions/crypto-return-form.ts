export const cryptoReturnFormTexts = {
  requestFailed: 'We could not send your request. Try again',
} as const;
