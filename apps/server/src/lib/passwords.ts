import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { slots } from './concurrency';
import { logErrorToStderr } from './log-redaction';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~10 ms here).
// algorithm 2 is Argon2id (the package's const enum can't be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one argon2 computation per core at a time. Each holds its 19 MiB while it runs and
 * libuv's pool would run four at once; on two cores two more only wait there, holding memory.
 * A login storm's RSS peak came down from 297 to 240-254 MB with login throughput unchanged
 * (docs/PERFORMANCE.md); the rest of libuv's pool stays free for files and DNS.
 */
const argon2Slots = slots(Math.max(1, availableParallelism()));

/** argon2 computations running now (at most one per core). */
export const argon2Running = (): number => argon2Slots.active;

export const hashSecret = (plain: string): Promise<string> => argon2Slots(() => hash(plain, options));

export const UNREADABLE_HASH_MESSAGE = 'stored password hash unreadable';

/** Told when a stored hash can't even be read: a broken row, not a wrong password. */
export type UnreadableHashHandler = (error: unknown) => void;

const reportToStderr: UnreadableHashHandler = (error) => logErrorToStderr(UNREADABLE_HASH_MESSAGE, error);

/**
 * True when `plain` matches. A hash argon2 can't parse still answers false (the customer sees a
 * wrong password, never a 500), but it is reported, once, to `onUnreadableHash`: callers with a
 * request logger pass theirs; the default writes the error to stderr.
 */
export async function verifySecret(
  storedHash: string,
  plain: string,
  onUnreadableHash: UnreadableHashHandler = reportToStderr,
): Promise<boolean> {
  try {
    return await argon2Slots(() => verify(storedHash, plain));
  } catch (error) {
    onUnreadableHash(error);
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check so a login can't tell whether the account exists. */
export async function burnVerify(plain: string): Promise<false> {
  dummyHash ??= hashSecret('not-a-real-password-for-timing');
  await verifySecret(await dummyHash, plain);
  return false;
}
