/*
 * Referrals' words and rules, without zod (the /rewards card and the sign-up screen use them
 * without downloading the schemas). referrals.ts re-exports all of it.
 */

/** The query parameter of a referral link: `/createaccount?ref=CODE`. */
export const REFERRAL_QUERY_PARAM = 'ref';
/** Eight characters without 0/O, 1/I/L (0035_referrals.sql draws them). */
export const REFERRAL_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{8}$/;
/** The longest `referral_code` the sign-up accepts; anything that is not a code is ignored. */
export const REFERRAL_CODE_INPUT_MAX = 32;
/** Referees a staff member sees on a customer (newest first); the total is shown beside. */
export const REFERRAL_TREE_MAX = 100;

/** A code as typed or carried in a link, or undefined when it cannot be one (then it is ignored). */
export function normalizeReferralCode(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const code = raw.trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : undefined;
}

/** The path a referral link opens (the sign-up screen, docs/product.md §2). */
export const referralLinkPath = (code: string) => `/createaccount?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`;

const gems = (n: number) => `${n.toLocaleString('en-NG')} ${n === 1 ? 'gem' : 'gems'}`;

export const referralTexts = {
  title: 'Invite friends',
  how: (referrerGems: number, refereeGems: number) =>
    `When a friend signs up with your link and their first sale is paid, you earn ${gems(referrerGems)} and they earn ${gems(refereeGems)}.`,
  codeLabel: 'Your code',
  linkLabel: 'Your link',
  share: 'Share link',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link. Copy it from the card instead',
  shareTitle: 'Join me on Wise',
  shareText: (code: string) => `Sell your gift cards and crypto on Wise. Sign up with my code ${code}:`,
  joined: (n: number) => `${n} ${n === 1 ? 'friend' : 'friends'} joined`,
  earned: (n: number) => `${gems(n)} earned from invites`,
  loadFailed: 'We could not load your invite link.',
  /** On the sign-up form opened from a referral link. */
  invited: (code: string) => `You were invited with the code ${code}.`,
  /** The referrer's and the referee's notifications when a referral pays. */
  referrerNotice: (name: string, n: number) =>
    `${name} made their first sale with your invite: you earned ${gems(n)}. Collect them on Rewards.`,
  refereeNotice: (n: number) => `Welcome bonus: you earned ${gems(n)} for your first sale with an invite. Collect them on Rewards.`,
  referrerReward: (name: string) => `Invite reward: ${name} made their first sale`,
  refereeReward: 'Welcome bonus for joining with an invite',
} as const;
