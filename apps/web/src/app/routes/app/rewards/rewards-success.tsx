import { useLocation } from 'react-router';
import { rewardMessages, rewardsSuccessTexts, type RewardHistoryEntry } from '@wise/shared';
import { Card } from '#web/components/ui/card';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';
import { useRewardsHistory } from '#web/features/rewards/api/get-rewards-history';
import { RewardRow, RewardRowSkeleton } from '#web/features/rewards/components/reward-row';
import '#web/features/rewards/components/rewards.css';

/** What /rewards hands the success screen while the history reloads. */
export interface RewardsSuccessState {
  claim: RewardHistoryEntry;
}

/**
 * The claim /rewards passed, when the navigation state still holds one (a reload keeps old state):
 * checked by shape, not with rewardHistoryEntrySchema, so this screen does not download zod.
 */
function passedClaim(state: unknown): RewardHistoryEntry | undefined {
  const claim = (state as { claim?: Partial<Record<keyof RewardHistoryEntry, unknown>> } | null)?.claim;
  if (typeof claim !== 'object' || claim === null) return undefined;
  const { id, created_at, points, reward } = claim;
  const valid =
    typeof id === 'string' &&
    typeof created_at === 'string' &&
    !Number.isNaN(Date.parse(created_at)) &&
    Number.isSafeInteger(points) &&
    typeof reward === 'string';
  return valid ? { id, created_at, points: points as number, reward } : undefined;
}

/** /rewards/success (docs/product.md §2): the last reward in the history, claimed successfully. */
export function RewardsSuccessRoute() {
  const t = useTexts(rewardsSuccessTexts);
  const messages = useTexts(rewardMessages);
  const passed = passedClaim(useLocation().state);
  const history = useRewardsHistory();
  const last = history.data?.pages[0]?.rewards[0] ?? passed;
  return (
    <SuccessScreen
      title={t.title}
      message={messages.claimed}
      action={{ label: t.back, to: paths.rewards }}
      secondary={{ label: t.goHome, to: paths.homepage }}
    >
      <Card className="reward-claimed" data-testid="last-reward">
        {last ? <RewardRow entry={last} /> : history.isPending ? <RewardRowSkeleton /> : <p className="screen__text">{t.inBalance}</p>}
      </Card>
    </SuccessScreen>
  );
}
