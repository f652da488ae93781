import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new RedisRateLimiter(redisUrl, `wise:test:${randomBytes(4).toString('hex')}:`);
afterAll(() => redis.close());
// Connected before the checks, so that they count in Redis and not in the in-memory fallback.
beforeAll(() => redis.link.whenReady());

describe.each([
  ['memory', new MemoryRateLimiter()],
  ['redis', redis],
] as [string, RateLimiter][])('%s limiter', (_name, limiter) => {
  it('allows up to the limit in a window, then refuses with a retry time', async () => {
    const key = randomBytes(6).toString('hex');
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit(key, 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterMs).toBeGreaterThan(55_000);
    expect(results[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('peeks without counting and resets', async () => {
    const key = randomBytes(6).toString('hex');
    await limiter.hit(key, 2, 60_000);
    expect(await limiter.peek(key, 2)).toMatchObject({ allowed: true, count: 1 });
    await limiter.hit(key, 2, 60_000);
    expect(await limiter.peek(key, 2)).toMatchObject({ allowed: false, count: 2 });
    await limiter.reset(key);
    expect(await limiter.peek(key, 2)).toMatchObject({ allowed: true, count: 0 });
  });

  it('counts parallel hits exactly', async () => {
    const key = randomBytes(6).toString('hex');
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(key, 5, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});

describe('memory limiter windows', () => {
  it('opens a new window once the old one ends', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter(() => now);
    expect((await limiter.hit('k', 1, 1000)).allowed).toBe(true);
    expect((await limiter.hit('k', 1, 1000)).allowed).toBe(false);
    now += 1000;
    expect((await limiter.hit('k', 1, 1000)).allowed).toBe(true);
  });
});

describe('memory limiter when full', () => {
  const block = async (limiter: MemoryRateLimiter, key: string) => {
    await limiter.hit(key, 1, 60_000);
    expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(false);
  };

  it('never drops a key that is still blocking, however many new keys arrive', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter(() => now, 10);
    await block(limiter, 'victim');
    // Far more made-up keys than it can hold (the flood that used to evict the oldest key).
    for (let i = 0; i < 50; i += 1) await limiter.hit(`flood-${i}`, 5, 60_000);
    expect((await limiter.peek('victim', 1)).allowed).toBe(false);
    expect((await limiter.hit('victim', 1, 60_000)).allowed).toBe(false);
    now += 30_000;
    expect((await limiter.hit('victim', 1, 60_000)).allowed).toBe(false);
  });

  it('refuses keys it has no room for until windows end, then makes room by dropping only ended windows', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter(() => now, 3);
    for (const key of ['a', 'b', 'c']) expect((await limiter.hit(key, 5, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit('new', 5, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBe(60_000);
    // Keys it already holds go on being counted as usual.
    expect((await limiter.hit('a', 5, 60_000)).allowed).toBe(true);
    now += 60_000;
    expect((await limiter.hit('new', 5, 60_000)).allowed).toBe(true);
  });

  it('keeps its window when an ended window of the same key is renewed while full', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter(() => now, 2);
    await limiter.hit('a', 1, 1_000);
    await limiter.hit('b', 1, 60_000);
    now += 1_000;
    // 'a' has ended but is still stored: renewing it needs no room.
    expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(false);
  });
});
