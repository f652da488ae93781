import { useState } from 'react';
import { staffPasswordChangeSchema } from '@wise/shared/admin';
import { z } from 'zod';
import { FormPassword } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { adminErrorMessage } from '#web/lib/admin-api';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useZodForm } from '#web/lib/use-zod-form';
import { useChangeStaffPassword } from '../api/change-password';
import { checkRepeated, FormFailure, NewPasswordFields } from './new-password-fields';

/** The endpoint's schema plus a second typing of the new password, checked here only. */
const passwordFormSchema = z
  .object({ current_password: z.string(), new_password: z.string(), repeat_password: z.string() })
  .superRefine((values, ctx) => {
    const parsed = staffPasswordChangeSchema.safeParse({ current_password: values.current_password, new_password: values.new_password });
    if (!parsed.success)
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    checkRepeated(ctx, values.new_password, values.repeat_password);
  });

/** Change the password (forced after a one-time password, or by choice). */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(passwordFormSchema, { current_password: '', new_password: '', repeat_password: '' });
  const change = useChangeStaffPassword();
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ current_password, new_password }) => {
    setFailure(undefined);
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: onDone,
        onError: (error) => {
          applyFieldErrors(error, form.setError, ['current_password', 'new_password']);
          setFailure(adminErrorMessage(error, 'Could not change the password. Try again'));
        },
      },
    );
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <FormPassword
        label="Current password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.field('current_password')}
      />
      <NewPasswordFields
        label="New password"
        repeatLabel="Repeat the new password"
        password={{ error: errors.new_password?.message, ...form.field('new_password') }}
        repeat={{ error: errors.repeat_password?.message, ...form.field('repeat_password') }}
      />
      <FormFailure message={failure} />
      <Button type="submit" busy={change.isPending} busyLabel="Saving...">
        Change password
      </Button>
    </form>
  );
}
