// The bill services the app sells, in their own module: constants.ts sits in the first screen's
// bundle (the storage keys), and these lists are only for the bills forms.
export const ELECTRICITY_PROVIDERS = [
  'ikeja',
  'eko',
  'kano',
  'portharcourt',
  'jos',
  'ibadan',
  'kaduna',
  'abuja',
  'enugu',
  'benin',
  'aba',
  'yola',
] as const;
export const TV_SERVICES = ['dstv', 'gotv', 'startimes', 'showmax'] as const;
