import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type AuthenticatorTransportFuture } from '@simplewebauthn/server';

/** What a customer's and a staff member's passkeys share: how SimpleWebAuthn is called on them. */

const knownTransports = new Set<string>(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
/** The transports a browser named, keeping only those the standard knows. */
export const transportsOf = (values: readonly string[] | undefined): AuthenticatorTransportFuture[] =>
  (values ?? []).filter((value): value is AuthenticatorTransportFuture => knownTransports.has(value));

/**
 * The WebAuthn user handle: the owner's id as its 16 bytes. Not personal data, and fixed for the
 * owner, so a sign-in can check the handle an authenticator returns against the owner of the
 * credential it used.
 */
export const userHandleBytes = (ownerId: string) => new Uint8Array(Buffer.from(ownerId.replaceAll('-', ''), 'hex'));
export const userHandleOf = (ownerId: string) => Buffer.from(userHandleBytes(ownerId)).toString('base64url');

/** A stored passkey, as both tables keep it. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: readonly string[] | null;
}

/**
 * Checks a sign-in's answer against the stored passkey: the challenge, `APP_URL`'s origin and RP
 * ID, the user verified, a rising counter. The new counter when it holds, `undefined` when not
 * (whatever the reason: the caller refuses with its own error and counts its own failure).
 */
export async function verifiedAssertionCounter(
  response: AuthenticationResponseJSON,
  stored: StoredPasskey,
  expected: { challenge: string; origin: string; rpId: string },
): Promise<number | undefined> {
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: transportsOf(stored.transports ?? undefined),
      },
      requireUserVerification: true,
    });
    return verification.verified ? verification.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
