import { Landmark, PencilLine } from 'lucide-react';
import { bankConfirmTexts, fetchMessages as englishFetchMessages } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useTexts } from '#web/lib/i18n';
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
  const t = useTexts(bankConfirmTexts);
  const fetchMessages = useTexts(englishFetchMessages);

  if (details.isPending) {
    return (
      <div className="bank-confirm" aria-busy="true" aria-label={t.loading}>
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
        <p className="bank-confirm__title">{t.addFirst}</p>
        <p className="bank-confirm__text">{missingText}</p>
        <LinkButton to={changeHref}>{t.add}</LinkButton>
      </div>
    );
  }
  return (
    <div className="bank-confirm">
      <section className="bank-confirm__card" aria-label={t.bankDetails} data-testid="bank-confirm">
        <div className="bank-confirm__head">
          <span className="bank-confirm__icon">
            <Landmark size={22} aria-hidden="true" />
          </span>
          <p className="bank-confirm__caption">{t.payInto}</p>
        </div>
        <dl className="bank-confirm__rows">
          <div>
            <dt>{t.bankName}</dt>
            <dd>{bankName}</dd>
          </div>
          <div>
            <dt>{t.accountNumber}</dt>
            <dd className="bank-confirm__number">{account}</dd>
          </div>
          <div>
            <dt>{t.accountName}</dt>
            <dd>{accountName}</dd>
          </div>
        </dl>
        <LinkButton to={changeHref} variant="link" className="bank-confirm__change">
          <PencilLine size={16} aria-hidden="true" /> {t.change}
        </LinkButton>
      </section>
      <div className="screen__actions">
        <LinkButton to={continueHref}>{t.continue}</LinkButton>
      </div>
    </div>
  );
}
