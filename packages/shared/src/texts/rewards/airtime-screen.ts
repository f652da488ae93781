/** /airtime (docs/product.md §2). */

const payWithGems = 'Pay with your Wise Gems. 1 gem is ₦1.';

export const airtimeScreenTexts = { title: 'Airtime · Wise', heading: 'Buy airtime', text: payWithGems } as const;
