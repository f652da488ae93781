import { LinkButton } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { Screen } from '../../../../components/ui/screen';
import { paths, transactionHref } from '../../../../config/paths';
import { TransactionHistory } from '../../../../features/transactions/components/transaction-history';
import { useRefreshAfterDecision } from './use-refresh-after-decision';
import '../common/account.css';

/** /homepage/history: the transactions list with search by status, newest first (docs/product.md §2, §4). */
export function HistoryRoute() {
  const refreshAfterDecision = useRefreshAfterDecision();
  return (
    <Screen header={<Header backTo={paths.homepage} title="History" />}>
      <title>History · Wise</title>
      <TransactionHistory
        hrefFor={(tx) => transactionHref(tx.id)}
        emptyAction={<LinkButton to={paths.giftCards}>Sell gift cards</LinkButton>}
        onSettled={refreshAfterDecision}
      />
    </Screen>
  );
}
