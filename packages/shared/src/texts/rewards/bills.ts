/*
 * The bill screens' own words (docs/product.md §2 /airtime, /data, /tv, /electricity): one object
 * per screen or component, so each screen's chunk carries only its own. The orders' messages are
 * billMessages (plain/bills.ts).
 */

const payWithGems = 'Pay with your Wise Gems. 1 gem is ₦1.';

export const airtimeScreenTexts = { title: 'Airtime · Wise', heading: 'Buy airtime', text: payWithGems } as const;
export const tvScreenTexts = { title: 'TV · Wise', heading: 'TV/Cable subscription', text: payWithGems } as const;
export const electricityScreenTexts = { title: 'Electricity · Wise', heading: 'Buy electricity', text: payWithGems } as const;

export const dataScreenTexts = {
  title: 'Data · Wise',
  heading: 'Buy data',
  text: 'Choose a network. Pay with your Wise Gems. 1 gem is ₦1.',
  networkPlans: (network: string) => `${network} Data Plans`,
  plansTitle: (network: string) => `${network} Data Plans · Wise`,
  plansText: 'Enter the number, then choose a plan.',
} as const;

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

export const tvFormTexts = {
  service: 'Service',
  selectService: 'Select service',
  variation: 'Variation',
  chooseServiceFirst: 'Choose a service first',
  loadingPlans: 'Loading plans...',
  selectPlan: 'Select plan',
  planOption: (name: string, gems: string) => `${name} · ${gems} gems`,
  tryAgain: 'Try again',
  smartCardNumber: 'Smart card number',
  smartCardPlaceholder: 'e.g. 7027914329',
  amountPlaceholder: "The plan's price",
  smartCard: 'Smart card',
} as const;

export const electricityFormTexts = {
  provider: 'Provider',
  selectProvider: 'Select provider',
  meterType: 'Meter type',
  selectMeterType: 'Select meter type',
  meterTypes: { prepaid: 'Prepaid', postpaid: 'Postpaid' },
  meterNumber: 'Meter number',
  meterPlaceholder: 'e.g. 45012345678',
  upTo: (gems: string) => `Up to ${gems}`,
} as const;

export const dataPlansTexts = {
  loading: 'Loading data plans',
  plans: (network: string) => `${network} data plans`,
} as const;

export const checkoutSheetTexts = {
  title: 'Checkout',
  purchase: 'Purchase',
  purchasing: 'Purchasing...',
  failed: 'Could not start this purchase. Please try again',
} as const;

export const billPinTexts = {
  title: 'Enter PIN',
  pageTitle: (title: string) => `${title} · Wise`,
  text: 'Enter your four digits pin',
  summary: (title: string, gems: string) => `${title} · ${gems} gems`,
  pin: 'PIN',
  verify: 'Verify',
  verifying: 'Verifying...',
  startAgain: 'Start again',
  loading: 'Loading',
  setPin: 'Set PIN',
  pinFailed: 'Could not check your PIN. Please try again',
} as const;

export const billSuccessScreenTexts = {
  goHome: 'Go to Home',
  buyAgain: 'Buy again',
  summary: (title: string, gems: string) => `${title} · ${gems} gems`,
  copyToken: 'Copy token',
  tokenCopied: 'Token copied',
} as const;
