import { lazy, Suspense, useId, type ReactNode } from 'react';
import { FieldShell, describedBy as describe } from './text-field';
import './field.css';
import './phone-field.css';

export interface PhoneControlProps {
  id: string;
  /** '+' and digits (E.164), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  invalid: boolean;
  describedBy?: string;
}

const PhoneControl = lazy(() => import('./phone-input'));

/** Starts fetching the phone input before it is shown (e.g. when a toggle is hovered). */
export function preloadPhoneField(): void {
  void import('./phone-input');
}

/** What the plain input's text means as '+' and digits: a number without '+' is Nigerian. */
function toE164(text: string): string {
  const cleaned = text.replace(/[^\d+]/g, '');
  if (!cleaned || cleaned.startsWith('+')) return cleaned;
  return `+234${cleaned.replace(/^(234|0)/, '')}`;
}

/** Until the phone library arrives, a plain tel input with the same look keeps the form usable. */
function PlainPhone({ id, value, onChange, onBlur, name, autoFocus, disabled, invalid, describedBy }: PhoneControlProps) {
  return (
    <div className="phone">
      <span className="phone__flag-placeholder" aria-hidden="true" />
      <input
        id={id}
        type="tel"
        name={name}
        className="field__input phone__input"
        value={value}
        placeholder="+234"
        autoComplete="tel"
        autoFocus={autoFocus}
        disabled={disabled}
        onChange={(event) => onChange(toE164(event.target.value))}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

interface PhoneFieldProps extends Omit<PhoneControlProps, 'id' | 'invalid' | 'describedBy'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
}

/** Phone number with a country picker, default Nigeria; the value is '+' and digits. */
export function PhoneField({ label, error, hint, id, ...control }: PhoneFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const props: PhoneControlProps = {
    ...control,
    id: inputId,
    invalid: Boolean(error),
    describedBy: describe(inputId, error, hint),
  };
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <div className="field__control">
        <Suspense fallback={<PlainPhone {...props} />}>
          <PhoneControl {...props} />
        </Suspense>
      </div>
    </FieldShell>
  );
}
