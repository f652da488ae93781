import { otpField } from '@wise/shared';
import { z } from 'zod';

/*
 * The profile forms' schemas, in a module of their own: each form imports it when first used
 * (lib/use-zod-form.ts), so zod is not part of what these screens download before they can be
 * used (the JavaScript budgets, docs/PERFORMANCE.md).
 */
export {
  addressUpdateSchema,
  confirmPasswordSchema,
  dateOfBirthUpdateSchema,
  emailChangeRequestSchema,
  fullNameUpdateSchema,
  genderUpdateSchema,
  phoneChangeRequestSchema,
} from '@wise/shared';

/** The code part of phoneChangeVerifySchema / emailChangeVerifySchema (same otpField). */
export const contactCodeSchema = z.strictObject({ otp_code: otpField });
