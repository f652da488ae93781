import { useId, useState, type ReactNode } from 'react';
import { formatPhone, phoneFromTyped } from '@wise/shared';
import { FieldShell, describedBy as describe } from './text-field';
import './field.css';
import './phone-field.css';

interface PhoneFieldProps {
  label: ReactNode;
  /** '+' and digits (E.164), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: string;
  hint?: ReactNode;
  id?: string;
}

const isNigerian = (e164: string) => e164 === '' || e164 === '+' || e164.startsWith('+234');

/**
 * Phone number, Nigeria by default; the value is '+' and digits. The box shows exactly what the
 * customer typed, pasted or autofilled — it is never rewritten under their fingers, which is how
 * a formatting field scrambled fast typing (a digit landing before the caret the formatter had
 * just moved) — and the value is read from it (`phoneFromTyped`: 080…, 234…, +234…, spaces, or
 * another country's +code). Once the field is left, a whole Nigerian number is shown in the house
 * format. No library: the rule is a few lines, and the screens stay light.
 */
export function PhoneField({ label, error, hint, id, value, onChange, onBlur, name, autoFocus, disabled }: PhoneFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [text, setText] = useState(() => (value ? formatPhone(value) : ''));
  // A value set from outside (a form reset, a saved number arriving) replaces the text; the
  // customer's own typing always maps onto the value it produced, so it is left alone.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (phoneFromTyped(text) !== value) setText(value ? formatPhone(value) : '');
  }

  const change = (next: string) => {
    const e164 = phoneFromTyped(next);
    setText(next);
    setSeen(e164);
    onChange(e164);
  };

  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <div className="field__control">
        <div className="phone">
          <span className={isNigerian(value) ? 'phone__flag phone__flag--ng' : 'phone__flag'} aria-hidden="true" />
          <input
            id={inputId}
            type="tel"
            inputMode="tel"
            name={name}
            className="field__input phone__input"
            value={text}
            placeholder="0803 123 4567"
            autoComplete="tel"
            autoFocus={autoFocus}
            disabled={disabled}
            onChange={(event) => change(event.target.value)}
            onBlur={() => {
              // Shown in the house format once left, when it is a whole Nigerian number.
              const shown = formatPhone(value);
              if (shown !== value && shown !== text) setText(shown);
              onBlur?.();
            }}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={describe(inputId, error, hint)}
          />
        </div>
      </div>
    </FieldShell>
  );
}
