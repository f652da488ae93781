import { STAFF_PASSWORD_MIN } from '@wise/shared/admin';
import type { z } from 'zod';
import { FormPassword, type FormPasswordProps } from '#web/components/admin/form-fields';

/** A second typing of the chosen password must match it: checked in the form only, never sent. */
export function checkRepeated(ctx: z.RefinementCtx, password: string, repeated: string): void {
  if (repeated !== password) ctx.addIssue({ code: 'custom', path: ['repeat_password'], message: 'The passwords do not match' });
}

type PasswordInput = Omit<FormPasswordProps, 'label' | 'autoComplete' | 'hint'>;

/** The password a staff member chooses (the length rule as its hint) and its second typing. */
export function NewPasswordFields({
  label,
  repeatLabel,
  password,
  repeat,
}: {
  label: string;
  repeatLabel: string;
  password: PasswordInput;
  repeat: PasswordInput;
}) {
  return (
    <>
      <FormPassword label={label} autoComplete="new-password" hint={`At least ${STAFF_PASSWORD_MIN} characters`} {...password} />
      <FormPassword label={repeatLabel} autoComplete="new-password" {...repeat} />
    </>
  );
}

/** What the server refused, said above the submit button. */
export function FormFailure({ message }: { message: string | undefined }) {
  return message ? (
    <p className="admin-alert" role="alert">
      {message}
    </p>
  ) : null;
}
