export const bottomNavTexts = {
  label: 'Main',
  home: 'Home',
  wallet: 'Wallet',
  earn: 'Earn',
  support: 'Support',
  profile: 'Profile',
} as const;
