import { Link } from 'react-router';
import { ChevronRight, History } from 'lucide-react';
import { fetchMessages, gemBalanceTexts, gemStatementTexts } from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { LinkButton } from '#web/components/ui/button';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useGemBalance } from '#web/features/gems/api/get-gem-balance';
import { FetchError } from '#web/components/ui/fetch-error';
import { formatGems } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import '../common/account.css';
import './profile.css';

/** /profile/wisegembalance: the total points (docs/product.md §2), and the way to the gem statement. */
export function GemBalanceRoute() {
  const balance = useGemBalance();
  const t = useTexts(gemBalanceTexts);
  const statement = useTexts(gemStatementTexts);
  const fetchTexts = useTexts(fetchMessages);
  return (
    <Screen header={<Header backTo={paths.profile} title={t.title} />}>
      <title>{`${t.title} · Wise`}</title>
      {balance.isPending ? (
        <Skeleton height={200} radius={16} />
      ) : balance.isError ? (
        <FetchError message={fetchTexts.details} onRetry={() => void balance.refetch()} retrying={balance.isFetching} />
      ) : (
        <section className="gem-total" aria-label={t.totalPoints}>
          <GemGlyph size={56} />
          <p className="gem-total__amount" data-testid="total-points">
            {formatGems(balance.data.total_points)}
          </p>
          <p>{t.total}</p>
        </section>
      )}
      <ul className="list">
        <li>
          <Link to={paths.gemStatement} className="list__row">
            <span className="list__icon">
              <History size={20} aria-hidden="true" />
            </span>
            <span className="list__main">
              <span className="list__title">{statement.link}</span>
              <span className="list__sub">{statement.linkSub}</span>
            </span>
            <ChevronRight className="list__trail" size={20} aria-hidden="true" />
          </Link>
        </li>
      </ul>
      <div className="screen__actions">
        <LinkButton to={paths.earn}>{t.collect}</LinkButton>
      </div>
    </Screen>
  );
}
