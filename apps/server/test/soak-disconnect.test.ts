import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createRateGuard } from '../src/plugins/rate-limits';

/**
 * Found by the soak (docs/RELIABILITY.md): customers whose requests waited past their own time limit hung up;
 * when the server reached those requests, `request.ip` was undefined (the socket had gone) and the
 * per-IP rate limit threw "Cannot read properties of undefined (reading 'toLowerCase')" → 500.
 */
describe('a rate limit keyed by the address of a client that has hung up', () => {
  it('counts the request instead of throwing', async () => {
    const guard = createRateGuard(new MemoryRateLimiter(), 1);
    // What Fastify hands the routes once the socket is closed, whatever the type says.
    const gone = undefined as unknown as string;
    await expect(guard.consume('loginPerIp', gone)).resolves.toBeUndefined();
    await expect(guard.check('loginPerIp', gone)).resolves.toBeUndefined();
    await expect(guard.reset('loginPerIp', gone)).resolves.toBeUndefined();
    // Still a limit (counted afresh after the reset): such requests share one bucket, which runs out like any other.
    for (let i = 0; i < 30; i += 1) await guard.consume('loginPerIp', gone);
    await expect(guard.consume('loginPerIp', gone)).rejects.toMatchObject({ status: 429 });
  });
});
