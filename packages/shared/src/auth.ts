import { z } from 'zod';
import {
  emailField,
  emailOrPhoneField,
  fullNameField,
  loginPasswordField,
  newPasswordField,
  otpField,
  phoneField,
  plainText,
  requiredString,
  usernameField,
} from './fields';
import { fieldMessages as m } from './messages';
import { languages } from './i18n/index';
import { REFERRAL_CODE_INPUT_MAX } from './plain/referrals';

export const signupSchema = z.strictObject({
  full_name: fullNameField,
  username: usernameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  /**
   * The code of the link the customer came through (docs/features.md, "Referrals"). Optional; a string
   * that is no customer's code is ignored and never blocks the sign-up.
   */
  referral_code: plainText(z.string().max(REFERRAL_CODE_INPUT_MAX)).optional(),
  /** The device's language (docs/i18n.md), so the first e-mail already speaks it; English when left out. */
  language: z.enum(languages).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const signupResponseSchema = z.object({ email: z.string(), message: z.string() });

export const verifyOtpSchema = z.strictObject({ email: emailField, otp: otpField });
export const resendOtpSchema = z.strictObject({ email: emailField });
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Login step 1 (the identifier) in each of its two modes. */
export const loginEmailStepSchema = z.strictObject({ email_or_phone: emailField });
export const loginPhoneStepSchema = z.strictObject({ email_or_phone: phoneField });
export const loginPasswordStepSchema = z.strictObject({ password: loginPasswordField });

export const loginSchema = z.strictObject({
  email_or_phone: emailOrPhoneField,
  password: loginPasswordField,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  /** The account's language, which the device takes on login (docs/i18n.md). */
  language: z.enum(languages).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const loginResponseSchema = z.object({ user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailField });

const newPasswordPair = {
  new_password: newPasswordField,
  confirm_password: plainText(z.string({ error: m.required }).min(1, m.required)),
};
const passwordsMatch = (v: { new_password: string; confirm_password: string }) => v.new_password === v.confirm_password;
const mismatch = { message: m.passwordsDoNotMatch, path: ['confirm_password'] };

/** The form has no token field: the token comes from the e-mailed link. */
export const newPasswordFormSchema = z.object(newPasswordPair).refine(passwordsMatch, mismatch);
export const passwordResetSchema = z
  .strictObject({ token: requiredString().max(200, m.invalidEntry), ...newPasswordPair })
  .refine(passwordsMatch, mismatch);
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
