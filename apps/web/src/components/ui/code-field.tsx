import { OTP_LENGTH, PIN_LENGTH } from '@wise/shared';
import { Controller } from '#web/lib/form/controller';
import type { Control } from '#web/lib/form/store';
import { CodeInput } from './code-input';

/** Any form with a text field `N` (a code is typed as text). */
interface CodeFieldProps<N extends string> {
  control: Control<{ [K in N]?: string }>;
  name: N;
  label: string;
  error?: string;
  /** Errors clear as soon as the code is edited (docs/product.md §4). */
  onEdit: () => void;
  autoFocus?: boolean;
}

function boundCode(length: number, masked: boolean) {
  return function CodeField<N extends string>({ control, name, label, error, onEdit, autoFocus = true }: CodeFieldProps<N>) {
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

/** Four OTP boxes bound to a form's field. */
export const OtpField = boundCode(OTP_LENGTH, false);
/** Four masked PIN boxes bound to a form's field. */
export const PinField = boundCode(PIN_LENGTH, true);
