/** Business constants from docs/product.md §9 and the security limits from docs/decisions.md §3. */

export const SPLASH_MS = 3000;
export const PITCH_ROTATION_MS = 5000;
/**
 * The landing's and the dashboard's link to /rates (docs/features.md, "Rates and alerts"). Here, beside the
 * landing's other constant, because /home is at the edge of its JavaScript budget and this module
 * is already part of its first download.
 */
export const RATES_LINK_TEXT = "See today's rates";
export const TOAST_MS = 5000;
export const QUERY_STALE_MS = 1000;
export const COUNTDOWN_REFRESH_MS = 1000;

export const OTP_LENGTH = 4;
export const PIN_LENGTH = 4;
export const PASSWORD_MIN = 8;
/** argon2 hashes the whole input: an upper bound keeps a login from being a CPU bomb. */
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 50;
export const USERNAME_MAX = 20;
export const NAME_PART_MAX = 20;
export const PHONE_MIN_LENGTH = 11;
export const PHONE_MAX_LENGTH = 20;
export const BANK_ACCOUNT_LENGTH = 10;

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_S = 60;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Wrong passwords per account (any identifier) before its login locks for the rest of the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_WINDOW_MS = 15 * 60 * 1000;
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MS = 15 * 60 * 1000;

/** Day 1 is Monday, day 7 Sunday (docs/decisions.md §4). */
export const GEM_REWARD_BY_DAY = { 1: 10, 2: 10, 3: 10, 4: 20, 5: 20, 6: 20, 7: 50 } as const;
export type WeekDay = keyof typeof GEM_REWARD_BY_DAY;

export const POPULAR_COINS_SHOWN = 5;

/** Browser storage keys that screens read (docs/product.md §3). The server never trusts them. */
export const STORAGE_KEYS = {
  auth: 'auth',
  id: 'id',
  fullname: 'fullname',
  day: 'day',
  /**
   * The device's answer to "Sign in faster next time" ('dismissed' or 'created'): a choice about
   * this device, not the account, so logging out keeps it (docs/features.md, "Passkeys").
   */
  passkeyOffer: 'passkeyOffer',
  /**
   * The device's language (docs/i18n.md): the logged-out screens open in it, logging out keeps it,
   * and a login replaces it with the account's.
   */
  language: 'language',
} as const;
