import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import type { PasskeyRegistrationInput } from '@wise/shared';

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

/** What a checked registration gives to keep, as both tables store it. */
export interface VerifiedRegistration {
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: AuthenticatorTransportFuture[];
  backedUp: boolean;
}

/**
 * Checks a registration's answer (customer or staff): the challenge, `APP_URL`'s origin and RP ID,
 * the user verified. The credential to keep when it holds, `undefined` when not (the caller refuses
 * with its own error).
 */
export async function verifiedRegistration(
  credential: PasskeyRegistrationInput['credential'],
  expected: { challenge: string; origin: string; rpId: string },
): Promise<VerifiedRegistration | undefined> {
  try {
    const verification = await verifyRegistrationResponse({
      response: { ...credential, response: { ...credential.response, transports: transportsOf(credential.response.transports) } },
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      requireUserVerification: true,
    });
    const info = verification.registrationInfo;
    if (!verification.verified || !info) return undefined;
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: transportsOf(info.credential.transports ?? credential.response.transports),
      backedUp: info.credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}
