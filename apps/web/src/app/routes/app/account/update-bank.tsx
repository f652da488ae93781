import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BadgeCheck } from 'lucide-react';
import type { z } from 'zod';
import {
  bankAccountField,
  bankCodeField,
  fetchMessages,
  updateBankSchema,
  updateBankWithPinSchema,
  type UpdateBankInput,
} from '@wise/shared';
import { Button, Spinner } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { Select } from '../../../../components/ui/select';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextField } from '../../../../components/ui/text-field';
import { toastError } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { useBankDetails } from '../../../../features/bank/api/get-bank-details';
import { useBanks } from '../../../../features/bank/api/get-banks';
import { useResolvedAccount } from '../../../../features/bank/api/resolve-account';
import { useUpdateBank } from '../../../../features/bank/api/update-bank';
import { PinField } from '../../../../components/ui/code-field';
import { errorMessage } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useZodForm } from '../../../../lib/use-zod-form';
import { FetchError } from '../shared/fetch-error';
import { useRefreshAccountViews } from '../shared/use-refresh-account-views';
import '../shared/account.css';
import './account.css';

const fieldNames = ['bank_code', 'bank_account', 'pin'] as const;

/** Shows whose account this is before anything is saved. */
function ResolvedName({ bankCode, account }: { bankCode: string; account: string }) {
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

function UpdateBankForm({ banks, replacing, current }: { banks: { code: string; name: string }[]; replacing: boolean; current?: { bank_code: string | null } }) {
  const navigate = useNavigate();
  const update = useUpdateBank();
  const refreshAccountViews = useRefreshAccountViews();
  // Replacing existing details needs the PIN (payouts go there): the schema says so too.
  const schema: z.ZodType<UpdateBankInput, UpdateBankInput> = replacing ? updateBankWithPinSchema : updateBankSchema;
  const form = useZodForm(schema, { bank_code: current?.bank_code ?? '', bank_account: '', pin: replacing ? '' : undefined });
  const [bankCode, account] = useWatch({ control: form.control, name: ['bank_code', 'bank_account'] });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => {
        refreshAccountViews();
        navigate(paths.accountSuccess, { replace: true });
      },
      onError: (error) => {
        form.setValue('pin', replacing ? '' : undefined);
        applyFieldErrors(error, form.setError, fieldNames);
        toastError(errorMessage(error, 'Could not update your bank details. Please try again'));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <Select
        label="Bank name"
        placeholder="Select your bank"
        options={banks.map((b) => ({ value: b.code, label: b.name }))}
        error={errors.bank_code?.message}
        {...form.field('bank_code')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        placeholder="10 digits"
        error={errors.bank_account?.message}
        {...form.field('bank_account')}
      />
      <ResolvedName bankCode={bankCode} account={account} />
      {replacing ? (
        <div className="field">
          <p className="field__label">Transaction PIN</p>
          <PinField control={form.control} name="pin" label="Transaction PIN" error={errors.pin?.message} onEdit={() => form.clearErrors('pin')} autoFocus={false} />
        </div>
      ) : null}
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}

/** /account/updatebank: bank from the server's list, 10-digit account, name shown before saving. */
export function UpdateBankRoute() {
  const banks = useBanks();
  const details = useBankDetails();
  let body;
  if (banks.isPending || details.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading" style={{ display: 'grid', gap: 16 }}>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </div>
    );
  } else if (banks.isError) {
    body = <FetchError message={fetchMessages.transactionHistory} onRetry={() => void banks.refetch()} retrying={banks.isFetching} />;
  } else if (details.isError) {
    body = <FetchError message={fetchMessages.bankDetails} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  } else {
    body = <UpdateBankForm banks={banks.data} replacing={details.data.bank_account !== null} current={details.data} />;
  }
  return (
    <Screen header={<Header backTo={paths.account} title="Update Bank Details" />}>
      <title>Update Bank Details · Wise</title>
      <ScreenIntro title="Update Bank Details" text="We pay your sales into this account. The name must be yours." />
      {body}
    </Screen>
  );
}
