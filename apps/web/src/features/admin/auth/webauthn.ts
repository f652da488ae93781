import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@wise/shared';

/**
 * The browser side of WebAuthn for staff passkeys, through SimpleWebAuthn, loaded at the click that
 * needs it. Features don't import each other, so the back office keeps these few lines itself.
 */

export async function createPasskey(options: PasskeyCreationOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options });
}

export async function getPasskey(options: PasskeyRequestOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's passkey dialog was closed or timed out. */
export const wasCancelled = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED'));
