import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { loginEmailStepSchema, loginPhoneStepSchema } from '@wise/shared';
import { Button } from '../../../components/ui/button';
import { PhoneField, preloadPhoneField } from '../../../components/ui/phone-field';
import { EmailField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import './form.css';

type Mode = 'email' | 'phone';

interface ModeFormProps {
  onSubmit: (emailOrPhone: string) => void;
  onSwitch: () => void;
}

function EmailForm({ onSubmit, onSwitch }: ModeFormProps) {
  const {
    field,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginEmailStepSchema, { email_or_phone: '' });
  return (
    <form className="screen__form" onSubmit={handleSubmit((v) => onSubmit(v.email_or_phone))} noValidate>
      <EmailField
        autoFocus
        error={errors.email_or_phone?.message}
        {...field('email_or_phone')}
      />
      <button type="button" className="auth-switch" onClick={onSwitch} onPointerEnter={preloadPhoneField}>
        Use phone number
      </button>
      <div className="screen__actions">
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}

function PhoneForm({ onSubmit, onSwitch }: ModeFormProps) {
  const {
    control,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useZodForm(loginPhoneStepSchema, { email_or_phone: '' });
  return (
    <form className="screen__form" onSubmit={handleSubmit((v) => onSubmit(v.email_or_phone))} noValidate>
      <Controller
        control={control}
        name="email_or_phone"
        render={({ field }) => (
          <PhoneField
            label="Phone number"
            name={field.name}
            value={field.value}
            autoFocus
            onChange={(value) => {
              field.onChange(value);
              clearErrors('email_or_phone');
            }}
            onBlur={field.onBlur}
            error={errors.email_or_phone?.message}
          />
        )}
      />
      <button type="button" className="auth-switch" onClick={onSwitch}>
        Use email address
      </button>
      <div className="screen__actions">
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}

interface LoginIdentifierFormProps {
  onSubmit: (emailOrPhone: string) => void;
}

/** Login step 1: email by default, or phone (SPEC §2). Switching modes starts the field afresh. */
export function LoginIdentifierForm({ onSubmit }: LoginIdentifierFormProps) {
  const [mode, setMode] = useState<Mode>('email');
  // Fetch the phone library while the customer types, so the switch is instant.
  useEffect(() => {
    const idle = window.setTimeout(preloadPhoneField, 1500);
    return () => window.clearTimeout(idle);
  }, []);
  return mode === 'email' ? (
    <EmailForm onSubmit={onSubmit} onSwitch={() => setMode('phone')} />
  ) : (
    <PhoneForm onSubmit={onSubmit} onSwitch={() => setMode('email')} />
  );
}
