import { BadgeCheck, CircleAlert } from 'lucide-react';
import { BANK_ACCOUNT_LENGTH, bankMessages, updateBankTexts } from '@wise/shared';
import { Spinner } from '#web/components/ui/button';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useResolvedAccount } from '../api/resolve-account';
import './bank.css';

/*
 * What bankCodeField and bankAccountField accept (a bank code of up to 10 digits, an account of
 * exactly 10), checked by hand while the customer types: the shared fields are zod, which this
 * screen leaves to the form's first validation (the JavaScript budgets, docs/PERFORMANCE.md). The form still validates
 * with the shared schema on submit.
 */
const BANK_CODE = /^\d{1,10}$/;
const ACCOUNT = new RegExp(`^\\d{${BANK_ACCOUNT_LENGTH}}$`);

/**
 * Shows whose account this is before anything is saved; nothing until bank and number are complete.
 * An account in someone else's name says so at once: payouts go only to the customer's own account
 * (the server refuses to save it with the same words). This note is the one place that reason is
 * shown: `refused` (the server refused this very account) shows it too, whatever the look-up said.
 */
export function ResolvedAccountName({ bankCode, account, refused = false }: { bankCode: string; account: string; refused?: boolean }) {
  const ready = BANK_CODE.test(bankCode.trim()) && ACCOUNT.test(account.trim());
  const t = useTexts(updateBankTexts);
  const messages = useTexts(bankMessages);
  const resolved = useResolvedAccount(ready ? { bank_code: bankCode, bank_account: account } : undefined);
  if (!ready) return null;
  if (refused && !resolved.data) {
    return (
      <div className="resolved-name resolved-name--error resolved-name--mismatch" role="alert" data-testid="name-mismatch">
        <p className="resolved-name__why">{messages.nameMismatch}</p>
      </div>
    );
  }
  if (resolved.isPending) {
    return (
      <p className="resolved-name resolved-name--pending" aria-live="polite">
        <Spinner /> {t.checkingName}
      </p>
    );
  }
  if (resolved.isError) {
    return (
      <p className="resolved-name resolved-name--error" role="alert">
        {errorMessage(resolved.error, t.lookupFailed)}
      </p>
    );
  }
  if (refused || resolved.data.name_match === 'mismatch') {
    return (
      <div className="resolved-name resolved-name--error resolved-name--mismatch" role="alert" data-testid="name-mismatch">
        <p className="resolved-name__line">
          <CircleAlert size={20} aria-hidden="true" /> <span data-testid="resolved-name">{resolved.data.account_name}</span>
        </p>
        <p className="resolved-name__why">{messages.nameMismatch}</p>
      </div>
    );
  }
  return (
    <p className="resolved-name" aria-live="polite" data-testid="resolved-name">
      <BadgeCheck size={20} aria-hidden="true" /> {resolved.data.account_name}
    </p>
  );
}
