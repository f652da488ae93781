import { AE, CA, CI, CM, DE, FR, GB, GH, IE, IN, KE, NG, SN, TG, US, ZA } from 'country-flag-icons/react/3x2';
import PhoneInput, { type FlagProps } from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import type { PhoneControlProps } from './phone-field';

/**
 * Drawn flags for the countries our customers mostly dial; every other country shows its ISO
 * code. All 250 flags would more than double this chunk (≈ 55 KB gz) for a phone that mostly
 * types +234, and a flag must never come from the internet.
 */
const drawnFlags: Record<string, typeof NG> = {
  NG, GH, CI, CM, SN, TG, KE, ZA, GB, IE, US, CA, AE, DE, FR, IN,
};

function Flag({ country, countryName }: FlagProps) {
  const Drawn = drawnFlags[country];
  if (Drawn) return <Drawn title={countryName} className="phone__flag-svg" />;
  return (
    <span className="phone__flag-code" title={countryName}>
      {country}
    </span>
  );
}

/** The heavy part of PhoneField (libphonenumber's metadata and formatter), loaded on demand. */
export default function PhoneControl({ id, value, onChange, onBlur, name, autoFocus, invalid, describedBy, disabled }: PhoneControlProps) {
  return (
    <PhoneInput
      className="phone"
      defaultCountry="NG"
      flagComponent={Flag}
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
