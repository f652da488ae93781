export const saleValueTexts = {
  label: 'You will receive',
  rate: 'Rate',
  chooseSubcategory: 'Choose a sub-category to see its rate',
} as const;
