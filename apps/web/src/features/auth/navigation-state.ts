/** What auth screens carry to the next screen in history state, read defensively. */

function readString(state: unknown, key: string): string | null {
  if (typeof state !== 'object' || state === null || !(key in state)) return null;
  const value: unknown = (state as Record<string, unknown>)[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** The e-mail the sign-up (or an unverified login) is confirming. */
export type OtpState = { email: string };
export const readOtpEmail = (state: unknown) => readString(state, 'email');

/** Login step 1's email or phone, for step 2. */
export type LoginPasswordState = { email_or_phone: string };
export const readLoginIdentifier = (state: unknown) => readString(state, 'email_or_phone');
