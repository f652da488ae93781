import { Link } from 'react-router';
import { ChevronRight, History } from 'lucide-react';
import { fetchMessages, gemStatementTexts } from '@wise/shared';
import { GemGlyph } from '../../../../components/ui/art/gem';
import { LinkButton } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { Screen } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { paths } from '../../../../config/paths';
import { useGemBalance } from '../../../../features/gems/api/get-gem-balance';
import { FetchError } from '../../../../components/ui/fetch-error';
import { formatGems } from '../../../../lib/format';
import '../../../../components/ui/list.css';
import '../common/account.css';
import './profile.css';

/** /profile/wisegembalance: the total points (docs/product.md §2), and the way to the gem statement. */
export function GemBalanceRoute() {
  const balance = useGemBalance();
  return (
    <Screen header={<Header backTo={paths.profile} title="Wise Gem Balance" />}>
      <title>Wise Gem Balance · Wise</title>
      {balance.isPending ? (
        <Skeleton height={200} radius={16} />
      ) : balance.isError ? (
        <FetchError message={fetchMessages.details} onRetry={() => void balance.refetch()} retrying={balance.isFetching} />
      ) : (
        <section className="gem-total" aria-label="Total points">
          <GemGlyph size={56} />
          <p className="gem-total__amount" data-testid="total-points">
            {formatGems(balance.data.total_points)}
          </p>
          <p>Total Wise Gems</p>
        </section>
      )}
      <ul className="list">
        <li>
          <Link to={paths.gemStatement} className="list__row">
            <span className="list__icon">
              <History size={20} aria-hidden="true" />
            </span>
            <span className="list__main">
              <span className="list__title">{gemStatementTexts.link}</span>
              <span className="list__sub">{gemStatementTexts.linkSub}</span>
            </span>
            <ChevronRight className="list__trail" size={20} aria-hidden="true" />
          </Link>
        </li>
      </ul>
      <div className="screen__actions">
        <LinkButton to={paths.earn}>Collect Wise Gems</LinkButton>
      </div>
    </Screen>
  );
}
