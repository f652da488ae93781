export const receiptActionTexts = {
  heading: 'Receipt',
} as const;
