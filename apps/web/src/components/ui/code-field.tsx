import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { OTP_LENGTH, PIN_LENGTH } from '@wise/shared';
import { CodeInput } from './code-input';

interface CodeFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  error?: string;
  /** Errors clear as soon as the code is edited (SPEC §4). */
  onEdit: () => void;
  autoFocus?: boolean;
}

function boundCode(length: number, masked: boolean) {
  return function CodeField<T extends FieldValues>({ control, name, label, error, onEdit, autoFocus = true }: CodeFieldProps<T>) {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <CodeInput
            length={length}
            masked={masked}
            label={label}
            ref={field.ref}
            name={field.name}
            value={String(field.value ?? '')}
            onChange={(value) => {
              field.onChange(value);
              onEdit();
            }}
            error={error}
            autoFocus={autoFocus}
          />
        )}
      />
    );
  };
}

/** Four OTP boxes bound to a react-hook-form field. */
export const OtpField = boundCode(OTP_LENGTH, false);
/** Four masked PIN boxes bound to a react-hook-form field. */
export const PinField = boundCode(PIN_LENGTH, true);
