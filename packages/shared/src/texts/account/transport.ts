/** Support, More and the coming-soon screens' own words (docs/product.md §2). */
export const transportTexts = {
  title: 'Transport',
  text: 'Pay for rides and bus tickets with Wise Gems. We are putting the finishing touches to it.',
} as const;
