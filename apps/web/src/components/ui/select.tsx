import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { FieldShell, describedBy } from './text-field';
import './field.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (best on phones) dressed like our inputs. */
export function Select({ label, options, placeholder, error, hint, id, ref, ...select }: SelectProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint}>
      <div className="field__control">
        <select
          {...select}
          ref={ref}
          id={selectId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="field__chevron" size={20} aria-hidden="true" />
      </div>
    </FieldShell>
  );
}
