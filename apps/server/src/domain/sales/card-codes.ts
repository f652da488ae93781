import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { cardCodeSkeleton } from '@wise/shared/card-codes';
import type { Db } from '#server/db/client';
import { sales } from '#server/db/schema/index';

/**
 * Gift-card codes at rest (sales/README.md "Card codes"): AES-256-GCM under a key from
 * configuration (`CARD_CODE_KEYS`, the first the current one), the key's id stored beside the
 * ciphertext so an older key still reads its rows, and an HMAC-SHA256 of the code's skeleton
 * (docs/identifiers.md: two codes that look alike have one skeleton) for finding the same code in
 * another sale. Both working keys are derived from the configured one
 * with HKDF (one for encryption, one for the hash), so neither is ever used for the other job.
 * The customer's id is the associated data: a sealed code moved to another customer's sale does
 * not open.
 */

export interface CardCodeKey {
  id: string;
  /** The configured 32 bytes. */
  secret: Buffer;
}

export interface CardCodeKeyring {
  /** New codes are sealed under this one. */
  current: CardCodeKey;
  /** Every key that still opens something, current first. */
  keys: readonly CardCodeKey[];
}

export interface SealedCardCode {
  ciphertext: string;
  keyId: string;
  hash: string;
  hashVersion: CardCodeHashVersion;
}

/**
 * What a stored hash was taken over (`sales.card_code_hash_version`, 0044): 1 the code as 0017
 * normalised it (NFKC, spaces and ASCII hyphens removed, upper case), 2 its skeleton. Every new
 * hash is 2; the start-up step re-hashes the 1s it can open.
 */
export type CardCodeHashVersion = 1 | 2;
export const CARD_CODE_HASH_VERSION: CardCodeHashVersion = 2;

const FORMAT = 'v1';
export const CARD_CODE_KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const derived = new WeakMap<Buffer, { enc: Buffer; mac: Buffer }>();
function workingKeys(key: CardCodeKey): { enc: Buffer; mac: Buffer } {
  let keys = derived.get(key.secret);
  if (!keys) {
    keys = {
      enc: Buffer.from(hkdfSync('sha256', key.secret, 'wise.card-code', 'card-code-aes-256-gcm-v1', 32)),
      mac: Buffer.from(hkdfSync('sha256', key.secret, 'wise.card-code', 'card-code-hmac-sha256-v1', 32)),
    };
    derived.set(key.secret, keys);
  }
  return keys;
}

/**
 * `CARD_CODE_KEYS`: `id:base64key[,id:base64key…]`, each key 32 bytes (`openssl rand -base64 32`).
 * Throws a message naming what is wrong (config.ts shows it with the variable's name).
 */
export function parseCardCodeKeys(text: string): CardCodeKeyring {
  const keys = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part): CardCodeKey => {
      const at = part.indexOf(':');
      const id = at > 0 ? part.slice(0, at) : '';
      if (!CARD_CODE_KEY_ID_PATTERN.test(id)) throw new Error('each key is id:base64key, the id 1-32 letters, digits, "-" or "_"');
      const secret = Buffer.from(part.slice(at + 1), 'base64');
      if (secret.length !== 32) throw new Error(`key "${id}" must be 32 bytes in base64 (openssl rand -base64 32)`);
      return { id, secret };
    });
  const [current] = keys;
  if (!current) throw new Error('must name at least one key');
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new Error('key ids must be different');
  return { current, keys };
}

/** Outside production without CARD_CODE_KEYS: one key derived from SESSION_SECRET (id `dev`). */
export const devCardCodeKeyring = (sessionSecret: string): CardCodeKeyring => {
  const key = { id: 'dev', secret: Buffer.from(hkdfSync('sha256', sessionSecret, 'wise.card-code', 'card-code-dev-key-v1', 32)) };
  return { current: key, keys: [key] };
};

const keyedHash = (key: CardCodeKey, text: string): string => createHmac('sha256', workingKeys(key).mac).update(text, 'utf8').digest('hex');

/** The keyed hash of a code's skeleton under one key (hex): what every new sale stores. */
export const cardCodeHash = (key: CardCodeKey, code: string): string => keyedHash(key, cardCodeSkeleton(code));

/** A hash of version 1, for matching the rows not yet re-hashed (the normalisation 0017 used). */
export const legacyCardCodeHash = (key: CardCodeKey, code: string): string =>
  keyedHash(
    key,
    code
      .normalize('NFKC')
      .replace(/[\s\u200b\ufeff-]/g, '')
      .toUpperCase(),
  );

/** The code's hash under every configured key: a row sealed under an older key still matches. */
export const cardCodeHashes = (keyring: CardCodeKeyring, code: string): string[] => keyring.keys.map((key) => cardCodeHash(key, code));
export const legacyCardCodeHashes = (keyring: CardCodeKeyring, code: string): string[] =>
  keyring.keys.map((key) => legacyCardCodeHash(key, code));

/** Seals a code for one customer's sale under the current key. */
export function sealCardCode(keyring: CardCodeKeyring, userId: string, code: string): SealedCardCode {
  const key = keyring.current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', workingKeys(key).enc, iv);
  cipher.setAAD(Buffer.from(`${key.id}:${userId}`, 'utf8'));
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return {
    ciphertext: [FORMAT, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.'),
    keyId: key.id,
    hash: cardCodeHash(key, code),
    hashVersion: CARD_CODE_HASH_VERSION,
  };
}

export class CardCodeUnreadableError extends Error {
  constructor(reason: string) {
    super(`a stored card code could not be read (${reason})`);
    this.name = 'CardCodeUnreadableError';
  }
}

/** Opens a sealed code; a key no longer configured, or a tampered value, throws (never the code). */
export function openCardCode(keyring: CardCodeKeyring, userId: string, sealed: { ciphertext: string; keyId: string }): string {
  const key = keyring.keys.find((candidate) => candidate.id === sealed.keyId);
  if (!key) throw new CardCodeUnreadableError(`key "${sealed.keyId}" is not in CARD_CODE_KEYS`);
  const [format, iv, body, tag] = sealed.ciphertext.split('.');
  if (format !== FORMAT || !iv || !body || !tag) throw new CardCodeUnreadableError('unknown format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', workingKeys(key).enc, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${key.id}:${userId}`, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new CardCodeUnreadableError('authentication failed');
  }
}

/**
 * What a detail screen shows for a row: the plain legacy code, the opened sealed one, or null —
 * also when it cannot be opened (its key was removed from CARD_CODE_KEYS: the server logs that
 * at start, and the screen still shows everything else about the sale).
 */
export function cardCodeOf(
  row: { userId: string; cardCode: string | null; cardCodeCiphertext: string | null; cardCodeKeyId: string | null },
  keyring: CardCodeKeyring = cardCodeKeyring(),
): string | null {
  if (!row.cardCodeCiphertext || !row.cardCodeKeyId) return row.cardCode;
  try {
    return openCardCode(keyring, row.userId, { ciphertext: row.cardCodeCiphertext, keyId: row.cardCodeKeyId });
  } catch (error) {
    if (error instanceof CardCodeUnreadableError) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The keyring the process uses (set once from the configuration by buildApp)
// ---------------------------------------------------------------------------------------------

let processKeyring: CardCodeKeyring | undefined;

export function useCardCodeKeyring(keyring: CardCodeKeyring): void {
  processKeyring = keyring;
}

/** The configured keyring; before buildApp sets one (scripts, some tests), the development key. */
export const cardCodeKeyring = (): CardCodeKeyring =>
  (processKeyring ??= devCardCodeKeyring('dev-only-secret-not-for-production-use-0000'));

// ---------------------------------------------------------------------------------------------
// Sealing legacy codes and re-keying (the start-up step, after the migrations)
// ---------------------------------------------------------------------------------------------

export const CARD_CODE_RESEAL_BATCH = 200;

export interface ResealResult {
  /** Plain-text codes from before 0017, now sealed. */
  sealed: number;
  /** Codes re-encrypted under the current key. */
  rekeyed: number;
  /** Codes whose hash was taken again over their skeleton (version 1 → 2, 0044). */
  rehashed: number;
  /** Codes under a key no longer in CARD_CODE_KEYS: left as they are (and their version-1 hash). */
  unreadable: number;
}

/**
 * Seals every plain-text code left from before 0017, re-encrypts every code sealed under a key
 * other than the current one (after a key was added in front of CARD_CODE_KEYS), and re-hashes
 * over its skeleton every code whose hash is still of version 1 — in batches, each row in its own
 * short statement guarded by the values it read (two instances starting at once do the work
 * once). Sealing and re-keying hash over the skeleton as they go. A row under a key that is no
 * longer configured cannot be opened: it is left, counted in `unreadable`, and the caller logs it
 * (never the code); until its key is back, new codes are also compared with its version-1 hash
 * (duplicates.ts).
 */
export async function resealCardCodes(db: Db, keyring: CardCodeKeyring = cardCodeKeyring()): Promise<ResealResult> {
  const result: ResealResult = { sealed: 0, rekeyed: 0, rehashed: 0, unreadable: 0 };
  const skipped = new Set<string>();
  for (;;) {
    const rows = await db
      .select({
        id: sales.id,
        userId: sales.userId,
        cardCode: sales.cardCode,
        ciphertext: sales.cardCodeCiphertext,
        keyId: sales.cardCodeKeyId,
      })
      .from(sales)
      .where(or(isNotNull(sales.cardCode), and(isNotNull(sales.cardCodeKeyId), ne(sales.cardCodeKeyId, keyring.current.id))))
      .orderBy(sales.id)
      .limit(CARD_CODE_RESEAL_BATCH + skipped.size);
    const todo = rows.filter((row) => !skipped.has(row.id));
    if (todo.length === 0) break;
    for (const row of todo) {
      let code: string;
      if (row.cardCode !== null) {
        code = row.cardCode;
      } else {
        try {
          code = openCardCode(keyring, row.userId, { ciphertext: row.ciphertext ?? '', keyId: row.keyId ?? '' });
        } catch {
          result.unreadable += 1;
          skipped.add(row.id);
          continue;
        }
      }
      const sealed = sealCardCode(keyring, row.userId, code);
      const changed = await db
        .update(sales)
        .set({
          cardCode: null,
          cardCodeCiphertext: sealed.ciphertext,
          cardCodeKeyId: sealed.keyId,
          cardCodeHash: sealed.hash,
          cardCodeHashVersion: sealed.hashVersion,
        })
        .where(
          and(
            eq(sales.id, row.id),
            row.cardCode !== null
              ? and(eq(sales.cardCode, row.cardCode), isNull(sales.cardCodeCiphertext))
              : eq(sales.cardCodeCiphertext, row.ciphertext ?? ''),
          ),
        )
        .returning({ id: sales.id });
      if (changed.length === 0) skipped.add(row.id);
      else if (row.cardCode !== null) result.sealed += 1;
      else result.rekeyed += 1;
    }
  }
  result.rehashed = await rehashCardCodes(db, keyring, skipped);
  return result;
}

/** Version-1 hashes taken again over the skeleton, under the key the row is sealed with. */
async function rehashCardCodes(db: Db, keyring: CardCodeKeyring, skipped: Set<string>): Promise<number> {
  let rehashed = 0;
  for (;;) {
    const rows = await db
      .select({ id: sales.id, userId: sales.userId, ciphertext: sales.cardCodeCiphertext, keyId: sales.cardCodeKeyId })
      .from(sales)
      .where(and(isNotNull(sales.cardCodeCiphertext), eq(sales.cardCodeHashVersion, 1)))
      .orderBy(sales.id)
      .limit(CARD_CODE_RESEAL_BATCH + skipped.size);
    const todo = rows.filter((row) => !skipped.has(row.id));
    if (todo.length === 0) return rehashed;
    for (const row of todo) {
      const key = keyring.keys.find((candidate) => candidate.id === row.keyId);
      let code: string;
      try {
        if (!key) throw new CardCodeUnreadableError('key not configured');
        code = openCardCode(keyring, row.userId, { ciphertext: row.ciphertext ?? '', keyId: key.id });
      } catch {
        // Counted as unreadable by the loop above (its key is not the current one).
        skipped.add(row.id);
        continue;
      }
      const changed = await db
        .update(sales)
        .set({ cardCodeHash: cardCodeHash(key, code), cardCodeHashVersion: CARD_CODE_HASH_VERSION })
        .where(and(eq(sales.id, row.id), eq(sales.cardCodeCiphertext, row.ciphertext ?? ''), eq(sales.cardCodeHashVersion, 1)))
        .returning({ id: sales.id });
      if (changed.length === 0) skipped.add(row.id);
      else rehashed += 1;
    }
  }
}
