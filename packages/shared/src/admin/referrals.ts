import { z } from 'zod';

/**
 * Back office: a customer's referral tree (docs/features.md, "Referrals"), read-only: who referred them,
 * whom they referred, and how each referral was decided.
 */

export const REFERRAL_STATUSES = ['signed_up', 'rewarded', 'refused'] as const;
export const REFERRAL_REFUSAL_REASONS = [
  'same_phone',
  'same_bank_account',
  'same_identity',
  'first_sale_rejected',
  'first_sale_reversed',
  'monthly_cap',
  'referrer_closed',
] as const;
export type ReferralRefusalReason = (typeof REFERRAL_REFUSAL_REASONS)[number];

export const referralStaffTexts = {
  heading: 'Referrals',
  code: 'Referral code',
  referredBy: 'Referred by',
  notReferred: 'Signed up without an invite',
  referred: (shown: number, total: number) => (shown < total ? `Referred (newest ${shown} of ${total})` : `Referred (${total})`),
  noneReferred: 'Has not referred anyone yet',
  loadFailed: "Couldn't load the referrals.",
  columns: { customer: 'Customer', joined: 'Signed up', firstSale: 'First sale', status: 'Referral' },
  noSale: 'No sale yet',
  statuses: { signed_up: 'Signed up', rewarded: 'Rewarded', refused: 'Refused' },
  rewarded: (referrerGems: number, refereeGems: number) => `${referrerGems} gems to the referrer, ${refereeGems} to the referee`,
  reasons: {
    same_phone: 'Self-referral: the two accounts share a phone number',
    same_bank_account: 'Self-referral: the two accounts share a payout bank account',
    same_identity: 'Self-referral: the two accounts share a verified BVN or NIN',
    first_sale_rejected: 'The first sale was rejected',
    first_sale_reversed: 'The first sale’s payout was reversed (unclaimed gems taken back)',
    monthly_cap: 'The referrer had reached the monthly cap of referral rewards',
    referrer_closed: 'The referrer had deleted their account',
  } satisfies Record<ReferralRefusalReason, string>,
} as const;

const partySchema = z.object({ id: z.string(), full_name: z.string(), username: z.string() });

export const adminReferralSchema = z.object({
  id: z.string(),
  /** The other customer: the referrer on `referred_by`, the referee in `referees`. */
  customer: partySchema,
  status: z.enum(REFERRAL_STATUSES),
  refusal_reason: z.enum(REFERRAL_REFUSAL_REASONS).nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  referrer_gems: z.number().int().nullable(),
  referee_gems: z.number().int().nullable(),
  /** The referee's first sale: its status and when it was paid. */
  first_sale: z.object({ id: z.string(), status: z.string(), paid_at: z.string().nullable() }).nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;

/** GET /api/admin/customers/:id/referrals */
export const adminCustomerReferralsSchema = z.object({
  code: z.string(),
  referred_by: adminReferralSchema.nullable(),
  referees: z.array(adminReferralSchema),
  referees_total: z.number().int().nonnegative(),
});
export type AdminCustomerReferrals = z.infer<typeof adminCustomerReferralsSchema>;
