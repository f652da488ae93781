import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PIN_LENGTH } from '@wise/shared';
import { PinInput } from '../../../components/ui/code-input';

interface PinFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  error?: string;
  /** Errors clear as soon as the PIN is edited (SPEC §4). */
  onEdit: () => void;
  autoFocus?: boolean;
}

/** Four masked boxes bound to a react-hook-form field. */
export function PinField<T extends FieldValues>({ control, name, label, error, onEdit, autoFocus = true }: PinFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PinInput
          length={PIN_LENGTH}
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
}
