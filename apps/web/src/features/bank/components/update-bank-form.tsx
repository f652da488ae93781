import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { bankErrorCodes, updateBankTexts, type Bank, type UpdateBankInput } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PinField } from '#web/components/ui/code-field';
import { Select } from '#web/components/ui/select';
import { PasswordField, TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useWatch } from '#web/lib/form/use-watch';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
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
  /**
   * The server asked for the PIN or the password the form did not show: the details or the PIN
   * changed elsewhere since the screen loaded. The screen loads both again (and the form follows).
   */
  onModeStale?: () => void;
}

/** What decides the form's mode changed on the server: the screen must load it again. */
const modeCodes: readonly string[] = [bankErrorCodes.pinRequired, bankErrorCodes.passwordRequired];

/** Bank from the server's list, 10-digit account, the account's name shown before saving. */
export function UpdateBankForm({ banks, replacing, needsPassword = false, current, onUpdated, onModeStale }: UpdateBankFormProps) {
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
  // The account the server refused as someone else's: the resolved name's note says so (once), even
  // if the look-up had found the name acceptable.
  const [refused, setRefused] = useState<string | null>(null);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => onUpdated(),
      onError: (error) => {
        form.setValue('pin', replacing ? '' : undefined);
        const mismatch = error instanceof ApiError && error.code === bankErrorCodes.nameMismatch;
        // Someone else's account: the reason is told once, beside the resolved name, not again under the number.
        applyFieldErrors(error, form.setError, mismatch ? fieldNames.filter((name) => name !== 'bank_account') : fieldNames);
        if (mismatch) {
          setRefused(`${input.bank_code}:${input.bank_account}`);
          return;
        }
        if (error instanceof ApiError && error.code && modeCodes.includes(error.code)) onModeStale?.();
        toastError(errorMessage(error, t.failed));
      },
    }),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Only the fields this mode shows are sent and checked: a value kept from another mode (a
    // password field that has since gone) must not fail the check out of sight.
    if (!replacing) form.setValue('pin', undefined);
    if (!password) form.setValue('password', undefined);
    submit(event);
  };
  return (
    <form className="screen__form" onSubmit={onSubmit} noValidate>
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
      <ResolvedAccountName bankCode={bankCode} account={account} refused={refused === `${bankCode}:${account}`} />
      {replacing ? (
        <div className="field">
          <p className="field__label">{t.pin}</p>
          <PinField
            control={form.control}
            name="pin"
            label={t.pin}
            error={errors.pin?.message}
            onEdit={() => form.clearErrors('pin')}
            autoFocus={false}
          />
        </div>
      ) : null}
      {password ? (
        <PasswordField
          label={t.password}
          hint={t.passwordHint}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.field('password')}
        />
      ) : null}
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel={t.submitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
