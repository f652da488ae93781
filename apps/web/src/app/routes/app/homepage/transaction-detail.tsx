import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { fetchMessages, saleMessages, transactionDetailScreenTexts } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useTransaction } from '#web/features/transactions/api/get-transaction';
import { useOnSettled } from '#web/features/transactions/hooks/use-on-settled';
import { BillOrderDetail } from '#web/features/transactions/components/bill-order-detail';
import { TransactionDetail } from '#web/features/transactions/components/transaction-detail';
import { ApiError } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useRefreshAfterDecision } from './use-refresh-after-decision';

/** Only a rejected sale draws it (it fetches the support contacts): its own chunk. */
const SaleSupportLinks = lazy(() =>
  import('#web/features/support/components/sale-support-links').then((m) => ({ default: m.SaleSupportLinks })),
);

function DetailSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} style={{ display: 'grid', gap: 20, justifyItems: 'center' }}>
      <Skeleton width={96} height={60} />
      <Skeleton width="60%" height={32} />
      <Skeleton height={180} />
      <Skeleton height={120} />
    </div>
  );
}

/** /homepage/history/:id — one transaction in full: a sale (images, terms, payout account, timeline) or a bill purchase. */
export function TransactionDetailRoute() {
  const t = useTexts(transactionDetailScreenTexts);
  const saleText = useTexts(saleMessages);
  const fetchText = useTexts(fetchMessages);
  const id = useParams().id ?? '';
  const transaction = useTransaction(id);
  // Refreshes itself every few seconds while pending (get-transaction.ts); once it settles, so do the notifications.
  const shown = transaction.data?.transaction;
  const rows = useMemo(() => (shown ? [shown] : []), [shown]);
  useOnSettled(rows, useRefreshAfterDecision());

  let body;
  if (transaction.isPending) {
    body = <DetailSkeleton label={t.loading} />;
  } else if (transaction.isError) {
    // Another customer's sale is a 404 like none at all; a malformed id in the address is a 400.
    const missing = transaction.error instanceof ApiError && (transaction.error.status === 404 || transaction.error.status === 400);
    body = missing ? (
      <EmptyState
        art={<ReceiptText size={48} aria-hidden="true" />}
        title={saleText.saleNotFound}
        action={<LinkButton to={paths.history}>{t.backToHistory}</LinkButton>}
      />
    ) : (
      <FetchError message={fetchText.transactionHistory} onRetry={() => void transaction.refetch()} retrying={transaction.isFetching} />
    );
  } else {
    const detail = transaction.data.transaction;
    body =
      'order' in detail ? (
        <BillOrderDetail detail={detail} />
      ) : (
        <TransactionDetail
          sale={detail}
          support={
            detail.status === 'rejected' ? (
              <Suspense fallback={null}>
                <SaleSupportLinks title={detail.title} reference={detail.id} />
              </Suspense>
            ) : undefined
          }
        />
      );
  }

  return (
    <Screen header={<Header backTo={paths.history} title={t.header} />}>
      <title>{t.title}</title>
      {body}
    </Screen>
  );
}
