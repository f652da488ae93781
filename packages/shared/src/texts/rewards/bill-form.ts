/** What the four bill forms and their checkout sheet share (docs/product.md §2, §5). */

/** What the four bill forms and their checkout rows share. */
export const billFormTexts = {
  network: 'Network',
  selectNetwork: 'Select network',
  phone: 'Phone number',
  phonePlaceholder: 'e.g. 0803 123 4567',
  amount: 'Amount',
  balance: (gems: string) => `Balance: ${gems} gems`,
  gems: (gems: string) => `${gems} gems`,
  proceed: 'Proceed',
  checking: 'Checking...',
  number: 'Number',
  name: 'Name',
  plan: 'Plan',
} as const;

export const checkoutSheetTexts = {
  title: 'Checkout',
  purchase: 'Purchase',
  purchasing: 'Purchasing...',
  failed: 'Could not start this purchase. Please try again',
} as const;
