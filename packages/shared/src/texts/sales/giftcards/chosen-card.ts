export const chosenCardTexts = {
  label: 'Gift card',
  selling: 'Selling',
  change: 'Change Card',
} as const;
