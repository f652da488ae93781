import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Bitcoin, CreditCard, Lightbulb, ReceiptText, Smartphone, Tv, Wifi, type LucideIcon } from 'lucide-react';
import {
  capitalizeFirst,
  fetchMessages,
  formatKobo,
  saleAmountLabels,
  TRANSACTION_STATUSES,
  transactionHistoryTexts,
  transactionStatusTexts,
  type TransactionItem,
  type TransactionStatus,
} from '@wise/shared';
import { DateTime } from '#web/components/ui/date-time';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { LoadMore } from '#web/components/ui/load-more';
import { Skeleton } from '#web/components/ui/skeleton';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { useTransactions } from '../api/get-transactions';
import { useOnSettled } from '../hooks/use-on-settled';
import { TransactionStatusPill } from './transaction-status';
import '#web/components/ui/list.css';
import './transactions.css';

const filters: readonly (TransactionStatus | undefined)[] = [undefined, ...TRANSACTION_STATUSES];

/** The same icons as the dashboard's services, so a bill reads as what it bought. */
const kindIcons: Record<string, LucideIcon> = { crypto: Bitcoin, airtime: Smartphone, data: Wifi, tv: Tv, electricity: Lightbulb };

/** The card art or coin logo in the row's circle; an icon when there is neither. */
function Leading({ tx }: { tx: TransactionItem }) {
  const image = tx.image_path_url ?? tx.crypto_logo_url;
  // Card art is card-shaped: cropped to a circle it would lose the brand's name, so the whole card
  // sits inside the row's 40 px circle.
  if (tx.image_path_url)
    return (
      <span className="list__icon">
        <img className="tx-row__card" src={tx.image_path_url} alt="" loading="lazy" decoding="async" width={30} height={19} />
      </span>
    );
  if (image) return <img className="tx-row__image" src={image} alt="" loading="lazy" decoding="async" width={40} height={40} />;
  const Icon = Object.hasOwn(kindIcons, tx.transaction_type) ? kindIcons[tx.transaction_type]! : CreditCard;
  return (
    <span className="list__icon">
      <Icon size={18} aria-hidden="true" />
    </span>
  );
}

/**
 * "MTN data · +234 803 123 4567", "Amazon · USA physical": the first part is the row's title
 * beside the amount, the rest a line of its own across the row, so a phone number or plan is
 * read whole on a 360 px phone.
 */
function RowTitle({ title, amount }: { title: string; amount: string }) {
  const at = title.indexOf(' · ');
  return (
    <>
      <span className="tx-row__line">
        <span className="tx-row__title">{at < 0 ? title : title.slice(0, at)}</span>
        <span className="tx-row__amount">{amount}</span>
      </span>
      {at < 0 ? null : (
        <span className="tx-row__detail">
          <span className="visually-hidden"> · </span>
          {title.slice(at + 3)}
        </span>
      )}
    </>
  );
}

function RowsSkeleton({ label }: { label: string }) {
  return (
    <div className="list tx-list" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="list__row">
          <Skeleton width={40} height={40} radius="50%" />
          <div className="list__main tx-row__main" style={{ gap: 6 }}>
            <Skeleton height={14} width="55%" />
            <Skeleton height={12} width="35%" />
          </div>
        </div>
      ))}
    </div>
  );
}

interface TransactionHistoryProps {
  hrefFor: (tx: TransactionItem) => string;
  /** The next step offered when there is nothing yet, e.g. a link to sell gift cards. */
  emptyAction?: ReactNode;
  /** A row shown pending has just settled (the list refreshes itself while one is pending). */
  onSettled?: () => void;
}

/**
 * The transactions list (docs/product.md §2 "Transactions list", §4): search by status, newest first, paged
 * by the server's cursor; each row opens its detail. 'Couldn't fetch transaction history' when it
 * cannot load.
 */
export function TransactionHistory({ hrefFor, emptyAction, onSettled }: TransactionHistoryProps) {
  const t = useTexts(transactionHistoryTexts);
  const statusText = useTexts(transactionStatusTexts);
  const fetchText = useTexts(fetchMessages);
  const amountLabels = useTexts(saleAmountLabels);
  // A bill's outcome and a listed reason come from the server in English: they read in the app's language.
  const translate = useTranslate();
  const [status, setStatus] = useState<TransactionStatus>();
  const transactions = useTransactions(status);
  const pages = transactions.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.transactions) ?? [], [pages]);
  useOnSettled(rows, onSettled);

  let body;
  if (transactions.isPending) {
    body = <RowsSkeleton label={t.loading} />;
  } else if (transactions.isError && rows.length === 0) {
    body = (
      <FetchError message={fetchText.transactionHistory} onRetry={() => void transactions.refetch()} retrying={transactions.isFetching} />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        art={<ReceiptText size={48} aria-hidden="true" />}
        title={status ? t.emptyOf[status] : t.empty}
        text={t.emptyText}
        action={emptyAction}
      />
    );
  } else {
    body = (
      <>
        <ul className="list tx-list" data-testid="transactions" aria-busy={transactions.isPlaceholderData || undefined}>
          {rows.map((tx) => (
            <li key={tx.id}>
              <Link to={hrefFor(tx)} className="list__row" data-testid="transaction-row">
                <Leading tx={tx} />
                <span className="list__main tx-row__main">
                  <RowTitle
                    title={tx.title || capitalizeFirst(tx.transaction_type)}
                    amount={formatKobo(tx.paid_amount_kobo ?? tx.amount_kobo)}
                  />
                  <span className="tx-row__line">
                    <DateTime className="tx-row__sub" iso={tx.transaction_date} />
                    <TransactionStatusPill status={tx.status} payoutFailed={Boolean(tx.payout_failure)} kind={tx.transaction_type} />
                  </span>
                  {tx.comment ? <span className="tx-row__comment">{translate(tx.comment)}</span> : null}
                  {tx.paid_amount_kobo != null && tx.paid_amount_kobo !== tx.amount_kobo ? (
                    <span className="tx-row__comment" data-testid="transaction-adjusted">
                      {`${amountLabels.quoted} ${formatKobo(tx.amount_kobo)}`}
                      {tx.amount_reason ? ` · ${translate(tx.amount_reason)}` : ''}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={transactions.hasNextPage}
          loading={transactions.isFetchingNextPage}
          failed={transactions.isFetchNextPageError}
          errorMessage={fetchText.transactionHistory}
          onLoadMore={() => void transactions.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <>
      <div className="chips tx-filters" role="group" aria-label={t.filters}>
        {filters.map((value) => (
          <button key={value ?? 'all'} type="button" className="chip" aria-pressed={status === value} onClick={() => setStatus(value)}>
            {value ? statusText[value] : t.all}
          </button>
        ))}
      </div>
      {body}
    </>
  );
}
