import { z } from 'zod';
import { plainText } from '../fields';
import { payoutLimitsSchema } from '../limits';
import { PAYOUT_LIMIT_MAX_NAIRA, PAYOUT_LIMIT_NOTE_MAX, limitStaffTexts } from '../plain/limits';
import { staffConfirmationFields } from './confirmation';
import { staffRequestSchema } from './duties';

/**
 * Back office: a customer's verification tier and payout limits (docs/features.md, "Verification tiers and
 * limits"). Any staff member reads them; an admin raises one customer's limit with the
 * authenticator code and a note (audited `customer.limit_raise`).
 */

const nairaField = z
  .number({ error: limitStaffTexts.amountInvalid })
  .int(limitStaffTexts.amountInvalid)
  .min(1, limitStaffTexts.amountInvalid)
  .max(PAYOUT_LIMIT_MAX_NAIRA, limitStaffTexts.amountInvalid);

/** POST /api/admin/customers/:id/limits */
export const raiseCustomerLimitSchema = z.strictObject({
  daily_limit_naira: nairaField,
  /** The total before verification (tier 0); absent: unchanged. */
  total_limit_naira: nairaField.optional(),
  note: plainText(z.string().trim().min(1, limitStaffTexts.noteRequired).max(PAYOUT_LIMIT_NOTE_MAX)),
  ...staffConfirmationFields,
});
export type RaiseCustomerLimitInput = z.infer<typeof raiseCustomerLimitSchema>;

export const customerLimitRaiseSchema = z.object({
  id: z.string(),
  daily_limit_kobo: z.number().int(),
  total_limit_kobo: z.number().int().nullable(),
  note: z.string(),
  created_by: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
});
export type CustomerLimitRaise = z.infer<typeof customerLimitRaiseSchema>;

/** GET /api/admin/customers/:id/limits: the customer's figures as they read them, and every raise, newest first. */
export const adminCustomerLimitsSchema = payoutLimitsSchema.extend({
  /** What the tier alone allows (the configuration). */
  tier_daily_limit_kobo: z.number().int(),
  tier_total_limit_kobo: z.number().int().nullable(),
  raises: z.array(customerLimitRaiseSchema),
  /** A raise above tier 2's daily limit waits for a second admin: the request it made (POST only). */
  request: staffRequestSchema.nullish(),
});
export type AdminCustomerLimits = z.infer<typeof adminCustomerLimitsSchema>;
