/** /profile/close's words besides privacyMessages. */
export const closeAccountTexts = {
  pinLabel: 'Transaction PIN',
  deleting: 'Deleting...',
} as const;
