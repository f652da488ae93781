/** /tv (docs/product.md §2). */

const payWithGems = 'Pay with your Wise Gems. 1 gem is ₦1.';

export const tvScreenTexts = { title: 'TV · Wise', heading: 'TV/Cable subscription', text: payWithGems } as const;
