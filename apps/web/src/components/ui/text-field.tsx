import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTexts, useTranslate } from '#web/lib/i18n';
import './field.css';
import { textFieldTexts } from '@wise/shared';

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
  // Schema and server messages are English texts: shown in the app's language.
  const translate = useTranslate();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {translate(error)}
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
        {leading ? (
          <span className="field__lead" aria-hidden="true">
            {leading}
          </span>
        ) : null}
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
export function EmailField({ label, ...props }: EmailFieldProps) {
  const t = useTexts(textFieldTexts);
  return (
    <TextField
      label={label ?? t.emailLabel}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={t.emailPlaceholder}
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
  const t = useTexts(textFieldTexts);
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <div className="field__control">
        {leading ? (
          <span className="field__lead" aria-hidden="true">
            {leading}
          </span>
        ) : null}
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
          aria-label={visible ? t.hidePassword : t.showPassword}
          aria-pressed={visible}
          aria-controls={inputId}
        >
          {visible ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      </div>
    </FieldShell>
  );
}
