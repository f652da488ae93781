import { Landmark, KeyRound } from 'lucide-react';
import { fetchMessages, maskAccountNumber } from '@wise/shared';
import { LinkButton } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { paths } from '../../../../config/paths';
import { useBankDetails } from '../../../../features/bank/api/get-bank-details';
import { FetchError } from '../../../../components/ui/fetch-error';
import '../common/account.css';
import './account.css';

/** /account (Wallet): bank name and account, a Set PIN link and 'Update Bank Details' (docs/product.md §2). */
export function AccountRoute() {
  const details = useBankDetails();

  let body;
  if (details.isPending) {
    body = <Skeleton height={132} radius={16} />;
  } else if (details.isError) {
    body = <FetchError message={fetchMessages.bankDetails} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  } else if (!details.data.bank_account) {
    body = (
      <EmptyState
        art={<Landmark size={48} aria-hidden="true" />}
        title="No bank details yet"
        text="Add the account we should pay you into when your sales are approved."
      />
    );
  } else {
    body = (
      <section className="bank-card" aria-label="Bank details" data-testid="bank-details">
        <span className="bank-card__icon">
          <Landmark size={22} aria-hidden="true" />
        </span>
        <dl className="bank-card__rows">
          <div>
            <dt>Bank name</dt>
            <dd>{details.data.bank_name}</dd>
          </div>
          <div>
            <dt>Bank account</dt>
            <dd className="bank-card__number" aria-label={details.data.bank_account}>
              {details.data.bank_account}
            </dd>
          </div>
          <div>
            <dt>Account name</dt>
            <dd>{details.data.account_name}</dd>
          </div>
        </dl>
        <span className="visually-hidden">{maskAccountNumber(details.data.bank_account)}</span>
      </section>
    );
  }

  return (
    <Screen withNav className="screen--tab">
      <title>Wallet · Wise</title>
      <ScreenIntro title="Wallet" text="Where we pay you for your gift card and crypto sales" />
      {body}
      <LinkButton to={paths.pinSet} variant="secondary" className="account__pin">
        <KeyRound size={18} aria-hidden="true" /> Set PIN
      </LinkButton>
      <div className="screen__actions">
        <LinkButton to={paths.updateBank}>Update Bank Details</LinkButton>
      </div>
    </Screen>
  );
}
