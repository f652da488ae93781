/** Support, More and the coming-soon screens' own words (docs/product.md §2). */
export const bettingsTexts = {
  title: 'Bettings',
  text: 'Fund your betting wallets with Wise Gems. We are putting the finishing touches to it.',
} as const;
