/*
 * How a phone number reads everywhere, customer screens and back office alike: one formatter, so
 * a bill's number, a history row, the profile and the staff's customer page agree.
 */

/** The ten national digits of a Nigerian number however it was typed or stored, else undefined. */
function nigerianDigits(phone: string): string | undefined {
  const digits = phone.replace(/[\s().-]/g, '');
  return /^(?:\+?234|0)(\d{10})$/.exec(digits)?.[1];
}

/**
 * `+2348031234567`, `2348031234567`, `08031234567` or `0803 123 4567` → `+234 803 123 4567`.
 * Other countries' numbers are shown as they are, trimmed.
 */
export function formatPhone(phone: string): string {
  const national = nigerianDigits(phone);
  if (!national) return phone.trim();
  return `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/** `+234 803 *** **67`: the operator prefix and the last two digits only. */
export function maskPhone(phone: string): string {
  const national = nigerianDigits(phone);
  if (national) return `+234 ${national.slice(0, 3)} *** **${national.slice(8)}`;
  const trimmed = phone.trim();
  if (trimmed.length <= 6) return trimmed;
  return `${trimmed.slice(0, 4)}${'*'.repeat(trimmed.length - 6)}${trimmed.slice(-2)}`;
}

/**
 * What a customer typed, pasted or let the browser autofill, as '+' and digits (E.164-like), the
 * form every phone field sends: `08031234567`, `0803 123 4567`, `2348031234567` and
 * `+234 803 123 4567` are one number, `+2348031234567`; a number without a country code is
 * Nigerian (the default country); `+44…` or `0044…` keeps its own code. Full-width digits count as
 * digits; anything else that is not a digit is layout. '' for nothing typed.
 */
export function phoneFromTyped(text: string): string {
  const compact = text.normalize('NFKC').replace(/[^\d+]/g, '');
  const digits = compact.replace(/\D/g, '');
  if (!digits) return compact.startsWith('+') ? '+' : '';
  if (compact.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('234')) return `+${digits}`;
  return `+234${digits.replace(/^0/, '')}`;
}
