import { CircleCheck, Circle } from 'lucide-react';
import {
  DEFAULT_TIER_LIMITS,
  identityScreenTexts as englishScreenTexts,
  KYC_TIERS,
  kycTierTexts as englishTierTexts,
  tierLimitTexts as englishLimitTexts,
  type TierLimit,
} from '@wise/shared';
import { StatusPill } from '#web/components/ui/status-pill';
import { useTexts } from '#web/lib/i18n';
import './verification.css';

/*
 * Limits are whole naira (TIER*_PAYOUT_NAIRA): shown without kobo. Formatted here rather than with
 * lib/format, whose chunk (dates and times) this screen does not otherwise load: 1.7 KB for one call.
 */
const wholeNaira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 });
const formatLimit = (kobo: number) => wholeNaira.format(Math.floor(kobo / 100));

/**
 * The three tiers, what reaches each and what it allows in naira; the ones reached ticked, the
 * current one marked. `limits` are the server's configured figures; without them, the defaults.
 */
export function TierList({ tier, limits = DEFAULT_TIER_LIMITS }: { tier: number; limits?: readonly TierLimit[] }) {
  const identityScreenTexts = useTexts(englishScreenTexts);
  const kycTierTexts = useTexts(englishTierTexts);
  const limitTexts = useTexts(englishLimitTexts);
  return (
    <ol className="tiers" aria-label={identityScreenTexts.tiersLabel}>
      {KYC_TIERS.map((level) => {
        const text = kycTierTexts[level];
        const reached = level <= tier;
        const limit = limits.find((entry) => entry.tier === level);
        return (
          <li
            key={level}
            className={reached ? 'tiers__row tiers__row--reached' : 'tiers__row'}
            aria-current={level === tier ? 'step' : undefined}
          >
            <span className="tiers__mark" aria-hidden="true">
              {reached ? <CircleCheck size={22} /> : <Circle size={22} />}
            </span>
            <span className="tiers__main">
              <span className="tiers__name">
                {text.name}
                {level === tier ? <StatusPill tone="success">{identityScreenTexts.currentTier}</StatusPill> : null}
              </span>
              <span className="tiers__line">{text.how}</span>
              <span className="tiers__line">{text.allows}</span>
              {limit ? (
                <span className="tiers__line tiers__limit" data-testid={`tier-${level}-limits`}>
                  <span className="tabular">{limitTexts.daily(formatLimit(limit.daily_kobo))}</span>
                  {limit.total_kobo !== null ? <span className="tabular">{limitTexts.total(formatLimit(limit.total_kobo))}</span> : null}
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
