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
