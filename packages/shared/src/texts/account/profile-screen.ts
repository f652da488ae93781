/** /profile. */
export const profileScreenTexts = {
  pageTitle: 'Profile',
  loading: 'Loading',
  greeting: (firstName: string) => `Hi, ${firstName}`,
  gemBalance: 'Wise Gem Balance',
  gemBalanceSub: 'See your total points',
  personalDetails: 'Personal details',
  yourData: 'Your data',
  fullName: 'Full name',
  mobile: 'Mobile number',
  email: 'Email',
  gender: 'Gender',
  address: 'Address',
  dateOfBirth: 'Date of birth',
  genders: { male: 'Male', female: 'Female' },
  notAdded: 'Not added yet',
  modify: 'Modify',
  /** A detail a verified BVN or NIN binds (docs/identity.md): shown read-only. */
  locked: 'Locked',
  lockedRowLabel: (label: string, value: string | null) => `${label}: ${value ?? 'not added yet'}. Locked`,
  /** The row's accessible name: what it is, its value, and that it opens the change. */
  rowLabel: (label: string, value: string | null) => `${label}: ${value ?? 'not added yet'}. Modify`,
} as const;
