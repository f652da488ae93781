import { Landmark, PencilLine } from 'lucide-react';
import { fetchMessages } from '@wise/shared';
import { LinkButton } from '../../../components/ui/button';
import { FetchError } from '../../../components/ui/fetch-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBankDetails } from '../api/get-bank-details';
import './bank.css';

interface BankDetailsConfirmationProps {
  /** Where the details are added or changed (update-bank with a way back here). */
  changeHref: string;
  /** The next step once the customer has checked the account. */
  continueHref: string;
  /** Why bank details are needed here, shown when there are none. */
  missingText: string;
}

/**
 * "Confirm account" before a sale (docs/product.md §2 confirmaccount): the bank, account number and account
 * name we will pay into, a way to change them, and Continue. With no details yet, a prompt to add
 * them first: selling needs somewhere to pay.
 */
export function BankDetailsConfirmation({ changeHref, continueHref, missingText }: BankDetailsConfirmationProps) {
  const details = useBankDetails();

  if (details.isPending) {
    return (
      <div className="bank-confirm" aria-busy="true" aria-label="Loading bank details">
        <Skeleton height={168} radius={20} />
        <Skeleton height={48} radius={999} />
      </div>
    );
  }
  if (details.isError) {
    return <FetchError message={fetchMessages.bankDetails} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  }
  const { bank_name: bankName, bank_account: account, account_name: accountName } = details.data;
  if (!account) {
    return (
      <div className="bank-confirm bank-confirm--missing" data-testid="bank-missing">
        <span className="bank-confirm__icon">
          <Landmark size={28} aria-hidden="true" />
        </span>
        <p className="bank-confirm__title">Add your bank details first</p>
        <p className="bank-confirm__text">{missingText}</p>
        <LinkButton to={changeHref}>Add bank details</LinkButton>
      </div>
    );
  }
  return (
    <div className="bank-confirm">
      <section className="bank-confirm__card" aria-label="Bank details" data-testid="bank-confirm">
        <div className="bank-confirm__head">
          <span className="bank-confirm__icon">
            <Landmark size={22} aria-hidden="true" />
          </span>
          <p className="bank-confirm__caption">We will pay into</p>
        </div>
        <dl className="bank-confirm__rows">
          <div>
            <dt>Bank name</dt>
            <dd>{bankName}</dd>
          </div>
          <div>
            <dt>Account number</dt>
            <dd className="bank-confirm__number">{account}</dd>
          </div>
          <div>
            <dt>Account name</dt>
            <dd>{accountName}</dd>
          </div>
        </dl>
        <LinkButton to={changeHref} variant="link" className="bank-confirm__change">
          <PencilLine size={16} aria-hidden="true" /> Change bank details
        </LinkButton>
      </section>
      <div className="screen__actions">
        <LinkButton to={continueHref}>Continue</LinkButton>
      </div>
    </div>
  );
}
