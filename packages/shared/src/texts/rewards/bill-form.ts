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

/**
 * What makes a phone-number bill quick: the network read from the number's prefix (a guess the
 * customer can change: numbers are ported), the customer's own number in one tap, and ready
 * amounts.
 */
export const billQuickTexts = {
  myNumber: 'My number',
  detected: (network: string) => `${network}, from the number. Number moved to another network? Choose it above.`,
  otherNetwork: (network: string) => `This number looks like ${network}.`,
  seeOtherPlans: (network: string) => `See ${network} plans`,
  quickAmounts: 'Quick top-ups',
} as const;
