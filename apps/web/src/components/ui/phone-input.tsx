import PhoneInput from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import type { PhoneControlProps } from './phone-field';

/**
 * The heavy part of PhoneField (libphonenumber metadata and flags, ≈ 50 KB gz), loaded on
 * demand. Flags come from the package, never from the internet.
 */
export default function PhoneControl({ id, value, onChange, onBlur, name, autoFocus, invalid, describedBy, disabled }: PhoneControlProps) {
  return (
    <PhoneInput
      className="phone"
      defaultCountry="NG"
      flags={flags}
      international
      countryCallingCodeEditable={false}
      limitMaxLength
      value={value || undefined}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      name={name}
      autoFocus={autoFocus}
      autoComplete="tel"
      numberInputProps={{
        id,
        className: 'field__input phone__input',
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy,
      }}
      countrySelectProps={{ 'aria-label': 'Country' }}
    />
  );
}
