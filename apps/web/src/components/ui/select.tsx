import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
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
  /**
   * Long choices (a plan with its price, a sub-category with its rate): a closed native select
   * shows one line and cuts the end off on a 360 px phone, so the choice is drawn over it on up to
   * two lines while the select itself (transparent, on top) still takes the tap and opens the
   * phone's own picker.
   */
  wrap?: boolean;
  /** Drawn at the start of the field for the chosen value (a network's mark); nothing for none. */
  leadFor?: (value: string) => ReactNode;
}

/** A native select (best on phones) dressed like our inputs. */
export function Select({ label, options, placeholder, error, hint, id, ref, wrap = false, leadFor, onChange, ...select }: SelectProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const own = useRef<HTMLSelectElement | null>(null);
  const [face, setFace] = useState<{ text: string; value: string }>({ text: placeholder ?? '', value: '' });
  // The form may set the value without a change event (a reset, a dependent field cleared): read
  // what the select shows after every render rather than only on change.
  const readFace = () => {
    const element = own.current;
    if ((!wrap && !leadFor) || !element) return;
    const option = element.selectedOptions[0];
    const next = { text: option?.textContent ?? placeholder ?? '', value: option?.value ?? '' };
    setFace((current) => (current.text === next.text && current.value === next.value ? current : next));
  };
  useLayoutEffect(readFace);
  // The form's own ref hands back a cleanup (React 19): pass it on, so the form forgets the element.
  const setRefs = useCallback(
    (element: HTMLSelectElement | null) => {
      own.current = element;
      const cleanup = typeof ref === 'function' ? ref(element) : ref ? void (ref.current = element) : undefined;
      return () => {
        own.current = null;
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref],
  );
  const lead = face.value && leadFor ? leadFor(face.value) : undefined;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint}>
      <div className={wrap ? 'field__control field__control--face' : 'field__control'}>
        {lead ? (
          <span className="field__lead" aria-hidden="true">
            {lead}
          </span>
        ) : null}
        {wrap ? (
          <span className={face.value ? 'field__face' : 'field__face field__face--placeholder'} aria-hidden="true">
            {face.text}
          </span>
        ) : null}
        <select
          {...select}
          ref={setRefs}
          id={selectId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            onChange?.(event);
            readFace();
          }}
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
