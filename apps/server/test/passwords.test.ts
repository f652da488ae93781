import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { argon2Running, hashSecret, verifySecret } from '../src/lib/passwords';

/** lib/passwords.ts: argon2id at OWASP's baseline, at most one computation per core at a time. */
describe('password hashing', () => {
  it('runs no more argon2 computations at once than there are cores, and every answer is still right', async () => {
    const stored = await hashSecret('correct horse 1');
    const cores = Math.max(1, availableParallelism());
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, argon2Running());
    }, 1);
    // Four times as many checks as cores, all asked for at once (a login storm).
    const checks = Array.from({ length: cores * 4 }, (_, i) => verifySecret(stored, i % 2 === 0 ? 'correct horse 1' : 'wrong horse 1'));
    most = Math.max(most, argon2Running());
    const results = await Promise.all(checks);
    clearInterval(sampler);
    expect(results).toEqual(Array.from({ length: cores * 4 }, (_, i) => i % 2 === 0));
    expect(most).toBe(cores);
    expect(argon2Running()).toBe(0);
  });

  it('stores argon2id with the baseline parameters', async () => {
    expect(await hashSecret('x')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
