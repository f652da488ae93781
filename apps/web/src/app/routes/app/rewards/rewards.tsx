import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { rewardMessages, rewardsScreenTexts } from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { Button, LinkButton } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { gemKeys } from '#web/features/gems/api/keys';
import { useClaimRewards } from '#web/features/rewards/api/claim-rewards';
import { useRewardLevel } from '#web/features/rewards/api/get-reward-level';
import { useReferralSummary } from '#web/features/referrals/api/get-referral-summary';
import { ReferralCard } from '#web/features/referrals/components/referral-card';
import { useRewardsTotal } from '#web/features/rewards/api/get-rewards-total';
import { RewardLevelCard } from '#web/features/rewards/components/reward-level-card';
import { errorMessage } from '#web/lib/api-client';
import { formatGems } from '#web/lib/format';
import { useTexts, useTranslate } from '#web/lib/i18n';
import '#web/features/rewards/components/rewards.css';
import type { RewardsSuccessState } from './rewards-success';

/** /rewards (docs/product.md §2): total claimed rewards, the reward level, the invite card (docs/features.md, "Referrals"), Rewards History and Collect Rewards. */
export function RewardsRoute() {
  const t = useTexts(rewardsScreenTexts);
  const messages = useTexts(rewardMessages);
  const translate = useTranslate();
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
      onError: (error) => toastError(translate(errorMessage(error, messages.nothingToClaim))),
    });

  return (
    <Screen withNav header={<Header backTo={paths.more} title={t.title} />}>
      <title>{t.pageTitle}</title>
      <Card className="rewards-total" aria-live="polite">
        <p className="rewards-total__label">{t.totalLabel}</p>
        {total.isPending ? (
          <>
            <Skeleton width={140} height={38} />
            <Skeleton width={170} height={24} radius={999} />
          </>
        ) : total.isError ? (
          <p className="rewards-total__error" role="alert">
            {messages.couldNotFetchTotal}.{' '}
            <button type="button" className="rewards-retry" onClick={() => void total.refetch()}>
              {t.retry}
            </button>
          </p>
        ) : (
          <>
            <p className="rewards-total__amount" data-testid="rewards-total">
              <GemGlyph size={30} />
              {formatGems(total.data.total_rewards)}
            </p>
            <p className={`rewards-total__claimable${total.data.claimable === 0 ? ' rewards-total__claimable--none' : ''}`}>
              {total.data.claimable === 0 ? t.noNew : t.readyToCollect(formatGems(total.data.claimable))}
            </p>
          </>
        )}
      </Card>

      <RewardLevelCard data={level.data} failed={level.isError} onRetry={() => void level.refetch()} />

      <ReferralCard data={referral.data} failed={referral.isError} onRetry={() => void referral.refetch()} />

      <Card tone="outline">
        <ol className="rewards-how">
          <li>
            <span className="rewards-how__step">1</span>
            {t.step1}
          </li>
          <li>
            <span className="rewards-how__step">2</span>
            {t.step2}
          </li>
          <li>
            <span className="rewards-how__step">3</span>
            {t.step3}
          </li>
        </ol>
      </Card>

      <div className="screen__actions">
        <Button
          busy={claim.isPending}
          busyLabel={t.collecting}
          onClick={onClaim}
          disabled={nothingToCollect}
          aria-describedby={nothingToCollect ? 'rewards-collect-reason' : undefined}
        >
          {messages.collectButton}
        </Button>
        {nothingToCollect ? (
          <p id="rewards-collect-reason" className="rewards-collect-reason">
            {messages.nothingToCollect}
          </p>
        ) : null}
        <LinkButton to={paths.rewardsHistory} variant="secondary">
          {messages.historyButton}
        </LinkButton>
      </div>
    </Screen>
  );
}
