import { rewardMessages, rewardsHistoryTexts } from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { Button, LinkButton } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { Header } from '#web/components/ui/header';
import { LoadMore } from '#web/components/ui/load-more';
import { Screen } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';
import { useRewardsHistory } from '#web/features/rewards/api/get-rewards-history';
import { RewardRow, RewardRowSkeleton } from '#web/features/rewards/components/reward-row';
import '#web/features/rewards/components/rewards.css';

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
