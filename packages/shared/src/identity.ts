import { z } from 'zod';
import { loginPasswordField, requiredString } from './fields';
import {
  DOCUMENT_REVIEW_STATUSES,
  IDENTITY_CHECK_ANSWERS,
  IDENTITY_NUMBER_KINDS,
  IDENTITY_NUMBER_LENGTH,
  identityMessages as m,
} from './plain/identity';

export * from './plain/identity';

/** A BVN or a NIN: exactly 11 digits. */
export const identityNumberField = requiredString(m.numberRequired).regex(new RegExp(`^\\d{${IDENTITY_NUMBER_LENGTH}}$`), m.numberInvalid);

/** POST /api/profile/verification/number. */
export const identityNumberSchema = z.strictObject({
  kind: z.enum(IDENTITY_NUMBER_KINDS, { error: m.kindRequired }),
  number: identityNumberField,
});
export type IdentityNumberInput = z.infer<typeof identityNumberSchema>;

/** The customer's latest Tier 2 request, as they see it (never its images or the provider's verdict). */
export const documentReviewStatusSchema = z.object({
  id: z.string(),
  status: z.enum(DOCUMENT_REVIEW_STATUSES),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  /** The reviewer's reason, for a rejected request. */
  reject_reason: z.string().nullable(),
});
export type DocumentReviewStatusView = z.infer<typeof documentReviewStatusSchema>;

/** GET /api/profile/verification: where the customer stands. */
export const verificationStatusSchema = z.object({
  tier: z.number().int().min(0).max(2),
  /** The verified BVN or NIN, if any: its kind and last four digits only. */
  number: z.object({ kind: z.enum(IDENTITY_NUMBER_KINDS), last4: z.string(), verified_at: z.string() }).nullable(),
  /** The profile has no date of birth yet: the flow asks for it before the number. */
  needs_date_of_birth: z.boolean(),
  /** Look-ups left in the current 24 hours. */
  attempts_left: z.number().int().min(0),
  /** The latest Tier 2 request (ID document and selfie), if any. */
  document: documentReviewStatusSchema.nullable(),
  /** Each tier's payout limits as this server is configured (TIER*_PAYOUT_NAIRA), for the tier cards. */
  tier_limits: z
    .array(
      z.object({
        tier: z.union([z.literal(0), z.literal(1), z.literal(2)]),
        daily_kobo: z.number().int().min(0),
        total_kobo: z.number().int().min(0).nullable(),
      }),
    )
    .optional(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** POST /api/profile/verification/reset: verifying again starts with the password. */
export const identityResetSchema = z.strictObject({ password: loginPasswordField });
export type IdentityResetInput = z.infer<typeof identityResetSchema>;

/** What a look-up came to, as the customer is told (shared IDENTITY_CHECK_ANSWERS). */
export const identityCheckResultSchema = z.object({
  outcome: z.enum(IDENTITY_CHECK_ANSWERS),
  message: z.string(),
  tier: z.number().int().min(0).max(2),
  attempts_left: z.number().int().min(0),
});
export type IdentityCheckResult = z.infer<typeof identityCheckResultSchema>;

/** POST /api/profile/verification/document's answer. */
export const documentSubmitResultSchema = z.object({ message: z.string(), document: documentReviewStatusSchema });
export type DocumentSubmitResult = z.infer<typeof documentSubmitResultSchema>;
