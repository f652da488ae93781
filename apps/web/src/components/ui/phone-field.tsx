import { useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import { FieldShell, describedBy as describe } from './text-field';
import './field.css';
import './phone-field.css';

export interface PhoneControlProps {
  id: string;
  /** '+' and digits (E.164), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  invalid: boolean;
  describedBy?: string;
}

type PhoneControl = ComponentType<PhoneControlProps>;
/** The library's control once fetched (a field drawn later shows it at once), and the fetch under way. */
let loadedControl: PhoneControl | undefined;
let loading: Promise<PhoneControl> | undefined;

/** libphonenumber, its formatter and flags (≈ 50 KB gzip): fetched only when a phone is about to be typed. */
function loadPhoneControl(): Promise<PhoneControl> {
  loading ??= import('./phone-input').then(
    (module) => (loadedControl = module.default),
    (error: unknown) => {
      loading = undefined; // offline: the next reach tries again; the plain input works meanwhile
      throw error;
    },
  );
  return loading;
}

/** Starts fetching the phone input before it is shown (e.g. when a toggle is hovered). */
export function preloadPhoneField(): void {
  loadPhoneControl().catch(() => undefined);
}

/**
 * The library's control once the customer reaches for the field (points at it, taps it or types
 * in it) or once a preload started elsewhere lands; the plain input until then. Focus alone does
 * not count: an autofocused field must not download the library just to be drawn (docs/PERFORMANCE.md's
 * budgets) — /createaccount and the phone-change screen show the plain +234 input at first.
 */
function usePhoneControl(): [PhoneControl | undefined, () => void] {
  const [control, setControl] = useState<PhoneControl | undefined>(() => loadedControl);
  const want = () => {
    if (!control) loadPhoneControl().then((loaded) => setControl(() => loaded), () => undefined);
  };
  useEffect(() => {
    if (!loadedControl && loading) loading.then((loaded) => setControl(() => loaded), () => undefined);
  }, []);
  return [control, want];
}

/** What the plain input's text means as '+' and digits: a number without '+' is Nigerian. */
function toE164(text: string): string {
  const cleaned = text.replace(/[^\d+]/g, '');
  if (!cleaned || cleaned.startsWith('+')) return cleaned;
  return `+234${cleaned.replace(/^(234|0)/, '')}`;
}

interface PlainPhoneProps extends PhoneControlProps {
  /** The customer reaches for the field (pointer, tap or key): time to fetch the library. */
  onReach: () => void;
  onFocus: () => void;
}

/** Until the phone library arrives, a plain tel input with the same look keeps the form usable. */
function PlainPhone({ id, value, onChange, onBlur, name, autoFocus, disabled, invalid, describedBy, onReach, onFocus }: PlainPhoneProps) {
  return (
    <div className="phone">
      <span className="phone__flag-placeholder" aria-hidden="true" />
      <input
        id={id}
        type="tel"
        name={name}
        className="field__input phone__input"
        value={value}
        placeholder="+234"
        autoComplete="tel"
        autoFocus={autoFocus}
        disabled={disabled}
        onChange={(event) => onChange(toE164(event.target.value))}
        onBlur={onBlur}
        onFocus={onFocus}
        onPointerEnter={onReach}
        onPointerDown={onReach}
        onKeyDown={onReach}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

interface PhoneFieldProps extends Omit<PhoneControlProps, 'id' | 'invalid' | 'describedBy'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
}

/** Phone number with a country picker, default Nigeria; the value is '+' and digits. */
export function PhoneField({ label, error, hint, id, ...control }: PhoneFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [Control, want] = usePhoneControl();
  // The plain input has the focus when the library arrives: its input takes it over.
  const [focused, setFocused] = useState(false);
  const props: PhoneControlProps = {
    ...control,
    id: inputId,
    invalid: Boolean(error),
    describedBy: describe(inputId, error, hint),
  };
  const plain = {
    onReach: want,
    onFocus: () => setFocused(true),
    onBlur: () => {
      setFocused(false);
      control.onBlur?.();
    },
  };
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <div className="field__control">
        {Control ? <Control {...props} autoFocus={props.autoFocus || focused} /> : <PlainPhone {...props} {...plain} />}
      </div>
    </FieldShell>
  );
}
