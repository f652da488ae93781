import { useState } from 'react';
import { Link } from 'react-router';
import { Bitcoin, CreditCard, ReceiptText } from 'lucide-react';
import { capitalizeFirst, fetchMessages, TRANSACTION_STATUSES, type TransactionStatus } from '@wise/shared';
import { DateTime } from '../../../../components/ui/date-time';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Header } from '../../../../components/ui/header';
import { Screen } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { paths } from '../../../../config/paths';
import { useTransactions } from '../../../../features/transactions/api/get-transactions';
import { FetchError } from '../../../../components/ui/fetch-error';
import { formatNaira } from '../../../../lib/format';
import '../shared/account.css';

const filters: readonly (TransactionStatus | undefined)[] = [undefined, ...TRANSACTION_STATUSES];

/** /homepage/history: the transactions list with search by status, newest first (SPEC §2, §4). */
export function HistoryRoute() {
  const [status, setStatus] = useState<TransactionStatus>();
  const transactions = useTransactions(status);

  let body;
  if (transactions.isPending) {
    body = (
      <div className="list" aria-busy="true" aria-label="Loading">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="list__row">
            <Skeleton width={40} height={40} radius="50%" />
            <div className="list__main" style={{ gap: 6 }}>
              <Skeleton height={14} width="55%" />
              <Skeleton height={12} width="35%" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (transactions.isError) {
    body = (
      <FetchError message={fetchMessages.transactionHistory} onRetry={() => void transactions.refetch()} retrying={transactions.isFetching} />
    );
  } else if (transactions.data.length === 0) {
    body = (
      <EmptyState
        art={<ReceiptText size={48} aria-hidden="true" />}
        title={status ? `No ${status} transactions` : 'No transactions yet'}
        text="Your gift card and crypto sales will show here, with their status."
        action={
          <Link to={paths.giftCards} className="btn btn--primary">
            Sell gift cards
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className="list" data-testid="transactions">
        {transactions.data.map((tx) => (
          <li key={tx.id} className="list__row">
            <span className="list__icon">
              {tx.transaction_type.toLowerCase().includes('crypto') ? <Bitcoin size={18} aria-hidden="true" /> : <CreditCard size={18} aria-hidden="true" />}
            </span>
            <span className="list__main">
              <span className="list__title">{capitalizeFirst(tx.transaction_type)}</span>
              <DateTime className="list__sub" iso={tx.transaction_date} />
            </span>
            <span className="history__trail">
              <span className="history__amount">{formatNaira(tx.amount_kobo)}</span>
              <span className={`pill pill--${tx.status}`}>{capitalizeFirst(tx.status)}</span>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Screen header={<Header backTo={paths.homepage} title="History" />}>
      <title>History · Wise</title>
      <div className="chips" role="group" aria-label="Search by status">
        {filters.map((value) => (
          <button key={value ?? 'all'} type="button" className="chip" aria-pressed={status === value} onClick={() => setStatus(value)}>
            {value ? capitalizeFirst(value) : 'All'}
          </button>
        ))}
      </div>
      {body}
    </Screen>
  );
}
