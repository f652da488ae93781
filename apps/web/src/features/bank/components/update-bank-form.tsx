import type { z } from 'zod';
import { bankErrorCodes, updateBankTexts, type Bank, type UpdateBankInput } from '@wise/shared';
import { Button } from '../../../components/ui/button';
import { PinField } from '../../../components/ui/code-field';
import { Select } from '../../../components/ui/select';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { toastError } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useWatch } from '../../../lib/form/use-watch';
import { useTexts } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateBank } from '../api/update-bank';
import { ResolvedAccountName } from './resolved-account-name';

const fieldNames = ['bank_code', 'bank_account', 'pin', 'password'] as const;

interface UpdateBankFormProps {
  banks: Bank[];
  /** Details exist already: replacing them needs the transaction PIN. */
  replacing: boolean;
  /** A first account while no PIN is set: the password confirms it (docs/identity.md). */
  needsPassword?: boolean;
  current?: { bank_code: string | null };
  onUpdated: () => void;
}

/** Bank from the server's list, 10-digit account, the account's name shown before saving. */
export function UpdateBankForm({ banks, replacing, needsPassword = false, current, onUpdated }: UpdateBankFormProps) {
  const update = useUpdateBank();
  const t = useTexts(updateBankTexts);
  // Replacing existing details needs the PIN (payouts go there), a first account with no PIN the password: the schema says so too.
  const password = needsPassword && !replacing;
  const form = useZodForm(
    () =>
      import('../form-schemas').then((m): z.ZodType<UpdateBankInput, UpdateBankInput> =>
        replacing ? m.updateBankWithPinSchema : password ? m.updateBankWithPasswordSchema : m.updateBankSchema,
      ),
    { bank_code: current?.bank_code ?? '', bank_account: '', pin: replacing ? '' : undefined, password: password ? '' : undefined },
  );
  const [bankCode, account] = useWatch({ control: form.control, name: ['bank_code', 'bank_account'] });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => onUpdated(),
      onError: (error) => {
        form.setValue('pin', replacing ? '' : undefined);
        applyFieldErrors(error, form.setError, fieldNames);
        // Someone else's account: the reason is under the account number and beside the name already.
        if (error instanceof ApiError && error.code === bankErrorCodes.nameMismatch) return;
        toastError(errorMessage(error, t.failed));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <Select
        label={t.bankName}
        placeholder={t.bankPlaceholder}
        options={banks.map((b) => ({ value: b.code, label: b.name }))}
        error={errors.bank_code?.message}
        {...form.field('bank_code')}
      />
      <TextField
        label={t.accountNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        placeholder={t.accountPlaceholder}
        error={errors.bank_account?.message}
        {...form.field('bank_account')}
      />
      <ResolvedAccountName bankCode={bankCode} account={account} />
      {replacing ? (
        <div className="field">
          <p className="field__label">{t.pin}</p>
          <PinField control={form.control} name="pin" label={t.pin} error={errors.pin?.message} onEdit={() => form.clearErrors('pin')} autoFocus={false} />
        </div>
      ) : null}
      {password ? (
        <PasswordField label={t.password} hint={t.passwordHint} autoComplete="current-password" error={errors.password?.message} {...form.field('password')} />
      ) : null}
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel={t.submitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
