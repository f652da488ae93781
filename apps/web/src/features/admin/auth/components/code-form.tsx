import { useState, type FormEvent } from 'react';
import { confirmCodeSchema } from '@wise/shared/admin';
import { ShieldCheck } from 'lucide-react';
import { FormField } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { adminErrorMessage } from '#web/lib/admin-api';

interface CodeFormProps {
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Sends the code; the promise's rejection is shown under the field. */
  onCode: (code: string) => Promise<unknown>;
}

/** One 6-digit authenticator code (enrolment and sign-in). */
export function CodeForm({ submitLabel, busyLabel, busy, onCode }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = confirmCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await onCode(parsed.data);
    } catch (failure) {
      setError(adminErrorMessage(failure, 'That code is not right. Try the current one'));
      setCode('');
    }
  };

  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="Authenticator code"
        name="code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
          setError(undefined);
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
        maxLength={6}
        autoFocus
        className="admin-code-input"
        leading={<ShieldCheck size={18} />}
        error={error}
      />
      <Button type="submit" busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
