import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { rewardMessages } from '@wise/shared';
import { GemGlyph } from '../../../../components/ui/art/gem';
import { Button, LinkButton } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Header } from '../../../../components/ui/header';
import { Screen } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { toastError } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { dashboardKeys } from '../../../../features/dashboard/api/keys';
import { gemKeys } from '../../../../features/gems/api/keys';
import { useClaimRewards } from '../../../../features/rewards/api/claim-rewards';
import { useRewardLevel } from '../../../../features/rewards/api/get-reward-level';
import { useReferralSummary } from '../../../../features/referrals/api/get-referral-summary';
import { ReferralCard } from '../../../../features/referrals/components/referral-card';
import { useRewardsTotal } from '../../../../features/rewards/api/get-rewards-total';
import { RewardLevelCard } from '../../../../features/rewards/components/reward-level-card';
import { errorMessage } from '../../../../lib/api-client';
import { formatGems } from '../../../../lib/format';
import '../../../../features/rewards/components/rewards.css';
import type { RewardsSuccessState } from './rewards-success';

/** /rewards (docs/product.md §2): total claimed rewards, the reward level, the invite card (README, "Referrals"), Rewards History and Collect Rewards. */
export function RewardsRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const total = useRewardsTotal();
  const claim = useClaimRewards();
  const level = useRewardLevel();
  const referral = useReferralSummary();

  // Known to be empty: the button says why instead of inviting a tap the server would refuse.
  const nothingToCollect = total.data?.claimable === 0;

  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: (data) => {
        const state: RewardsSuccessState = { claim: data.claim };
        // The claim moved gems into the balance every screen shows (dashboard `wallet` included).
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: gemKeys.all }),
          queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        ]).then(() => navigate(paths.rewardsSuccess, { state }));
      },
      onError: (error) => toastError(errorMessage(error, rewardMessages.nothingToClaim)),
    });

  return (
    <Screen withNav header={<Header backTo={paths.more} title="Rewards" />}>
      <title>Rewards · Wise</title>
      <Card className="rewards-total" aria-live="polite">
        <p className="rewards-total__label">Total rewards claimed</p>
        {total.isPending ? (
          <>
            <Skeleton width={140} height={38} />
            <Skeleton width={170} height={24} radius={999} />
          </>
        ) : total.isError ? (
          <p className="rewards-total__error" role="alert">
            {rewardMessages.couldNotFetchTotal}.{' '}
            <button type="button" className="rewards-retry" onClick={() => void total.refetch()}>
              Retry
            </button>
          </p>
        ) : (
          <>
            <p className="rewards-total__amount" data-testid="rewards-total">
              <GemGlyph size={30} />
              {formatGems(total.data.total_rewards)}
            </p>
            <p className={`rewards-total__claimable${total.data.claimable === 0 ? ' rewards-total__claimable--none' : ''}`}>
              {total.data.claimable === 0 ? 'No new rewards yet' : `${formatGems(total.data.claimable)} gems ready to collect`}
            </p>
          </>
        )}
      </Card>

      <RewardLevelCard data={level.data} failed={level.isError} onRetry={() => void level.refetch()} />

      <ReferralCard data={referral.data} failed={referral.isError} onRetry={() => void referral.refetch()} />

      <Card tone="outline">
        <ol className="rewards-how">
          <li>
            <span className="rewards-how__step">1</span>Sell gift cards or crypto on Wise.
          </li>
          <li>
            <span className="rewards-how__step">2</span>Each sale we approve earns you Wise Gems.
          </li>
          <li>
            <span className="rewards-how__step">3</span>Collect them into your balance and spend them on airtime, data, TV and electricity.
          </li>
        </ol>
      </Card>

      <div className="screen__actions">
        <Button
          busy={claim.isPending}
          busyLabel="Collecting..."
          onClick={onClaim}
          disabled={nothingToCollect}
          aria-describedby={nothingToCollect ? 'rewards-collect-reason' : undefined}
        >
          {rewardMessages.collectButton}
        </Button>
        {nothingToCollect ? (
          <p id="rewards-collect-reason" className="rewards-collect-reason">
            {rewardMessages.nothingToCollect}
          </p>
        ) : null}
        <LinkButton to={paths.rewardsHistory} variant="secondary">
          {rewardMessages.historyButton}
        </LinkButton>
      </div>
    </Screen>
  );
}
