import { z } from 'zod';
import { FULL_NAME_MAX, NAME_PART_MAX } from './constants';
import { loginPasswordField, newEmailField, newPhoneField, otpField, plainText, requiredString } from './fields';
import { fieldMessages as m } from './messages';
import { languages } from './i18n/index';
import { languageTexts } from './texts/core/language';
import { GENDERS, ADDRESS_MAX, DOB_MIN, profileMessages, lettersOnly, joinFullName, calendarDate, isRealDate } from './plain/profile';

export {
  GENDERS,
  ADDRESS_MAX,
  DOB_MIN,
  profileMessages,
  joinFullName,
  splitFullName,
  calendarDate,
  isRealDate,
  PHOTO_MAX_BYTES,
  PHOTO_ACCEPT,
} from './plain/profile';
export type { Gender } from './plain/profile';

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
    /** A rename needs the password (docs/identity.md): a session cookie alone cannot change whose account this is. */
    password: loginPasswordField,
  })
  // The joined name lives where the sign-up full name does, whose limit is 50.
  .refine((v) => joinFullName(v).length <= FULL_NAME_MAX, { message: m.fullNameTooLong, path: ['surname'] });
export type FullNameUpdateInput = z.infer<typeof fullNameUpdateSchema>;

export const genderUpdateSchema = z.strictObject({ gender: z.enum(GENDERS, { error: m.genderRequired }) });
export type GenderUpdateInput = z.infer<typeof genderUpdateSchema>;

export const addressUpdateSchema = z.strictObject({
  address: requiredString(m.addressRequired).max(ADDRESS_MAX, profileMessages.addressTooLong),
});
export type AddressUpdateInput = z.infer<typeof addressUpdateSchema>;

/**
 * docs/product.md §5: required, YYYY-MM-DD ('Invalid Date of Birth'); we also refuse days that don't exist,
 * days in the future and days before 1900. `today` lets the server judge by its own clock.
 */
export const dateOfBirthField = (today: () => string = () => calendarDate(new Date())) =>
  requiredString(m.dobRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dobInvalid)
    .refine(isRealDate, m.dobInvalid)
    .refine((v) => v >= DOB_MIN && v <= today(), m.dobInvalid);

export const dateOfBirthUpdateSchema = z.strictObject({ date_of_birth: dateOfBirthField() });
export type DateOfBirthUpdateInput = z.infer<typeof dateOfBirthUpdateSchema>;

/** Phone change step 1: the password, with the login rules (docs/product.md §5). */
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

/** docs/product.md §3's profile (GET profile + get_user_photo). */
export const profileResponseSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.enum(GENDERS).nullable(),
  address: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  /** URL of the photo, or '' for the default picture. */
  photo: z.string(),
  /** The account's language (docs/i18n.md): the device takes it at login. */
  language: z.enum(languages),
  /** A verified BVN or NIN binds the name and date of birth (docs/identity.md): the screen shows them read-only. */
  identity_locked: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** PUT /api/profile/language: one of `languages`. */
export const languageUpdateSchema = z.strictObject({ language: z.enum(languages, { error: languageTexts.invalid }) });
export type LanguageUpdateInput = z.infer<typeof languageUpdateSchema>;

export const contactResponseSchema = z.object({ email: z.string() });
export const photoResponseSchema = z.object({ photo: z.string(), message: z.string() });
export { formatPhone, maskPhone, phoneFromTyped } from './plain/phone';
