/*
 * What a sale refused by the payout limit says (docs/decisions.md §5a.8), apart from the tiers'
 * texts: a screen that shows only those does not carry these sentences, nor the language lookup.
 */
import { defaultLanguage, textsIn, type Language } from '../i18n/index';
import { payoutLimitMeta, tierTexts, type PayoutLimitKind } from './limits';
import { formatKobo } from './sales';

/** A refused sale's sentence for each limit: the limit, what is left, and the way up. */
export const payoutLimitTexts = {
  total: (limit: string, left: string, wayUp: string) =>
    `Before verification you can sell up to ${limit} in total, and you have ${left} left. ${wayUp}`,
  daily: (limit: string, left: string, wayUp: string) => `Your daily selling limit is ${limit}, and you have ${left} left today. ${wayUp}`,
} as const;

/**
 * What a refused sale says: the limit, what is left and the way up (docs/decisions.md §5a.8). The
 * server words it in English; a screen in another language passes that language's texts.
 */
export function payoutLimitMessage(
  kind: PayoutLimitKind,
  limitKobo: number,
  remainingKobo: number,
  tier: number,
  texts: typeof payoutLimitTexts = payoutLimitTexts,
  tiers: typeof tierTexts = tierTexts,
): string {
  const left = formatKobo(Math.max(0, remainingKobo));
  const wayUp = tier >= 2 ? tiers.contactSupport : tiers.verifyToRaise;
  return texts[kind](formatKobo(limitKobo), left, wayUp);
}

/**
 * A refusal's sentence written again from its `meta` in `language`; undefined in English (the
 * server's own words stand) or when the meta is not a limit's.
 */
export function payoutLimitMessageIn(meta: unknown, language: Language): string | undefined {
  if (language === defaultLanguage) return undefined;
  const limit = payoutLimitMeta(meta);
  return (
    limit &&
    payoutLimitMessage(
      limit.limit,
      limit.limit_kobo,
      limit.remaining_kobo,
      limit.tier,
      textsIn(payoutLimitTexts, language),
      textsIn(tierTexts, language),
    )
  );
}

/**
 * The sell forms' word on the limit before anything is typed, and at once when the typed value
 * would pass it (before any photo is picked): the same figures the server checks at submission.
 */
export const sellingLimitHintTexts = {
  leftToday: (left: string) => `You can sell up to ${left} today.`,
  overLimit: (value: string, left: string) => `This sale is worth ${value}, more than the ${left} you can sell today.`,
} as const;
