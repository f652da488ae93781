import { useState } from 'react';
import { loginIdentifierTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PhoneField } from '#web/components/ui/phone-field';
import { EmailField } from '#web/components/ui/text-field';
import { Controller } from '#web/lib/form/controller';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import './form.css';

type Mode = 'email' | 'phone';

interface ModeFormProps {
  onSubmit: (emailOrPhone: string) => void;
  onSwitch: () => void;
}

function EmailForm({ onSubmit, onSwitch }: ModeFormProps) {
  const t = useTexts(loginIdentifierTexts);
  const {
    field,
    handleSubmit,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.loginEmailStepSchema), { email_or_phone: '' });
  return (
    <form className="screen__form" onSubmit={handleSubmit((v) => onSubmit(v.email_or_phone))} noValidate>
      <EmailField autoFocus error={errors.email_or_phone?.message} {...field('email_or_phone')} />
      <button type="button" className="auth-switch" onClick={onSwitch}>
        {t.usePhone}
      </button>
      <div className="screen__actions">
        <Button type="submit">{t.continue}</Button>
      </div>
    </form>
  );
}

function PhoneForm({ onSubmit, onSwitch }: ModeFormProps) {
  const t = useTexts(loginIdentifierTexts);
  const {
    control,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.loginPhoneStepSchema), { email_or_phone: '' });
  return (
    <form className="screen__form" onSubmit={handleSubmit((v) => onSubmit(v.email_or_phone))} noValidate>
      <Controller
        control={control}
        name="email_or_phone"
        render={({ field }) => (
          <PhoneField
            label={t.phoneLabel}
            name={field.name}
            value={field.value}
            autoFocus
            onChange={(value) => {
              field.onChange(value);
              clearErrors('email_or_phone');
            }}
            error={errors.email_or_phone?.message}
          />
        )}
      />
      <button type="button" className="auth-switch" onClick={onSwitch}>
        {t.useEmail}
      </button>
      <div className="screen__actions">
        <Button type="submit">{t.continue}</Button>
      </div>
    </form>
  );
}

interface LoginIdentifierFormProps {
  onSubmit: (emailOrPhone: string) => void;
}

/** Login step 1: email by default, or phone (docs/product.md §2). Switching modes starts the field afresh. */
export function LoginIdentifierForm({ onSubmit }: LoginIdentifierFormProps) {
  const [mode, setMode] = useState<Mode>('email');
  return mode === 'email' ? (
    <EmailForm onSubmit={onSubmit} onSwitch={() => setMode('phone')} />
  ) : (
    <PhoneForm onSubmit={onSubmit} onSwitch={() => setMode('email')} />
  );
}
