/*
 * The part of passkeys.ts that needs no zod (messages, codes, limits), apart so the login and
 * profile screens show them without downloading zod (the JavaScript budgets, docs/PERFORMANCE.md).
 */

/** Passkeys one account may keep: enough for every phone and laptop a person owns. */
export const PASSKEYS_MAX = 10;
/** How long a passkey challenge can be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const passkeyErrorCodes = {
  challengeInvalid: 'PASSKEY_CHALLENGE_INVALID',
  refused: 'PASSKEY_REFUSED',
  unknown: 'PASSKEY_UNKNOWN',
  taken: 'PASSKEY_TAKEN',
  limitReached: 'PASSKEY_LIMIT',
  reauthRequired: 'REAUTH_REQUIRED',
} as const;

export const passkeyMessages = {
  challengeInvalid: 'This passkey request has expired. Please try again',
  refused: 'We could not verify this passkey. Please try again or log in with your password',
  unknown: 'This passkey is not registered with Wise. Log in with your password',
  taken: 'This passkey is already registered',
  limitReached: `You can keep up to ${PASSKEYS_MAX} passkeys. Remove one to add another`,
  reauthRequired: 'Enter your password again to change your passkeys',
  notFound: 'This passkey no longer exists',
  added: 'Passkey added. Next time, sign in with it',
  removed: 'Passkey removed',
  cancelled: 'The passkey request was cancelled',
  unsupported: 'This browser cannot use passkeys',
} as const;

/** What the screens say (the offer after a password login, /login, /profile/passkeys). */
export const passkeyTexts = {
  offerTitle: 'Sign in faster next time',
  offerText: 'Use your fingerprint, face or screen lock instead of your password on this device.',
  offerCreate: 'Create a passkey',
  offerCreating: 'Creating passkey...',
  offerLater: 'Not now',
  signIn: 'Sign in with a passkey',
  signingIn: 'Signing in...',
  profileLink: 'Passkeys',
  profileLinkSub: 'Sign in without your password',
  screenTitle: 'Passkeys',
  screenIntro: 'A passkey signs you in with your fingerprint, face or screen lock instead of your password.',
  empty: 'No passkeys yet',
  add: 'Add a passkey',
  adding: 'Adding passkey...',
  remove: 'Remove',
  removing: 'Removing...',
  removeTitle: 'Remove this passkey?',
  removeText: 'You will no longer be able to sign in with it.',
  confirmPasswordText: 'Enter your password to continue.',
  added: (date: string) => `Added ${date}`,
  lastUsed: (date: string) => `Last used ${date}`,
  neverUsed: 'Not used yet',
  /** Before a passkey's date in the list (the date is its own element). */
  lastUsedBefore: 'Last used ',
  addedBefore: 'Added ',
} as const;
