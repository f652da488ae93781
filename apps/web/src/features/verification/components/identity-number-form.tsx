import {
  identityKindLabels as englishKindLabels,
  identityScreenTexts,
  IDENTITY_NUMBER_LENGTH,
  type IdentityCheckResult,
  type IdentityNumberInput,
} from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useVerifyNumber } from '../api/verify-number';

const fields = ['kind', 'number'] as const;

interface IdentityNumberFormProps {
  /** The look-up's outcome, whichever it is (the screen shows it). */
  onResult: (result: IdentityCheckResult) => void;
}

/** BVN or NIN, then its 11 digits (shared identityNumberSchema); the answer goes to the screen. */
export function IdentityNumberForm({ onResult }: IdentityNumberFormProps) {
  const verify = useVerifyNumber();
  const t = useTexts(identityScreenTexts);
  const identityKindLabels = useTexts(englishKindLabels);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.identityNumberSchema), {
    kind: 'bvn',
    number: '',
  } as IdentityNumberInput);
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const label = identityKindLabels[kind === 'nin' ? 'nin' : 'bvn'];
  const submit = form.handleSubmit((input) =>
    verify.mutate(input, {
      onSuccess: onResult,
      onError: (error) => {
        applyFieldErrors(error, form.setError, fields);
        toastError(errorMessage(error, t.checkFailed));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <Select
        label={t.kindLabel}
        options={[
          { value: 'bvn', label: `${identityKindLabels.bvn.short} · ${identityKindLabels.bvn.long}` },
          { value: 'nin', label: `${identityKindLabels.nin.short} · ${identityKindLabels.nin.long}` },
        ]}
        error={errors.kind?.message}
        {...form.field('kind')}
      />
      <TextField
        label={t.yourNumber(label.short)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={IDENTITY_NUMBER_LENGTH}
        placeholder={t.digits(IDENTITY_NUMBER_LENGTH)}
        hint={label.hint}
        error={errors.number?.message}
        {...form.field('number')}
      />
      <div className="screen__actions">
        <Button type="submit" busy={verify.isPending} busyLabel={t.verifying}>
          {t.verify}
        </Button>
      </div>
    </form>
  );
}
