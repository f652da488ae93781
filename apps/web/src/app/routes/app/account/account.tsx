import { Landmark, KeyRound } from 'lucide-react';
import { fetchMessages as englishFetchMessages, maskAccountNumber, walletTexts } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths, transactionHref, withReturnTo } from '#web/config/paths';
import { useBankDetails } from '#web/features/bank/api/get-bank-details';
import { usePinStatus } from '#web/features/pin/api/get-pin-status';
import { useSalesSummary } from '#web/features/transactions/api/get-sales-summary';
import { WalletMoney } from '#web/features/transactions/components/wallet-money';
import { FetchError } from '#web/components/ui/fetch-error';
import { useTexts } from '#web/lib/i18n';
import '../common/account.css';
import './account.css';

/**
 * /account (Wallet): the customer's money — on its way, paid this month, a failed payout and its fix,
 * the history one tap away — then the bank name and account, a Set PIN link and 'Update Bank Details'
 * (docs/product.md §2).
 */
export function AccountRoute() {
  const details = useBankDetails();
  const summary = useSalesSummary();
  const pinStatus = usePinStatus();
  const t = useTexts(walletTexts);
  const fetchMessages = useTexts(englishFetchMessages);

  let body;
  if (details.isPending) {
    body = <Skeleton height={132} radius={16} />;
  } else if (details.isError) {
    body = <FetchError message={fetchMessages.bankDetails} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  } else if (!details.data.bank_account) {
    body = <EmptyState art={<Landmark size={48} aria-hidden="true" />} title={t.emptyTitle} text={t.emptyText} />;
  } else {
    body = (
      <section className="bank-card" aria-label={t.bankDetails} data-testid="bank-details">
        <span className="bank-card__icon">
          <Landmark size={22} aria-hidden="true" />
        </span>
        <dl className="bank-card__rows">
          <div>
            <dt>{t.bankName}</dt>
            <dd>{details.data.bank_name}</dd>
          </div>
          <div>
            <dt>{t.bankAccount}</dt>
            <dd className="bank-card__number" aria-label={details.data.bank_account}>
              {details.data.bank_account}
            </dd>
          </div>
          <div>
            <dt>{t.accountName}</dt>
            <dd>{details.data.account_name}</dd>
          </div>
        </dl>
        <span className="visually-hidden">{maskAccountNumber(details.data.bank_account)}</span>
      </section>
    );
  }

  return (
    <Screen withNav className="screen--tab">
      <title>{`${t.title} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      {summary.isPending ? (
        <Skeleton height={172} radius={12} />
      ) : summary.data ? (
        <WalletMoney
          summary={summary.data}
          historyHref={paths.history}
          updateBankHref={withReturnTo(paths.updateBank, paths.account)}
          saleHref={transactionHref}
        />
      ) : null}
      {body}
      <LinkButton to={paths.pinSet} variant="secondary" className="account__pin">
        <KeyRound size={18} aria-hidden="true" /> {pinStatus.data?.pin_status === 'set' ? t.changePin : t.setPin}
      </LinkButton>
      <div className="screen__actions">
        <LinkButton to={paths.updateBank}>{t.update}</LinkButton>
      </div>
    </Screen>
  );
}
