/** The profile screens' own words (docs/product.md §2, §4, §5); the server's answers are profileMessages. */

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
  /** The row's accessible name: what it is, its value, and that it opens the change. */
  rowLabel: (label: string, value: string | null) => `${label}: ${value ?? 'not added'}. Modify`,
} as const;

export const photoUploadTexts = {
  change: 'Change profile photo',
  upload: 'Upload profile photo',
} as const;

/** The frame of every modify screen and its one-field forms. */
export const profileFormTexts = {
  loading: 'Loading',
  submit: 'Submit',
  submitting: 'Submitting...',
} as const;

export const fullNameFormTexts = {
  title: 'Modify Full Name',
  intro: 'Enter your name as it appears on your bank account',
  firstName: 'First name',
  middleName: 'Middle name (optional)',
  surname: 'Surname',
  failed: 'Could not update your name. Please try again',
} as const;

export const genderFormTexts = {
  title: 'Modify Gender',
  intro: 'Choose the gender on your ID, so your details match when we pay you.',
  label: 'Gender',
  placeholder: 'Select gender',
  male: 'Male',
  female: 'Female',
  failed: 'Could not update your gender. Please try again',
} as const;

export const addressFormTexts = {
  title: 'Modify Address',
  label: 'Address',
  placeholder: 'House number, street, city',
  failed: 'Could not update your address. Please try again',
} as const;

export const dateOfBirthFormTexts = {
  title: 'Modify Date of Birth',
  intro: 'Choose the day you were born, as it is on your ID. Tap the field to open the calendar.',
  label: 'Date of birth',
  failed: 'Could not update your date of birth. Please try again',
} as const;

/** The password again before a sensitive change. */
export const confirmPasswordTexts = {
  password: 'Password',
  forgot: 'Forgot Password. Reset',
  continue: 'Continue',
  verifying: 'Verifying...',
} as const;

/** The four boxes of a phone or e-mail change code. */
export const contactOtpTexts = {
  codeLabel: 'One-time code',
  didntGet: "Didn't get it?",
  sending: 'Sending...',
  sendNew: 'Send a new code',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'Could not verify the code. Please try again',
} as const;

/** /profile/modifyphonenumber and its two next steps. */
export const modifyPhoneTexts = {
  title: 'Modify Phone Number',
  intro: 'Enter your password to continue',
  currentNumber: 'Current number:',
  newPageTitle: 'New phone number',
  newTitle: 'Enter new number',
  newIntro: 'We will text a four-digit code to this number',
  newLabel: 'New phone number',
  sending: 'Sending...',
  continue: 'Continue',
  sendFailed: 'Could not send the code. Please try again',
  otpTitle: 'Enter OTP',
  otpIntro: (to: string) => `Enter the four digits sent to ${to}`,
  resendFailed: 'Could not send the code',
} as const;

/** /profile/modifyemail and its two next steps. */
export const modifyEmailTexts = {
  title: 'Modify Email',
  intro: 'This is the email on your account. Enter your password to change it.',
  currentEmail: 'Current email',
  newPageTitle: 'New email',
  newTitle: 'Enter new email',
  newIntro: 'We will send a four-digit code to this address',
  newLabel: 'New email address',
  sending: 'Sending...',
  continue: 'Continue',
  sendFailed: 'Could not send the code. Please try again',
  otpTitle: 'Enter OTP',
  otpIntro: (to: string) => `Enter the four digits sent to ${to}`,
  resendFailed: 'Could not send the code',
} as const;

export const profileSuccessTexts = {
  pageTitle: 'Profile',
  returnHome: 'Return to Home',
} as const;

/** /profile/wisegembalance. */
export const gemBalanceTexts = {
  loading: 'Loading',
  title: 'Wise Gem Balance',
  totalPoints: 'Total points',
  total: 'Total Wise Gems',
  collect: 'Collect Wise Gems',
} as const;

/** The /profile selling-limit card's words besides tierTexts. */
export const sellingLimitTexts = {
  loading: 'Loading',
  retry: 'Retry',
  usedOf: (used: string, limit: string) => `${used} of ${limit}`,
} as const;

/** The data-rights screens' words besides privacyMessages. */
export const dataRightsTexts = {
  pinLabel: 'Transaction PIN',
  deleting: 'Deleting...',
  downloading: 'Downloading...',
} as const;
