import { identityScreenTexts, type IdentityResetInput } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PasswordField } from '#web/components/ui/text-field';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useResetVerification } from '../api/reset-verification';

/**
 * Verifying again, for a name or date of birth that must be corrected (docs/identity.md): the
 * password, then the account is back on Tier 0 with its details editable until a new look-up passes.
 */
export function ResetVerificationForm() {
  const reset = useResetVerification();
  const t = useTexts(identityScreenTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.identityResetSchema), { password: '' } as IdentityResetInput);
  const submit = form.handleSubmit((input) =>
    reset.mutate(input, {
      onSuccess: (result) => toastSuccess(result.message),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['password']);
        if (!(error instanceof ApiError && error.fields.password)) toastError(errorMessage(error, t.resetFailed));
      },
    }),
  );
  return (
    <section className="verification__document" aria-labelledby="reset-title" data-testid="verification-reset">
      <h2 id="reset-title" className="list__title">
        {t.resetTitle}
      </h2>
      <p>{t.resetIntro}</p>
      <form className="screen__form" onSubmit={submit} noValidate>
        <PasswordField
          label={t.resetPassword}
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.field('password')}
        />
        <div className="screen__actions">
          <Button type="submit" variant="secondary" busy={reset.isPending} busyLabel={t.resetting}>
            {t.resetButton}
          </Button>
        </div>
      </form>
    </section>
  );
}
