import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~10 ms here).
// algorithm 2 is Argon2id (the package's const enum can't be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (plain: string): Promise<string> => hash(plain, options);

export async function verifySecret(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
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
