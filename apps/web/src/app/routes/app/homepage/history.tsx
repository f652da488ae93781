import { historyScreenTexts } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { paths, transactionHref } from '#web/config/paths';
import { TransactionHistory } from '#web/features/transactions/components/transaction-history';
import { useRefreshAfterDecision } from './use-refresh-after-decision';
import { useTexts } from '#web/lib/i18n';
import '../common/account.css';

/** /homepage/history: the transactions list with search by status, newest first (docs/product.md §2, §4). */
export function HistoryRoute() {
  const t = useTexts(historyScreenTexts);
  const refreshAfterDecision = useRefreshAfterDecision();
  return (
    <Screen header={<Header backTo={paths.homepage} title={t.header} />}>
      <title>{t.title}</title>
      <TransactionHistory
        hrefFor={(tx) => transactionHref(tx.id)}
        emptyAction={<LinkButton to={paths.giftCards}>{t.sellGiftCards}</LinkButton>}
        onSettled={refreshAfterDecision}
      />
    </Screen>
  );
}
