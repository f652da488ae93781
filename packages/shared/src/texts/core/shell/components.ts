/* The shared components' texts (English): one module, so the screens that draw several of them load one small chunk. */

export const bottomNavTexts = {
  label: 'Main',
  home: 'Home',
  wallet: 'Wallet',
  earn: 'Earn',
  support: 'Support',
  profile: 'Profile',
} as const;

export const headerTexts = { back: 'Back' } as const;

export const comingSoonTexts = { badge: 'COMING SOON', backHome: 'Back to Home' } as const;

export const copyButtonTexts = { copy: 'Copy', copied: 'Copied' } as const;

export const imagePickerTexts = { preparing: 'Preparing image', addPhotos: 'Add photos', addMore: 'Add more' } as const;

export const textFieldTexts = {
  emailLabel: 'Email address',
  emailPlaceholder: 'e.g. you@example.com',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;

/** How long ago, beside a notification's date (docs/look.md); a week or older shows the date alone. */
export const relativeTimeTexts = {
  justNow: 'just now',
  minutes: (minutes: number) => `${minutes} min ago`,
  hours: (hours: number) => `${hours} h ago`,
  days: (days: number) => `${days} d ago`,
} as const;

export const fetchErrorTexts = { retry: 'Try again', retrying: 'Retrying...' } as const;
