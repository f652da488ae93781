import { rewardRowTexts, type RewardHistoryEntry } from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { DateTime } from '#web/components/ui/date-time';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatGems } from '#web/lib/format';
import { useTexts, useTranslate } from '#web/lib/i18n';
import './rewards.css';

/** One claim: what it was for, when, and the gems it added. */
export function RewardRow({ entry }: { entry: RewardHistoryEntry }) {
  const t = useTexts(rewardRowTexts);
  // The server writes what a reward was for; the fixed ones read in the app's language.
  const translate = useTranslate();
  return (
    <div className="reward-row" data-testid="reward-row">
      <span className="reward-row__icon">
        <GemGlyph size={22} />
      </span>
      <div className="reward-row__text">
        <p className="reward-row__title">{translate(entry.reward)}</p>
        <p className="reward-row__date">
          <DateTime iso={entry.created_at} />
        </p>
      </div>
      <p className="reward-row__points" aria-label={t.points(entry.points)}>
        +{formatGems(entry.points)}
      </p>
    </div>
  );
}

export function RewardRowSkeleton() {
  return (
    <div className="reward-row" aria-hidden="true">
      <Skeleton width={40} height={40} radius="50%" />
      <div className="reward-row__text">
        <Skeleton width="70%" height={16} />
        <Skeleton width="45%" height={12} />
      </div>
      <Skeleton width={44} height={20} />
    </div>
  );
}
