import { useSearchParams } from 'react-router';
import { fetchMessages as englishFetchMessages, gemStatementScreenTexts, gemStatementTexts as englishStatementTexts } from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { LinkButton } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { LoadMore } from '#web/components/ui/load-more';
import { Screen } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { useGemStatement } from '#web/features/gems/api/get-gem-statement';
import { GemStatementRow, GemStatementRowSkeleton } from '#web/features/gems/components/gem-statement-row';
import { safeReturnTo } from '#web/lib/return-to';
import { useTexts } from '#web/lib/i18n';
import '#web/components/ui/list.css';

/**
 * /profile/wisegembalance/history: every gem in and out, newest first, with the balance after
 * each (docs/deviations.md; docs/product.md §1). Reached from the balance screen and the dashboard's gem card (which
 * passes `?returnTo=` so the back arrow goes home); older movements load as the list is scrolled.
 */
export function GemStatementRoute() {
  const [search] = useSearchParams();
  const statement = useGemStatement();
  const gemStatementTexts = useTexts(englishStatementTexts);
  const fetchMessages = useTexts(englishFetchMessages);
  const { loading } = useTexts(gemStatementScreenTexts);
  const movements = statement.data?.pages.flatMap((page) => page.movements) ?? [];

  let body;
  if (statement.isPending) {
    body = (
      <ul className="list" aria-busy="true" aria-label={loading}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <GemStatementRowSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (statement.isError) {
    body = <FetchError message={fetchMessages.details} onRetry={() => void statement.refetch()} retrying={statement.isFetching} />;
  } else if (movements.length === 0) {
    body = (
      <EmptyState
        art={<GemGlyph size={56} />}
        title={gemStatementTexts.emptyTitle}
        text={gemStatementTexts.emptyText}
        action={<LinkButton to={paths.earn}>{gemStatementTexts.emptyAction}</LinkButton>}
      />
    );
  } else {
    body = (
      <>
        <ul className="list" aria-label={gemStatementTexts.title} data-testid="gem-statement">
          {movements.map((movement) => (
            <li key={movement.id}>
              <GemStatementRow movement={movement} />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={statement.hasNextPage}
          loading={statement.isFetchingNextPage}
          failed={statement.isFetchNextPageError}
          errorMessage={fetchMessages.details}
          onLoadMore={() => void statement.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <Screen header={<Header backTo={safeReturnTo(search.get('returnTo')) ?? paths.gemBalance} title={gemStatementTexts.title} />}>
      <title>{`${gemStatementTexts.title} · Wise`}</title>
      {body}
    </Screen>
  );
}
