import { ShieldCheck } from 'lucide-react';
import { useId, type ChangeEvent, type ComponentProps, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Select } from '../ui/select';
import { TextArea } from '../ui/text-area';
import { describedBy, FieldShell, PasswordField } from '../ui/text-field';
import '../ui/field.css';

/*
 * The back office's form controls: the customer app's fields (label above, red error under,
 * the same tokens), sized for a desktop by the `.admin` scope in admin.css. One name each so
 * back-office screens read alike.
 */

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** An icon inside the control, before the text. */
  leading?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error or hint. `className` is added to the input itself. */
export function FormField({ label, error, hint, hideLabel, leading, id, ref, className, ...input }: FormFieldProps) {
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
          className={className ? `field__input ${className}` : 'field__input'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
        />
      </div>
    </FieldShell>
  );
}

export type FormPasswordProps = ComponentProps<typeof PasswordField>;
/** A password input with a show/hide toggle. */
export function FormPassword(props: FormPasswordProps) {
  return <PasswordField {...props} />;
}

export type FormSelectProps = ComponentProps<typeof Select>;
/** A native select with its options; `placeholder` adds a disabled first option. */
export function FormSelect(props: FormSelectProps) {
  return <Select {...props} />;
}

export type FormTextAreaProps = ComponentProps<typeof TextArea>;
/** A multi-line input (notes, messages). */
export function FormTextArea(props: FormTextAreaProps) {
  return <TextArea {...props} />;
}

export type AuthenticatorCodeFieldProps = Omit<
  FormFieldProps,
  'label' | 'inputMode' | 'autoComplete' | 'placeholder' | 'maxLength' | 'hint' | 'leading'
>;
/**
 * The authenticator code a staff member confirms a sensitive action with: six digits, anything
 * else typed or pasted is dropped before `onChange` sees the value.
 */
export function AuthenticatorCodeField({ onChange, className, ...props }: AuthenticatorCodeFieldProps) {
  return (
    <FormField
      label="Authenticator code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      maxLength={6}
      className={className ? `admin-code-input ${className}` : 'admin-code-input'}
      hint="The 6-digit code your authenticator app shows now"
      leading={<ShieldCheck size={18} />}
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, 6);
        onChange?.(event);
      }}
    />
  );
}
