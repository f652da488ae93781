import { useLocation } from 'react-router';
import { rewardHistoryEntrySchema, rewardMessages, type RewardHistoryEntry } from '@wise/shared';
import { Card } from '../../../../components/ui/card';
import { SuccessScreen } from '../../../../components/ui/success-screen';
import { paths } from '../../../../config/paths';
import { useRewardsHistory } from '../../../../features/rewards/api/get-rewards-history';
import { RewardRow, RewardRowSkeleton } from '../../../../features/rewards/components/reward-row';
import '../../../../features/rewards/components/rewards.css';

/** What /rewards hands the success screen while the history reloads. */
export interface RewardsSuccessState {
  claim: RewardHistoryEntry;
}

/** /rewards/success (SPEC §2): the last reward in the history, claimed successfully. */
export function RewardsSuccessRoute() {
  const passed = rewardHistoryEntrySchema.safeParse((useLocation().state as { claim?: unknown } | null)?.claim);
  const history = useRewardsHistory();
  const last = history.data?.pages[0]?.rewards[0] ?? (passed.success ? passed.data : undefined);
  return (
    <SuccessScreen
      title="Reward claimed"
      message={rewardMessages.claimed}
      action={{ label: 'Back to Rewards', to: paths.rewards }}
      secondary={{ label: 'Go to Home', to: paths.homepage }}
    >
      <Card className="reward-claimed" data-testid="last-reward">
        {last ? <RewardRow entry={last} /> : history.isPending ? <RewardRowSkeleton /> : <p className="screen__text">Your rewards are in your gem balance.</p>}
      </Card>
    </SuccessScreen>
  );
}
