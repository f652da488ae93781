import { sessionMessages } from './plain/session';

/**
 * Every customer-visible validation and server message, once. docs/product.md §5 fixes the field texts;
 * the server texts (docs/product.md §8 leaves them open) are ours and live here too so screens and API agree.
 */
export const fieldMessages = {
  required: 'This field is required',
  emailRequired: 'Email is required',
  invalidEntry: 'Invalid entry',
  phoneTooShort: 'Cannot be less than 10 digits',
  phoneTooLong: 'Cannot be more than 20 digits',
  phoneNeedsCountryCode: 'Invalid entry. Number must begin with a country code (e.g: +1)',
  fullNameTooLong: 'Cannot be more than 50 characters',
  // The original client said 50 for a limit of 20; docs/decisions.md §9 corrects it.
  usernameTooLong: 'Cannot be more than 20 characters',
  passwordTooShort: 'Cannot be less than 8 characters',
  passwordTooLong: 'Cannot be more than 128 characters',
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  nameAlphabetsOnly: 'Name must contain only alphabets',
  surnameRequired: 'Surname is required',
  otpRequired: 'OTP is required',
  otpInvalid: 'OTP must be 4 digits',
  pinRequired: 'PIN is required',
  pinInvalid: 'Invalid PIN',
  pinMismatch: 'Pin does not match',
  invalidInput: 'Invalid input',
  /** Control characters (NUL and the like) or broken unicode in text: never typed, and not storable. */
  invalidCharacters: 'Invalid characters',
  insufficientBalance: 'Insufficient balance',
  invalidAccountNumber: 'Invalid account number',
  genderRequired: 'Gender is required',
  addressRequired: 'Address is required',
  dobRequired: 'Date of Birth is required',
  dobInvalid: 'Invalid Date of Birth',
} as const;

export const fetchMessages = {
  details: "Couldn't fetch details",
  giftCards: "Couldn't fetch gift cards",
  transactionHistory: "Couldn't fetch transaction history",
  profile: "Couldn't Fetch Profile Details",
  verification: "Couldn't fetch your verification status",
  bankDetails: "Couldn't Fetch Bank Details",
  totalRewards: "Couldn't fetch total rewards",
  pinStatus: "Couldn't fetch pin status",
  notifications: "Couldn't fetch notifications",
  rewardsHistory: "Couldn't fetch rewards history",
  dataPlans: "Couldn't fetch data plans",
  postTransaction: "Couldn't POST transaction reference",
} as const;

export const authMessages = {
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  phoneTaken: 'An account with this phone number already exists',
  accountCreated: 'Account created. Enter the code sent to your email',
  otpSent: 'A new code has been sent to your email',
  otpWrong: 'The code you entered is incorrect',
  /** Every failed sign-up verification, whatever the reason, so the answer never tells whether an account exists. */
  signupCodeRefused: 'The code you entered is incorrect or has expired',
  otpExpired: 'This code has expired. Request a new one',
  otpLocked: 'Too many wrong attempts. Request a new code',
  otpMissing: 'No active code for this account. Request a new one',
  otpResendWait: 'Please wait before requesting another code',
  verified: 'Verified successfully',
  loginFailed: 'Incorrect email, phone number or password',
  loginThrottled: 'Too many login attempts. Try again in a few minutes',
  unverified: 'Please verify your email to continue. We have sent you a new code',
  loggedOut: 'You have been logged out',
  resetLinkSent: 'Reset password link sent to your email',
  resetTokenInvalid: 'This reset link is invalid or has expired. Request a new one',
  /** The new-password screen once the server has refused its link (used, replaced or expired). */
  resetLinkRefusedTitle: 'This link no longer works',
  resetLinkRefusedText: 'A reset link works once, for 30 minutes, and only the newest one. Request a new link to choose your password.',
  resetLinkIncompleteTitle: 'This link is incomplete',
  passwordChanged: 'Your password has been reset. You can now log in with your new password',
  sessionExpired: sessionMessages.sessionExpired,
  tooManyRequests: 'Too many requests. Please wait a moment and try again',
  /** Staff locked the account (back office): no login and no session until they unlock it. */
  accountLocked: 'Your account has been locked. Please contact Wise support to restore access',
} as const;

export const httpMessages = {
  badRequest: 'The request could not be understood',
  malformedJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type',
  payloadTooLarge: 'The request is too large',
  notFound: 'Not found',
  forbidden: 'You are not allowed to do that',
  badOrigin: 'Request origin not allowed',
  internal: 'Something went wrong on our side. Please try again',
  unavailable: 'The service is temporarily unavailable',
  busy: 'We are very busy right now. Please try again in a moment',
  /** A dependency the request needs (the database) is unreachable: answered 503 with Retry-After. */
  outage: 'We have a temporary problem on our side. Please try again in a minute',
  /** An upload could not be written (the disk is full, the file store is unreachable): 507 or 503. */
  storageFailed: 'We could not save your pictures because of a problem on our side. Please try again later',
} as const;

export const errorPageTexts = {
  title: 'Oops!',
  body: 'Sorry, an unexpected error has occurred.',
  documentTitle: 'Oops! · Wise',
  home: 'Go to the home screen',
} as const;
