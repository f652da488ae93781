import { formatKobo } from './sales';

/*
 * Verification tiers and their payout limits (docs/features.md, "Verification tiers and limits"). A customer's
 * tier (0 e-mail verified, 1 BVN or NIN verified, 2 ID document and selfie) decides how much of
 * their sales may be paid in one business day and, at tier 0, in total. The figures are the
 * server's configuration (TIER*_PAYOUT_NAIRA); these are their defaults and the words customers
 * and staff read.
 */

export const KYC_TIERS = [0, 1, 2] as const;
export type KycTier = (typeof KYC_TIERS)[number];

/** The configuration's defaults, in naira (docs/configuration.md). */
export const DEFAULT_PAYOUT_LIMITS_NAIRA = {
  tier0Daily: 100_000,
  tier0Total: 300_000,
  tier1Daily: 2_000_000,
  tier2Daily: 10_000_000,
} as const;

/** A tier's payout limits, in kobo: each business day, and at tier 0 in total before verification. */
export interface TierLimit {
  tier: KycTier;
  daily_kobo: number;
  total_kobo: number | null;
}

/** The tiers' limits as the configuration's defaults set them: what the tier cards show when the server does not say. */
export const DEFAULT_TIER_LIMITS: readonly TierLimit[] = [
  { tier: 0, daily_kobo: DEFAULT_PAYOUT_LIMITS_NAIRA.tier0Daily * 100, total_kobo: DEFAULT_PAYOUT_LIMITS_NAIRA.tier0Total * 100 },
  { tier: 1, daily_kobo: DEFAULT_PAYOUT_LIMITS_NAIRA.tier1Daily * 100, total_kobo: null },
  { tier: 2, daily_kobo: DEFAULT_PAYOUT_LIMITS_NAIRA.tier2Daily * 100, total_kobo: null },
];

/** A tier card's limit lines (the amounts are formatted naira). */
export const tierLimitTexts = {
  daily: (amount: string) => `Daily selling limit: ${amount}`,
  total: (amount: string) => `${amount} in total until you verify`,
} as const;

/** The most a limit may be set to, in naira (configuration and staff raises alike). */
export const PAYOUT_LIMIT_MAX_NAIRA = 10_000_000_000;
/** A staff raise's note: required, as the audit log's other notes. */
export const PAYOUT_LIMIT_NOTE_MAX = 500;

/** Where a customer raises their tier (the verification screens). */
export const VERIFICATION_PATH = '/profile/verification';

export const limitErrorCodes = {
  /** A sale would take the customer past their daily (or tier-0 total) payout limit (409). */
  exceeded: 'PAYOUT_LIMIT_EXCEEDED',
} as const;

/** Which limit a refusal is about. */
export type PayoutLimitKind = 'daily' | 'total';

export const tierTexts = {
  names: {
    0: 'Tier 0',
    1: 'Tier 1',
    2: 'Tier 2',
  } satisfies Record<KycTier, string>,
  /** What reached the tier, under its name. */
  basis: {
    0: 'E-mail verified',
    1: 'BVN or NIN verified',
    2: 'ID document and selfie verified',
  } satisfies Record<KycTier, string>,
  /** The /profile card's heading and rows. */
  heading: 'Selling limit',
  dailyLimit: 'Daily limit',
  usedToday: 'Used today',
  leftToday: 'Left today',
  totalLimit: 'Total before verification',
  usedTotal: 'Used in total',
  /** Beside the figures while sales wait for review (they count once approved). */
  pending: (amount: string) => `${amount} waiting for review counts towards your limit.`,
  /** The link to the verification screens, below tier 2. */
  verify: 'Verify your identity',
  verifyToRaise: 'Verify your identity to raise it.',
  /** Under 'Verify your identity' in the dashboard's pending actions. */
  verifyPrompt: 'Sell more each day once your BVN or NIN is checked',
  /** At tier 2 there is no higher tier. */
  contactSupport: 'Contact support to raise it.',
  loadFailed: 'We could not load your selling limit.',
} as const;

/** What staff read when an approval would pass the customer's limit. */
export function payoutLimitStaffMessage(kind: PayoutLimitKind, limitKobo: number, remainingKobo: number): string {
  const left = formatKobo(Math.max(0, remainingKobo));
  return kind === 'total'
    ? `This approval would take the customer past their total limit before verification (${formatKobo(limitKobo)}; ${left} left). An admin can raise it on the customer's page.`
    : `This approval would take the customer past their daily payout limit (${formatKobo(limitKobo)}; ${left} left today). An admin can raise it on the customer's page.`;
}

/** The `meta` of a 409 PAYOUT_LIMIT_EXCEEDED. */
export interface PayoutLimitMeta {
  limit: PayoutLimitKind;
  limit_kobo: number;
  remaining_kobo: number;
  tier: number;
}

/** Checks a refusal's meta by hand (the sell screens do not download zod). */
export function payoutLimitMeta(meta: unknown): PayoutLimitMeta | undefined {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
  const { limit, limit_kobo, remaining_kobo, tier } = meta as Record<string, unknown>;
  if (limit !== 'daily' && limit !== 'total') return undefined;
  if (![limit_kobo, remaining_kobo, tier].every((n) => typeof n === 'number' && Number.isSafeInteger(n))) return undefined;
  return { limit, limit_kobo: limit_kobo as number, remaining_kobo: remaining_kobo as number, tier: tier as number };
}

/** Staff's words on the customer's page and in the raise dialog. */
export const limitStaffTexts = {
  heading: 'Verification and limits',
  tier: 'Tier',
  dailyLimit: 'Daily limit',
  usedToday: 'Paid or approved today',
  pending: 'Waiting for review',
  totalLimit: 'Total limit (tier 0)',
  usedTotal: 'Paid or approved in total',
  raised: 'Raised by staff',
  raise: 'Raise limit',
  raiseTitle: "Raise this customer's limit",
  dailyField: 'Daily limit (₦)',
  totalField: 'Total limit before verification (₦)',
  noteField: 'Note',
  raiseHint: "The higher of this and the tier's own limit applies.",
  history: 'Limit history',
  noteRequired: 'A note is required',
  amountInvalid: 'Enter a whole naira amount',
  saved: 'Limit raised',
} as const;
