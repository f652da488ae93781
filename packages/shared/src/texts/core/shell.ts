/*
 * The app shell's and shared components' texts (English; docs/i18n.md). One object per component,
 * so each screen's chunk carries only the texts of what it draws.
 */

export const bottomNavTexts = {
  label: 'Main',
  home: 'Home',
  wallet: 'Wallet',
  earn: 'Earn',
  support: 'Support',
  profile: 'Profile',
} as const;

export const headerTexts = { back: 'Back' } as const;

export const routeProgressTexts = { loading: 'Loading' } as const;

export const comingSoonTexts = { badge: 'COMING SOON', backHome: 'Back to Home' } as const;

export const copyButtonTexts = { copy: 'Copy', copied: 'Copied' } as const;

export const imagePickerTexts = { preparing: 'Preparing image', addPhotos: 'Add photos', addMore: 'Add more' } as const;

export const textFieldTexts = {
  emailLabel: 'Email address',
  emailPlaceholder: 'e.g. you@example.com',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;

export const fetchErrorTexts = { retry: 'Try again', retrying: 'Retrying...' } as const;

export const landingTexts = {
  documentTitle: 'Wise · Sell gift cards and crypto',
  cryptoTitle: 'Easy way to invest in cryptocurrency',
  cryptoText: 'Trade all your crypto easily and fast in the market',
  cardsTitle: 'Convenient & Secure Gift Card Trading',
  cardsText: 'Just enjoy trading giftcards',
  slides: 'Choose a slide',
  slide: (index: number, count: number) => `Slide ${index} of ${count}`,
  dashboard: 'Go to my dashboard',
  createAccount: 'Create an account',
  login: 'I have an account. Login',
} as const;

export const splashTexts = { tagline: 'Gift cards · Crypto · Wise Gems' } as const;
