import { CircleCheck, Circle } from 'lucide-react';
import { identityScreenTexts as englishScreenTexts, KYC_TIERS, kycTierTexts as englishTierTexts } from '@wise/shared';
import { StatusPill } from '../../../components/ui/status-pill';
import { useTexts } from '../../../lib/i18n';
import './verification.css';

/** The three tiers, what reaches each and what it allows; the ones reached ticked, the current one marked. */
export function TierList({ tier }: { tier: number }) {
  const identityScreenTexts = useTexts(englishScreenTexts);
  const kycTierTexts = useTexts(englishTierTexts);
  return (
    <ol className="tiers" aria-label={identityScreenTexts.tiersLabel}>
      {KYC_TIERS.map((level) => {
        const text = kycTierTexts[level];
        const reached = level <= tier;
        return (
          <li key={level} className={reached ? 'tiers__row tiers__row--reached' : 'tiers__row'} aria-current={level === tier ? 'step' : undefined}>
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
            </span>
          </li>
        );
      })}
    </ol>
  );
}
