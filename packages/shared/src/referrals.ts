import { z } from 'zod';
export {
  REFERRAL_QUERY_PARAM,
  REFERRAL_CODE_PATTERN,
  REFERRAL_CODE_INPUT_MAX,
  REFERRAL_TREE_MAX,
  normalizeReferralCode,
  referralLinkPath,
  referralTexts,
} from './plain/referrals';

/**
 * Referrals (docs/features.md, "Referrals"): a customer's code and link, and what their invites earned.
 */

/** GET /api/referrals */
export const referralSummarySchema = z.object({
  code: z.string(),
  /** `/createaccount?ref=CODE`; the app puts its own origin in front. */
  link_path: z.string(),
  referrer_gems: z.number().int().positive(),
  referee_gems: z.number().int().positive(),
  /** Customers who signed up with the code. */
  joined: z.number().int().nonnegative(),
  /** Referral gems this customer earned and kept (as referrer or referee). */
  gems_earned: z.number().int().nonnegative(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
