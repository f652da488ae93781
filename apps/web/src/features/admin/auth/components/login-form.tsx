import { useState } from 'react';
import { staffLoginSchema, type StaffLoginResponse } from '@wise/shared/admin';
import { FormField, FormPassword } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { adminErrorMessage } from '#web/lib/admin-api';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useZodForm } from '#web/lib/use-zod-form';
import { useStaffLogin } from '../api/login';

/** E-mail and password; the server then asks for the authenticator (enrol or verify). */
export function StaffLoginForm({ onNext }: { onNext: (answer: StaffLoginResponse) => void }) {
  const form = useZodForm(staffLoginSchema, { email: '', password: '' });
  const login = useStaffLogin();
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    login.mutate(values, {
      onSuccess: onNext,
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['email', 'password']);
        setFailure(adminErrorMessage(error, 'Could not sign in. Try again'));
      },
    });
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <FormField
        label="Work email"
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...form.field('email')}
      />
      <FormPassword label="Password" autoComplete="current-password" error={errors.password?.message} {...form.field('password')} />
      {failure ? (
        <p className="admin-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" busy={login.isPending} busyLabel="Signing in...">
        Sign in
      </Button>
    </form>
  );
}
