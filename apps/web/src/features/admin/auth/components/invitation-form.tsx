import { useState } from 'react';
import { dutyMessages, staffPasswordField } from '@wise/shared/admin';
import { z } from 'zod';
import { Button } from '#web/components/ui/button';
import { adminErrorMessage } from '#web/lib/admin-api';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useZodForm } from '#web/lib/use-zod-form';
import { useAcceptInvitation, useInvitationInfo } from '../api/invitation';
import { checkRepeated, FormFailure, NewPasswordFields } from './new-password-fields';

const invitationFormSchema = z.object({ password: z.string(), repeat_password: z.string() }).superRefine((values, ctx) => {
  const parsed = staffPasswordField.safeParse(values.password);
  if (!parsed.success)
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
  checkRepeated(ctx, values.password, values.repeat_password);
});

/**
 * The invitation link's page (docs/separation-of-duties.md): the invitee chooses their own password,
 * then sets up the authenticator app as at any first sign-in (`onDone`).
 */
export function InvitationForm({ token, onDone }: { token: string; onDone: () => void }) {
  const info = useInvitationInfo(token);
  const accept = useAcceptInvitation();
  const form = useZodForm(invitationFormSchema, { password: '', repeat_password: '' });
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  if (!token || info.isError) {
    return (
      <p className="admin-alert" role="alert">
        {dutyMessages.invitationInvalid}
      </p>
    );
  }
  if (!info.data) return <p>Checking the invitation...</p>;

  const submit = form.handleSubmit(({ password }) => {
    setFailure(undefined);
    accept.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          applyFieldErrors(error, form.setError, ['password']);
          setFailure(adminErrorMessage(error, dutyMessages.invitationInvalid));
        },
      },
    );
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <p>
        {info.data.name} ({info.data.email})
      </p>
      <NewPasswordFields
        label="Choose a password"
        repeatLabel="Repeat the password"
        password={{ error: errors.password?.message, ...form.field('password') }}
        repeat={{ error: errors.repeat_password?.message, ...form.field('repeat_password') }}
      />
      <FormFailure message={failure} />
      <Button type="submit" busy={accept.isPending} busyLabel="Saving...">
        Set my password
      </Button>
    </form>
  );
}
