import { verifyOtpSchema } from '@wise/shared';

/*
 * The sign-in, sign-up and password-reset forms' schemas, in a module of their own: each form
 * imports it when first used (lib/use-zod-form.ts), so zod is not part of what these screens
 * download before they can be used (the JavaScript budgets, docs/PERFORMANCE.md).
 */
export {
  loginEmailStepSchema,
  loginPasswordStepSchema,
  loginPhoneStepSchema,
  newPasswordFormSchema,
  passwordResetRequestSchema,
  resendOtpSchema,
  signupSchema,
} from '@wise/shared';

/** The code step: the endpoint's schema without the e-mail, which the screen already holds. */
export const otpFormSchema = verifyOtpSchema.pick({ otp: true });
