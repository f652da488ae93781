import { createHash } from 'node:crypto';
import type { IdentityNumberKind, IdentityPerson } from '@wise/shared';
import { IdentityProviderError, type DocumentImages, type DocumentVerdict, type IdentityAsker, type IdentityProvider } from './types';

/** The documented sandbox inputs (docs/sandbox.md, "Identity verification"). */
export const SANDBOX_IDENTITY_NUMBERS = {
  ownBvn: '22222222222',
  ownNin: '11111111111',
  strangerBvn: '22222222299',
  timeoutBvn: '22222222298',
} as const;

const isOwnNumber = (kind: IdentityNumberKind, number: string) =>
  (kind === 'bvn' && number === SANDBOX_IDENTITY_NUMBERS.ownBvn) || (kind === 'nin' && number === SANDBOX_IDENTITY_NUMBERS.ownNin);

/** The phone registered to the stranger's BVN: nobody's account phone in the sandbox's journeys. */
export const SANDBOX_STRANGER_PHONE = '08039990299';

/**
 * The offline stand-in used unless IDENTITY_PROVIDER=dojah. BVN 22222222222 and NIN 11111111111
 * belong to whoever asks (the profile's name and date of birth, as a registry writes them:
 * upper case, and the account's phone as the registered one); BVN 22222222299 belongs to someone
 * else, with another phone (SANDBOX_STRANGER_PHONE); BVN 22222222298 makes the provider time
 * out; every other number is not found. Being each asker's own, 22222222222 and 11111111111 are
 * a different person for every account (holderKey), so every test account can reach Tier 1 with
 * them. Document checks answer a verdict fixed by the images.
 */
export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = 'sandbox' as const;

  async lookup(kind: IdentityNumberKind, number: string, asker: IdentityAsker): Promise<IdentityPerson> {
    if (kind === 'bvn' && number === SANDBOX_IDENTITY_NUMBERS.timeoutBvn) {
      throw new IdentityProviderError('unavailable', 'sandbox: the provider timed out');
    }
    if (kind === 'bvn' && number === SANDBOX_IDENTITY_NUMBERS.strangerBvn) {
      return {
        firstName: 'CHIDINMA',
        middleName: 'AMAKA',
        lastName: 'EZEANYA',
        dateOfBirth: '1988-03-14',
        phones: [SANDBOX_STRANGER_PHONE],
      };
    }
    if (!isOwnNumber(kind, number)) throw new IdentityProviderError('not_found', 'sandbox: no such number');
    const words = asker.fullName.trim().toUpperCase().split(/\s+/);
    const lastName = words.pop() ?? '';
    const firstName = words.shift() ?? lastName;
    // A registry writes the phone the local way: 0 and ten digits.
    const phone = asker.phone.startsWith('+234') ? `0${asker.phone.slice(4)}` : asker.phone;
    return { firstName, middleName: words.join(' ') || null, lastName, dateOfBirth: asker.dateOfBirth, phones: [phone] };
  }

  holderKey(kind: IdentityNumberKind, number: string, userId: string): string {
    return isOwnNumber(kind, number) ? `${number}@${userId}` : number;
  }

  /** A deterministic verdict: the selfie "matches" unless its digest's first byte is below 16 (about 1 in 16). */
  async checkDocument(images: DocumentImages): Promise<DocumentVerdict> {
    const byte = createHash('sha256').update(images.selfie).digest()[0] ?? 0;
    const faceMatch = byte >= 16;
    const confidence = faceMatch ? 90 + (byte % 10) : 40 + (byte % 40);
    return {
      faceMatch,
      confidence,
      summary: `Sandbox: the selfie ${faceMatch ? 'matches' : 'does not match'} the document (${confidence}%)`,
    };
  }
}
