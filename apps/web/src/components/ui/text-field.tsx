import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import './field.css';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Hide the label visually (still read by screen readers). */
  hideLabel?: boolean;
  children: ReactNode;
}

/** Label above, the control, then the red error text under it (docs/product.md §5). */
export function FieldShell({ id, label, error, hint, hideLabel, children }: FieldShellProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  leading?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, hideLabel, leading, id, ref, ...input }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <div className="field__control">
        {leading ? <span className="field__lead" aria-hidden="true">{leading}</span> : null}
        <input
          {...input}
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
        />
      </div>
    </FieldShell>
  );
}

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: ReactNode };

/** An e-mail input as phones want it: e-mail keyboard, no capitals, no spell-check. */
export function EmailField({ label = 'Email address', ...props }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="e.g. you@example.com"
      {...props}
    />
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle; no strength meter (docs/product.md §2). */
export function PasswordField({ label, error, hint, hideLabel, leading, id, ref, ...input }: PasswordFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <div className="field__control">
        {leading ? <span className="field__lead" aria-hidden="true">{leading}</span> : null}
        <input
          autoComplete="current-password"
          {...input}
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="field__input"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
        />
        <button
          type="button"
          className="field__toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={inputId}
        >
          {visible ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      </div>
    </FieldShell>
  );
}
