import { z } from 'zod';
import { FULL_NAME_MAX, NAME_PART_MAX } from './constants';
import { loginPasswordField, newEmailField, newPhoneField, otpField, plainText, requiredString } from './fields';
import { fieldMessages as m } from './messages';

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
} as const;

/** SPEC §5 Modify full name: letters only, up to 20 ('Name must contain only alphabets'). */
const lettersOnly = /^[A-Za-z]+$/;
const namePart = (required: string) =>
  requiredString(required).max(NAME_PART_MAX, m.nameAlphabetsOnly).regex(lettersOnly, m.nameAlphabetsOnly);

export const fullNameUpdateSchema = z
  .strictObject({
    first_name: namePart(m.firstNameRequired),
    /** Optional, with the same rule as the first name. */
    middle_name: plainText(z.string().trim())
      .max(NAME_PART_MAX, m.nameAlphabetsOnly)
      .regex(/^[A-Za-z]*$/, m.nameAlphabetsOnly)
      .optional(),
    /** Letters or hyphen, up to 20. */
    surname: requiredString(m.surnameRequired)
      .max(NAME_PART_MAX, m.nameAlphabetsOnly)
      .regex(/^[A-Za-z-]+$/, m.nameAlphabetsOnly),
  })
  // The joined name lives where the sign-up full name does, whose limit is 50.
  .refine((v) => joinFullName(v).length <= FULL_NAME_MAX, { message: m.fullNameTooLong, path: ['surname'] });
export type FullNameUpdateInput = z.infer<typeof fullNameUpdateSchema>;

export function joinFullName(parts: { first_name: string; middle_name?: string | undefined; surname: string }): string {
  return [parts.first_name, parts.middle_name, parts.surname].map((p) => p?.trim() ?? '').filter(Boolean).join(' ');
}

/** Prefills the three fields from a stored full name. */
export function splitFullName(fullName: string): { first_name: string; middle_name: string; surname: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '', middle_name: '', surname: '' };
  return { first_name: words[0] ?? '', middle_name: words.slice(1, -1).join(' '), surname: words.at(-1) ?? '' };
}

export const genderUpdateSchema = z.strictObject({ gender: z.enum(GENDERS, { error: m.genderRequired }) });
export type GenderUpdateInput = z.infer<typeof genderUpdateSchema>;

export const addressUpdateSchema = z.strictObject({
  address: requiredString(m.addressRequired).max(ADDRESS_MAX, profileMessages.addressTooLong),
});
export type AddressUpdateInput = z.infer<typeof addressUpdateSchema>;

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

/**
 * SPEC §5: required, YYYY-MM-DD ('Invalid Date of Birth'); we also refuse days that don't exist,
 * days in the future and days before 1900. `today` lets the server judge by its own clock.
 */
export const dateOfBirthField = (today: () => string = () => calendarDate(new Date())) =>
  requiredString(m.dobRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dobInvalid)
    .refine(isRealDate, m.dobInvalid)
    .refine((v) => v >= DOB_MIN && v <= today(), m.dobInvalid);

export const dateOfBirthUpdateSchema = z.strictObject({ date_of_birth: dateOfBirthField() });
export type DateOfBirthUpdateInput = z.infer<typeof dateOfBirthUpdateSchema>;

/** Phone change step 1: the password, with the login rules (SPEC §5). */
export const confirmPasswordSchema = z.strictObject({ password: loginPasswordField });
export type ConfirmPasswordInput = z.infer<typeof confirmPasswordSchema>;

export const phoneChangeRequestSchema = z.strictObject({ new_phone: newPhoneField });
export type PhoneChangeRequestInput = z.infer<typeof phoneChangeRequestSchema>;
export const phoneChangeVerifySchema = z.strictObject({ new_phone: newPhoneField, otp_code: otpField });
export type PhoneChangeVerifyInput = z.infer<typeof phoneChangeVerifySchema>;

export const emailChangeRequestSchema = z.strictObject({ new_email: newEmailField });
export type EmailChangeRequestInput = z.infer<typeof emailChangeRequestSchema>;
export const emailChangeVerifySchema = z.strictObject({ new_email: newEmailField, otp_code: otpField });
export type EmailChangeVerifyInput = z.infer<typeof emailChangeVerifySchema>;

/** SPEC §3's profile (GET profile + get_user_photo). */
export const profileResponseSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.enum(GENDERS).nullable(),
  address: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  /** URL of the photo, or '' for the default picture. */
  photo: z.string(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const contactResponseSchema = z.object({ email: z.string() });
export const photoResponseSchema = z.object({ photo: z.string(), message: z.string() });

/** +234 803 123 4567 (DESIGN formatting); other countries keep their digits in one run. */
export function formatPhone(phone: string): string {
  const ng = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return ng ? `+234 ${ng[1]} ${ng[2]} ${ng[3]}` : phone;
}

/** +234 803 *** **67: the operator prefix and the last two digits only. */
export function maskPhone(phone: string): string {
  const ng = /^\+234(\d{3})\d{5}(\d{2})$/.exec(phone);
  if (ng) return `+234 ${ng[1]} *** **${ng[2]}`;
  if (phone.length <= 6) return phone;
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}`;
}

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
