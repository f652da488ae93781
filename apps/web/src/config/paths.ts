/** Every route's path, once (docs/product.md §2). Screens and links build hrefs from here, never by hand. */
export const paths = {
  splash: '/',
  home: '/home',
  login: '/login',
  loginPassword: '/login/password',
  createAccount: '/createaccount',
  createAccountOtp: '/createaccount/otp',
  createAccountSuccess: '/createaccount/success',
  passwordReset: '/passwordreset',
  passwordResetEmail: '/passwordreset/resetemail',
  passwordResetNew: '/passwordreset/newpassword',
  passwordResetSuccess: '/passwordreset/success',
  // docs/features.md, "Rates and alerts": an addition to docs/product.md §2, public.
  rates: '/rates',
  homepage: '/homepage',
  pinSet: '/homepage/pinset',
  pinConfirm: '/homepage/confirmpinset',
  pinSuccess: '/homepage/pinset/success',
  history: '/homepage/history',
  notifications: '/homepage/notifications',
  account: '/account',
  updateBank: '/account/updatebank',
  accountSuccess: '/account/success',
  earn: '/earn',
  earnSuccess: '/earn/success',
  support: '/support',
  liveChat: '/support/livechat',
  profile: '/profile',
  profileSuccess: '/profile/success',
  gemBalance: '/profile/wisegembalance',
  gemStatement: '/profile/wisegembalance/history',
  profileFullName: '/profile/modifyfullname',
  profilePhone: '/profile/modifyphonenumber',
  profilePhoneNumber: '/profile/modifyphonenumber/enternumber',
  profilePhoneOtp: '/profile/modifyphonenumber/enterOTP',
  profileEmail: '/profile/modifyemail',
  profileEmailNew: '/profile/modifyemail/enternewemail',
  profileEmailOtp: '/profile/modifyemail/enterOTP',
  profileGender: '/profile/modifygender',
  profileAddress: '/profile/modifyaddress',
  profileDob: '/profile/modifydob',
  verification: '/profile/verification',
  verificationNumber: '/profile/verification/identitynumber',
  // docs/features.md, "Your data (NDPA 2023)": not in docs/product.md.
  profileData: '/profile/data',
  profileDataDownload: '/profile/data/download',
  profileClose: '/profile/close',
  // docs/features.md, "Passkeys": not in docs/product.md.
  profilePasskeys: '/profile/passkeys',
  verificationDocument: '/profile/verification/document',
  rewards: '/rewards',
  rewardsHistory: '/rewards/history',
  rewardsSuccess: '/rewards/success',
  more: '/more',
  bettings: '/bettings',
  transport: '/transport',
  airtime: '/airtime',
  data: '/data',
  tv: '/tv',
  electricity: '/electricity',
  airtimePin: '/airtime/enterPIN',
  airtimeSuccess: '/airtime/success',
  dataProvider: '/data/:provider',
  dataPin: '/data/enterPIN',
  dataSuccess: '/data/success',
  tvPin: '/tv/enterPIN',
  tvSuccess: '/tv/success',
  electricityPin: '/electricity/enterPIN',
  electricitySuccess: '/electricity/success',
  giftCards: '/sellgiftcards/giftcardscatalogue',
  giftCardConfirmAccount: '/sellgiftcards/giftcardscatalogue/confirmaccount',
  giftCardSell: '/sellgiftcards/giftcardscatalogue/:card',
  giftCardSuccess: '/sellgiftcards/giftcardscatalogue/success',
  transaction: '/homepage/history/:id',
  crypto: '/sellcrypto/cryptocatalogue',
  cryptoCoin: '/sellcrypto/cryptocatalogue/:coin',
  cryptoConfirmAccount: '/sellcrypto/cryptocatalogue/:coin/confirmaccount',
  cryptoWalletAddress: '/sellcrypto/cryptocatalogue/:coin/walletaddress',
  cryptoWalletConfirm: '/sellcrypto/cryptocatalogue/:coin/walletaddress/confirm',
  cryptoSuccess: '/sellcrypto/cryptocatalogue/:coin/success',
} as const;

/** Selling a gift card: the card travels in the query string, so each step survives a reload. */
export const giftCardHrefs = {
  confirmAccount: (slug: string) => `${paths.giftCardConfirmAccount}?card=${encodeURIComponent(slug)}`,
  sell: (slug: string) => paths.giftCardSell.replace(':card', encodeURIComponent(slug)),
  success: (saleId: string) => `${paths.giftCardSuccess}?sale=${encodeURIComponent(saleId)}`,
};

/** One transaction's detail (/homepage/history/:id). */
export const transactionHref = (id: string) => paths.transaction.replace(':id', encodeURIComponent(id));

/** The screen each notification topic opens (shared NOTIFICATION_TOPICS; the server checks these against its list). */
export const notificationTopicHref = {
  rates: paths.rates,
  pin: paths.account,
  bank: paths.account,
  security: paths.profile,
  identity: paths.verification,
  rewards: paths.rewards,
} as const satisfies Record<'rates' | 'pin' | 'bank' | 'security' | 'identity' | 'rewards', string>;

/** A path with `?returnTo=` for a screen that should come back here when it is done. */
export const withReturnTo = (path: string, returnTo: string) => `${path}?returnTo=${encodeURIComponent(returnTo)}`;

/** Selling a coin: the quote (then the sale) travels in the query string, so each step survives a reload. */
const cryptoStep = (path: string, coin: string, query: string, id: string) =>
  `${path.replace(':coin', encodeURIComponent(coin))}?${query}=${encodeURIComponent(id)}`;
const withNetwork = (href: string, network?: string) => (network ? `${href}&network=${encodeURIComponent(network)}` : href);
export const cryptoHrefs = {
  /** `amount` prefills the form (selling again the coins of a rejected sale). */
  coin: (coin: string, amount?: string) =>
    `${paths.cryptoCoin.replace(':coin', encodeURIComponent(coin))}${amount ? `?amount=${encodeURIComponent(amount)}` : ''}`,
  confirmAccount: (coin: string, quoteId: string) => cryptoStep(paths.cryptoConfirmAccount, coin, 'quote', quoteId),
  /** `network`: the one the customer chose (USDT), kept when they come back from the next step. */
  walletAddress: (coin: string, quoteId: string, network?: string) =>
    withNetwork(cryptoStep(paths.cryptoWalletAddress, coin, 'quote', quoteId), network),
  walletConfirm: (coin: string, quoteId: string, network?: string) =>
    withNetwork(cryptoStep(paths.cryptoWalletConfirm, coin, 'quote', quoteId), network),
  success: (coin: string, saleId: string) => cryptoStep(paths.cryptoSuccess, coin, 'sale', saleId),
};

/** Buying a bill: the order travels in the query string, so the PIN and success screens survive a reload. */
const billSteps = {
  airtime: { start: paths.airtime, pin: paths.airtimePin, success: paths.airtimeSuccess },
  data: { start: paths.data, pin: paths.dataPin, success: paths.dataSuccess },
  tv: { start: paths.tv, pin: paths.tvPin, success: paths.tvSuccess },
  electricity: { start: paths.electricity, pin: paths.electricityPin, success: paths.electricitySuccess },
} as const;
export type BillStepKind = keyof typeof billSteps;
export const billHrefs = {
  start: (kind: BillStepKind) => billSteps[kind].start,
  dataProvider: (network: string) => paths.dataProvider.replace(':provider', encodeURIComponent(network)),
  pin: (kind: BillStepKind, orderId: string) => `${billSteps[kind].pin}?order=${encodeURIComponent(orderId)}`,
  success: (kind: BillStepKind, orderId: string) => `${billSteps[kind].success}?order=${encodeURIComponent(orderId)}`,
};
