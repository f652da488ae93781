/** What the profile screens carry to the next screen in history state, read defensively. */

function readString(state: unknown, key: string): string | undefined {
  if (typeof state !== 'object' || state === null || !(key in state)) return undefined;
  const value: unknown = (state as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** The number the change code was texted to, for /profile/modifyphonenumber/enterOTP. */
export type NewPhoneState = { newPhone: string };
export function readNewPhone(state: unknown): string | undefined {
  const value = readString(state, 'newPhone');
  return value !== undefined && /^\+\d{10,20}$/.test(value) ? value : undefined;
}

/** The address the change code was e-mailed to, for /profile/modifyemail/enterOTP. */
export type NewEmailState = { newEmail: string };
export function readNewEmail(state: unknown): string | undefined {
  const value = readString(state, 'newEmail');
  return value !== undefined && value.includes('@') && value.length <= 100 ? value : undefined;
}

/** The server's message for /profile/success. */
export type ProfileSuccessState = { message: string };
export function readSuccessMessage(state: unknown): string | undefined {
  const value = readString(state, 'message');
  return value !== undefined && value.length > 0 && value.length < 200 ? value : undefined;
}
