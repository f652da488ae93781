import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldShell, describedBy } from './text-field';
import './field.css';
import './text-area.css';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line input dressed like our text fields (comments, notes). */
export function TextArea({ label, error, hint, id, ref, rows = 3, ...textarea }: TextAreaProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <div className="field__control field__control--multiline">
        <textarea
          {...textarea}
          ref={ref}
          id={inputId}
          rows={rows}
          className="field__input field__input--multiline"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
        />
      </div>
    </FieldShell>
  );
}
