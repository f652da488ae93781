import { rewardMessages, rewardsHistoryTexts } from '@wise/shared';
import { GemGlyph } from '../../../../components/ui/art/gem';
import { Button, LinkButton } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Header } from '../../../../components/ui/header';
import { LoadMore } from '../../../../components/ui/load-more';
import { Screen } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { useTexts } from '../../../../lib/i18n';
import { useRewardsHistory } from '../../../../features/rewards/api/get-rewards-history';
import { RewardRow, RewardRowSkeleton } from '../../../../features/rewards/components/reward-row';
import '../../../../features/rewards/components/rewards.css';

/**
 * /rewards/history (docs/product.md §2): the claims, newest first, with date, points and description; older
 * claims load page by page as the list is scrolled to its end.
 */
export function RewardsHistoryRoute() {
  const t = useTexts(rewardsHistoryTexts);
  const messages = useTexts(rewardMessages);
  const history = useRewardsHistory();
  const rewards = history.data?.pages.flatMap((page) => page.rewards) ?? [];
  return (
    <Screen withNav header={<Header backTo={paths.rewards} title={messages.historyButton} />}>
      <title>{t.pageTitle}</title>
      {history.isPending ? (
        <Card>
          <ul className="reward-list" aria-label={t.loading}>
            {[0, 1, 2, 3].map((i) => (
              <li key={i}>
                <RewardRowSkeleton />
              </li>
            ))}
          </ul>
        </Card>
      ) : history.isError ? (
        <EmptyState
          title={messages.couldNotFetchHistory}
          text={t.failedText}
          action={
            <Button variant="secondary" onClick={() => void history.refetch()}>
              {t.tryAgain}
            </Button>
          }
        />
      ) : rewards.length === 0 ? (
        <EmptyState
          art={<GemGlyph size={56} />}
          title={t.emptyTitle}
          text={t.emptyText}
          action={<LinkButton to={paths.rewards}>{t.goToRewards}</LinkButton>}
        />
      ) : (
        <>
          <Card>
            <ul className="reward-list" aria-label={t.list}>
              {rewards.map((entry) => (
                <li key={entry.id}>
                  <RewardRow entry={entry} />
                </li>
              ))}
            </ul>
          </Card>
          <LoadMore
            hasMore={history.hasNextPage}
            loading={history.isFetchingNextPage}
            failed={history.isFetchNextPageError}
            errorMessage={messages.couldNotFetchHistory}
            onLoadMore={() => void history.fetchNextPage()}
          />
        </>
      )}
    </Screen>
  );
}
