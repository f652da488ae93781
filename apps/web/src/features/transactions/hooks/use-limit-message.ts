import { payoutLimitMessage, payoutLimitMeta, payoutLimitTexts, tierTexts } from '@wise/shared';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';

/**
 * A sale refused by the payout limit (409 PAYOUT_LIMIT_EXCEEDED), in the app's language: the
 * server's own words in English, the same sentence written again from its `meta` in another.
 */
export function useLimitMessage(): (error: ApiError) => string {
  const texts = useTexts(payoutLimitTexts);
  const tiers = useTexts(tierTexts);
  return (error) => {
    const meta = texts === payoutLimitTexts ? undefined : payoutLimitMeta(error.body.meta);
    return meta ? payoutLimitMessage(meta.limit, meta.limit_kobo, meta.remaining_kobo, meta.tier, texts, tiers) : error.message;
  };
}
