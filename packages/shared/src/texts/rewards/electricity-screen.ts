/** /electricity (docs/product.md §2). */

const payWithGems = 'Pay with your Wise Gems. 1 gem is ₦1.';

export const electricityScreenTexts = { title: 'Electricity · Wise', heading: 'Buy electricity', text: payWithGems } as const;
