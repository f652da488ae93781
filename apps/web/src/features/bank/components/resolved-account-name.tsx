import { BadgeCheck } from 'lucide-react';
import { BANK_ACCOUNT_LENGTH } from '@wise/shared';
import { Spinner } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useResolvedAccount } from '../api/resolve-account';
import './bank.css';

/*
 * What bankCodeField and bankAccountField accept (a bank code of up to 10 digits, an account of
 * exactly 10), checked by hand while the customer types: the shared fields are zod, which this
 * screen leaves to the form's first validation (issue 13's budgets). The form still validates
 * with the shared schema on submit.
 */
const BANK_CODE = /^\d{1,10}$/;
const ACCOUNT = new RegExp(`^\\d{${BANK_ACCOUNT_LENGTH}}$`);

/** Shows whose account this is before anything is saved; nothing until bank and number are complete. */
export function ResolvedAccountName({ bankCode, account }: { bankCode: string; account: string }) {
  const ready = BANK_CODE.test(bankCode.trim()) && ACCOUNT.test(account.trim());
  const resolved = useResolvedAccount(ready ? { bank_code: bankCode, bank_account: account } : undefined);
  if (!ready) return null;
  if (resolved.isPending) {
    return (
      <p className="resolved-name resolved-name--pending" aria-live="polite">
        <Spinner /> Checking account name...
      </p>
    );
  }
  if (resolved.isError) {
    return (
      <p className="resolved-name resolved-name--error" role="alert">
        {errorMessage(resolved.error, 'We could not verify this account')}
      </p>
    );
  }
  return (
    <p className="resolved-name" aria-live="polite" data-testid="resolved-name">
      <BadgeCheck size={20} aria-hidden="true" /> {resolved.data.account_name}
    </p>
  );
}
