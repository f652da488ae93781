import { z } from 'zod';
import { requiredString } from './fields';
import { IDENTITY_CHECK_OUTCOMES, IDENTITY_NUMBER_KINDS, IDENTITY_NUMBER_LENGTH, identityMessages as m } from './plain/identity';

export * from './plain/identity';

/** A BVN or a NIN: exactly 11 digits. */
export const identityNumberField = requiredString(m.numberRequired).regex(new RegExp(`^\\d{${IDENTITY_NUMBER_LENGTH}}$`), m.numberInvalid);

/** POST /api/profile/verification/number. */
export const identityNumberSchema = z.strictObject({
  kind: z.enum(IDENTITY_NUMBER_KINDS, { error: m.kindRequired }),
  number: identityNumberField,
});
export type IdentityNumberInput = z.infer<typeof identityNumberSchema>;

/** GET /api/profile/verification: where the customer stands. */
export const verificationStatusSchema = z.object({
  tier: z.number().int().min(0).max(2),
  /** The verified BVN or NIN, if any: its kind and last four digits only. */
  number: z.object({ kind: z.enum(IDENTITY_NUMBER_KINDS), last4: z.string(), verified_at: z.string() }).nullable(),
  /** The profile has no date of birth yet: the flow asks for it before the number. */
  needs_date_of_birth: z.boolean(),
  /** Look-ups left in the current 24 hours. */
  attempts_left: z.number().int().min(0),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** What a look-up came to (every outcome but a refusal before asking is recorded). */
export const identityCheckResultSchema = z.object({
  outcome: z.enum(IDENTITY_CHECK_OUTCOMES),
  message: z.string(),
  tier: z.number().int().min(0).max(2),
  attempts_left: z.number().int().min(0),
});
export type IdentityCheckResult = z.infer<typeof identityCheckResultSchema>;
