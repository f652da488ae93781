import { STORAGE_KEYS, type PasskeyCreationOptions, type PasskeyRequestOptions } from '@wise/shared';

/**
 * The browser side of WebAuthn, through SimpleWebAuthn, loaded at the tap that needs it: /login
 * and /profile stay within their budgets (docs/PERFORMANCE.md) for the many who never use a passkey.
 * The library's JSON is what the shared schemas describe, so its answers go to the API as they are.
 */

export async function createPasskey(options: PasskeyCreationOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options });
}

export async function getPasskey(options: PasskeyRequestOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

/** Whether this browser can make and use passkeys at all (no library needed to ask). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Whether to offer "Sign in faster next time" after a password login: the device has a built-in
 * authenticator (fingerprint, face, screen lock) and has not answered the offer before.
 */
export async function shouldOfferPasskey(): Promise<boolean> {
  if (!passkeysSupported() || localStorage.getItem(STORAGE_KEYS.passkeyOffer)) return false;
  try {
    return await window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

export const answerPasskeyOffer = (answer: 'dismissed' | 'created'): void => localStorage.setItem(STORAGE_KEYS.passkeyOffer, answer);

/** The customer closed the browser's passkey dialog or it timed out: no error worth a red toast. */
export const wasCancelled = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED'));
