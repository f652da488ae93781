import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { COINS } from '@wise/shared';
import {
  DEPOSIT_DESK_VIEWS,
  depositDeskMessages,
  type DepositDeskItem,
  type DepositDeskView,
  type PriceDepositResponse,
} from '@wise/shared/admin';
import { Badge } from '#web/components/admin/status-badge';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastSuccess } from '#web/components/ui/toast';
import { formatNaira } from '#web/lib/format';
import { useDeposits } from '../api/get-deposits';
import { CloseDepositDialog } from './close-deposit-dialog';
import { DepositCard, type DepositLinks } from './deposit-card';
import { PriceDepositDialog } from './price-deposit-dialog';
import '../../sales/components/sales.css';
import './deposits.css';

const viewLabels: Record<DepositDeskView, string> = {
  review: 'Waiting for a decision',
  held: 'Held below minimum',
  closed: 'Closed',
};

const emptyStates: Record<DepositDeskView, { title: string; text: string }> = {
  review: {
    title: 'Nothing is waiting for a decision',
    text: 'Deposits the watcher cannot sell by itself (a look-alike token, an amount far from the quote, a used transaction ID) appear here.',
  },
  held: { title: 'No deposit is held below the minimum', text: 'Deposits smaller than the smallest we buy wait here.' },
  closed: {
    title: 'No deposit has been closed yet',
    text: 'Deposits closed with a reason for the customer are listed here, newest first.',
  },
};

const SKELETON_CARDS = 3;

/** Cards in the shape of the deposits that are loading. */
function DepositSkeletons() {
  return (
    <div className="deposit-list" aria-busy="true" aria-label="Loading the deposits">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index} className="deposit-card" aria-hidden="true">
          <div className="deposit-card__head">
            <div className="deposit-card__what">
              <Skeleton width={220} height={20} radius={999} />
              <Skeleton width={180} height={24} />
            </div>
            <div className="deposit-card__customer">
              <Skeleton width={140} height={16} />
              <Skeleton width={180} height={14} />
            </div>
          </div>
          <div className="deposit-facts">
            {Array.from({ length: 4 }, (_, fact) => (
              <Skeleton key={fact} height={36} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

type Priced = { sale: PriceDepositResponse['sale']; deposit: DepositDeskItem };

/** What was just priced, with the way to the new sale: stays until dismissed (a toast leaves after 5 s). */
function PricedNotice({
  priced,
  href,
  onOpen,
  onDismiss,
}: {
  priced: Priced;
  href: string;
  onOpen: (event: MouseEvent) => void;
  onDismiss: () => void;
}) {
  const { sale, deposit } = priced;
  return (
    <div className="admin-alert admin-alert--success deposit-notice" role="status" data-testid="priced-notice">
      <p>
        {depositDeskMessages.priced} {formatNaira(sale.value_kobo)} for {sale.coin_amount} {COINS[deposit.coin].symbol}, from{' '}
        {deposit.customer.name}.{' '}
        <a href={href} onClick={onOpen}>
          Open the sale
        </a>
      </p>
      <button type="button" className="btn btn--link admin-btn--small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

interface DepositDeskProps extends DepositLinks {
  view: DepositDeskView;
  onViewChange: (view: DepositDeskView) => void;
}

/**
 * The desk for deposits that wait for a person (docs/crypto-settlement.md): the three views, each
 * deposit as a card, and the two decisions — price into a sale (which another reviewer then
 * approves at the review desk) or close with a reason the customer reads.
 */
export function DepositDesk({ view, onViewChange, saleHref, customerHref }: DepositDeskProps) {
  const navigate = useNavigate();
  const deposits = useDeposits(view);
  // The count beside "Waiting for a decision" whichever view is open: the one that needs someone.
  const waiting = useDeposits('review');
  const [pricing, setPricing] = useState<DepositDeskItem | null>(null);
  const [closing, setClosing] = useState<DepositDeskItem | null>(null);
  const [priced, setPriced] = useState<Priced | null>(null);

  // The toast lives outside the router: its link navigates through this screen's router.
  const openSale = (id: string) => (event: MouseEvent) => {
    event.preventDefault();
    void navigate(saleHref(id));
  };
  const onPriced = (sale: Priced['sale'], deposit: DepositDeskItem) => {
    setPriced({ sale, deposit });
    toastSuccess(
      <span>
        {depositDeskMessages.priced}{' '}
        <a href={saleHref(sale.id)} onClick={openSale(sale.id)}>
          Open the sale
        </a>
      </span>,
      `deposit-priced-${sale.id}`,
    );
  };

  return (
    <>
      <div className="admin-tabs" role="tablist" aria-label="Deposits">
        {DEPOSIT_DESK_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={view === option}
            className={view === option ? 'admin-tab is-active' : 'admin-tab'}
            onClick={() => onViewChange(option)}
          >
            {viewLabels[option]}
            {option === 'review' && waiting.data?.length ? (
              <span className="deposit-tab-count">
                <Badge tone="info">{waiting.data.length}</Badge>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {priced ? (
        <PricedNotice priced={priced} href={saleHref(priced.sale.id)} onOpen={openSale(priced.sale.id)} onDismiss={() => setPriced(null)} />
      ) : null}
      <div role="tabpanel" aria-label={viewLabels[view]}>
        {!deposits.data ? (
          deposits.isError ? (
            <FetchError message="Couldn't load the deposits" onRetry={() => void deposits.refetch()} retrying={deposits.isFetching} />
          ) : (
            <DepositSkeletons />
          )
        ) : deposits.data.length === 0 ? (
          <EmptyState title={emptyStates[view].title} text={emptyStates[view].text} />
        ) : (
          <div className="deposit-list">
            {deposits.data.map((deposit) => (
              <DepositCard
                key={deposit.id}
                deposit={deposit}
                saleHref={saleHref}
                customerHref={customerHref}
                onPrice={setPricing}
                onClose={setClosing}
              />
            ))}
          </div>
        )}
      </div>
      <PriceDepositDialog deposit={pricing} onClose={() => setPricing(null)} onPriced={onPriced} />
      {closing ? <CloseDepositDialog deposit={closing} onClose={() => setClosing(null)} /> : null}
    </>
  );
}
