import { rewardCardTexts, rewardLevelTexts, type RewardLevelResponse } from '@wise/shared';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useTexts } from '#web/lib/i18n';

interface RewardLevelCardProps {
  /** Undefined while loading. */
  data: RewardLevelResponse | undefined;
  failed?: boolean;
  onRetry?: () => void;
}

/**
 * The customer's reward level on /rewards (docs/features.md, "Reward levels"): the level and its rate, the
 * 30-day paid volume and how much more reaches the next level, or "Top level".
 */
export function RewardLevelCard({ data, failed, onRetry }: RewardLevelCardProps) {
  const t = useTexts(rewardLevelTexts);
  const card = useTexts(rewardCardTexts);
  return (
    <Card className="reward-level" role="region" aria-labelledby="reward-level-title">
      <h2 id="reward-level-title" className="reward-level__title">
        {t.title}
      </h2>
      {failed ? (
        <p className="rewards-total__error" role="alert">
          {t.loadFailed}{' '}
          <button type="button" className="rewards-retry" onClick={onRetry}>
            {card.retry}
          </button>
        </p>
      ) : !data ? (
        <>
          <Skeleton width={120} height={28} />
          <Skeleton width={200} height={16} />
          <Skeleton width="100%" height={8} radius={999} />
        </>
      ) : (
        <LevelFigures data={data} />
      )}
    </Card>
  );
}

function LevelFigures({ data }: { data: RewardLevelResponse }) {
  const t = useTexts(rewardLevelTexts);
  const next = data.next_level;
  // Progress from the current level's minimum to the next one's, so a new level starts at 0 %.
  const span = next ? next.min_volume_kobo - data.level.min_volume_kobo : 0;
  const percent =
    next && span > 0 ? Math.min(100, Math.max(0, Math.floor(((data.volume_kobo - data.level.min_volume_kobo) / span) * 100))) : 100;
  return (
    <>
      <p className="reward-level__head">
        <span className="reward-level__name" data-testid="reward-level-name">
          {data.level.name}
        </span>
        <span className="reward-level__rate">{t.rate(data.level.gems_per_1000_naira)}</span>
      </p>
      <p className="reward-level__volume">{t.volume(data.volume_kobo)}</p>
      {next ? (
        <>
          <div
            className="reward-level__bar"
            role="progressbar"
            aria-label={t.progressLabel(next.name)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="reward-level__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="reward-level__next">{t.toNext(data.remaining_kobo, next.name)}</p>
        </>
      ) : (
        <p className="reward-level__next reward-level__next--top">
          <strong>{t.top}</strong> {t.topLine}
        </p>
      )}
    </>
  );
}
