import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { IdentityNumberKind } from '@wise/shared';
import type { CardCodeKey, CardCodeKeyring } from '../sales/card-codes';

/**
 * BVNs and NINs at rest (docs/features.md, "Identity verification"), under the keys gift-card codes use
 * (CARD_CODE_KEYS; domain/sales/card-codes.ts), with working keys of their own derived by HKDF so
 * no key does two jobs:
 * - an HMAC-SHA256 of `kind:number` finds the same number on another account (an 11-digit number
 *   has too few values for a plain hash to hide it; the key does);
 * - AES-256-GCM seals the verified number, the customer's id as associated data, so a sealed
 *   number copied to another account does not open.
 * After a key rotation a number is looked for under every configured key.
 */

const derived = new WeakMap<Buffer, { enc: Buffer; mac: Buffer }>();
function workingKeys(key: CardCodeKey): { enc: Buffer; mac: Buffer } {
  let keys = derived.get(key.secret);
  if (!keys) {
    keys = {
      enc: Buffer.from(hkdfSync('sha256', key.secret, 'wise.identity-number', 'identity-number-aes-256-gcm-v1', 32)),
      mac: Buffer.from(hkdfSync('sha256', key.secret, 'wise.identity-number', 'identity-number-hmac-sha256-v1', 32)),
    };
    derived.set(key.secret, keys);
  }
  return keys;
}

export const identityNumberHash = (key: CardCodeKey, kind: IdentityNumberKind, number: string): string =>
  createHmac('sha256', workingKeys(key).mac).update(`${kind}:${number}`, 'utf8').digest('hex');

/** The number's hash under every configured key, current first. */
export const identityNumberHashes = (keyring: CardCodeKeyring, kind: IdentityNumberKind, number: string): string[] =>
  keyring.keys.map((key) => identityNumberHash(key, kind, number));

/** Seals a verified number for one customer under the current key: `v1.iv.body.tag`, base64url. */
export function sealIdentityNumber(keyring: CardCodeKeyring, userId: string, number: string): string {
  const key = keyring.current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', workingKeys(key).enc, iv);
  cipher.setAAD(Buffer.from(`${key.id}:${userId}`, 'utf8'));
  const body = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Opens a sealed number (compliance requests); throws on a key no longer configured or a tampered value. */
export function openIdentityNumber(keyring: CardCodeKeyring, userId: string, sealed: { ciphertext: string; keyId: string }): string {
  const key = keyring.keys.find((candidate) => candidate.id === sealed.keyId);
  if (!key) throw new Error(`identity number: key "${sealed.keyId}" is not in CARD_CODE_KEYS`);
  const [format, iv, body, tag] = sealed.ciphertext.split('.');
  if (format !== 'v1' || !iv || !body || !tag) throw new Error('identity number: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', workingKeys(key).enc, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`${key.id}:${userId}`, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
