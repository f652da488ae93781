/*
 * The part of profile.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). profile.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const ADDRESS_MAX = 200;
/** Nobody alive was born before this; it also keeps the column sane. */
export const DOB_MIN = '1900-01-01';

export const profileMessages = {
  fullNameUpdated: 'Full name updated successfully',
  genderUpdated: 'Gender updated successfully',
  addressUpdated: 'Address updated successfully',
  dobUpdated: 'Date of birth updated successfully',
  phoneUpdated: 'Phone number updated successfully',
  emailUpdated: 'Email updated successfully',
  photoUpdated: 'Profile photo updated',
  passwordConfirmed: 'Password confirmed',
  passwordWrong: 'Incorrect password',
  passwordAttempts: 'Too many wrong passwords. Try again in a few minutes',
  reauthRequired: 'Please confirm your password again to change your phone number',
  reauthRequiredForEmail: 'Please confirm your password again to change your email address',
  phoneOtpSent: 'We have sent a code to your new phone number',
  emailOtpSent: 'We have sent a code to your new email address',
  samePhone: 'This is already your phone number',
  sameEmail: 'This is already your email address',
  changeMismatch: 'This code was sent for a different number or address. Start again',
  photoMissing: 'Choose a photo to upload',
  photoNotImage: 'This file is not a supported image. Upload a JPEG, PNG or WebP photo',
  photoTooLarge: 'This photo is too large. The limit is 5 MB',
  photoTooManyPixels: 'This image is too large to process. Upload a smaller photo',
  photoUnreadable: 'This image could not be read. Try another photo',
  addressTooLong: `Cannot be more than ${ADDRESS_MAX} characters`,
  directSuccess: 'Your profile is up to date',
  /** A profile edit of the name or date of birth a verified BVN or NIN was matched with (docs/identity.md). */
  identityLocked:
    'Your name and date of birth are locked because your BVN or NIN is verified. To correct them, reset your verification under Identity verification, or contact support',
  lockedHint: 'Locked: your BVN or NIN is verified with these.',
  lockedHowToChange: 'To correct them, reset your verification, then verify again',
  /** E-mailed to the customer's address after a rename. */
  nameChangedEmailSubject: 'The name on your Wise account was changed',
  nameChangedEmailText: (name: string) =>
    `The name on your Wise account was just changed to ${name}. Payouts go only to a bank account in this name.\n\n` +
    'If this was you, there is nothing to do. If it was not, reset your password and contact support right away.',
  /** E-mailed when the customer resets their identity verification. */
  identityResetEmailSubject: 'Your Wise identity verification was reset',
  identityResetEmailText:
    'Your BVN or NIN verification was just reset: your account is back on Tier 0 until you verify again.\n\n' +
    'If this was you, there is nothing to do. If it was not, reset your password and contact support right away.',
} as const;

/** docs/product.md §5 Modify full name: letters only, up to 20 ('Name must contain only alphabets'). */
export const lettersOnly = /^[A-Za-z]+$/;

export function joinFullName(parts: { first_name: string; middle_name?: string | undefined; surname: string }): string {
  return [parts.first_name, parts.middle_name, parts.surname]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Prefills the three fields from a stored full name. */
export function splitFullName(fullName: string): { first_name: string; middle_name: string; surname: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '', middle_name: '', surname: '' };
  return { first_name: words[0] ?? '', middle_name: words.slice(1, -1).join(' '), surname: words.at(-1) ?? '' };
}

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function calendarDate(now: Date, timeZone = 'Africa/Lagos'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** True for a YYYY-MM-DD string naming a day that exists (2023-02-30 does not). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
