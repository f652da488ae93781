import { BadgeCheck } from 'lucide-react';
import { bankAccountField, bankCodeField } from '@wise/shared';
import { Spinner } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useResolvedAccount } from '../api/resolve-account';
import './bank.css';

/** Shows whose account this is before anything is saved; nothing until bank and number are complete. */
export function ResolvedAccountName({ bankCode, account }: { bankCode: string; account: string }) {
  const ready = bankCodeField.safeParse(bankCode).success && bankAccountField.safeParse(account).success;
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
