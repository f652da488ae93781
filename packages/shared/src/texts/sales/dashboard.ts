/** The home dashboard (docs/product.md §1) and its cards: one object per component, so each chunk carries its own. */
export const dashboardTexts = {
  title: 'Home · Wise',
  profile: 'Your profile',
  greeting: (name: string) => `Hi, ${name}`,
  welcome: 'Welcome back to Wise',
  notifications: 'Notifications',
  notificationsUnread: (unread: number) => `Notifications, ${unread} unread`,
  loading: 'Loading',
} as const;

export const gemBalanceCardTexts = {
  label: 'Wise Gem balance',
  hide: 'Hide balance',
  show: 'Show balance',
  gems: 'gems',
  hidden: 'Balance hidden',
  history: 'History',
} as const;

export const actionCardTexts = {
  label: 'Sell',
  giftCards: 'Sell Gift Cards',
  giftCardsText: 'Get naira for your gift cards',
  crypto: 'Sell Cryptocurrency',
  cryptoText: 'BTC, USDT, BNB and SOL',
} as const;

export const pendingActionTexts = {
  heading: 'Finish setting up',
  set_pin: { title: 'Set your transaction PIN', text: 'You need it to pay bills with your gems' },
  upload_photo: { title: 'Upload a profile photo', text: 'Put a face to your account' },
  add_bank_details: { title: 'Add your bank details', text: 'Where we pay you for your sales' },
} as const;

export const servicesGridTexts = {
  heading: 'Services',
  airtime: 'Airtime',
  data: 'Data',
  bettings: 'Bettings',
  tv: 'TV',
  electricity: 'Electricity',
  transport: 'Transport',
  earn: 'Earn',
  more: 'More',
} as const;

/** The PIN screens under /homepage (their messages are pinMessages). */
export const pinScreenTexts = {
  header: 'Transaction PIN',
  title: 'Transaction PIN · Wise',
  loading: 'Loading',
  currentTitle: 'Enter current PIN',
  currentText: 'Enter your four digits pin to change it',
  newTitle: 'Choose a new PIN',
  setTitle: 'Set transaction PIN',
  newText: 'Enter four digits you will use to approve airtime, data, TV and electricity payments',
  confirmTitle: 'Confirm PIN · Wise',
  confirmHeading: 'Confirm PIN',
  confirmText: 'Enter the same four digits again',
  successTitle: 'PIN set',
  successMessage: 'Your transaction PIN is set',
  successAction: 'Go to Home',
} as const;

export const notificationsScreenTexts = {
  header: 'Notifications',
  title: 'Notifications · Wise',
  loading: 'Loading',
  emptyTitle: 'No notifications yet',
  emptyText: 'We will let you know here when something happens on your account.',
  unread: 'Unread',
} as const;
