import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RedisRateLimiter } from '../src/lib/rate-limiter';
import { processRegistry } from '../src/lib/metrics';
import { createTestApp, get, type TestApp } from './support/app';
import { startPrivateRedis, type PrivateRedis } from './support/redis-server';
import { freePort } from './support/server-process';
import { createCustomer } from './support/users';

/**
 * Redis is optional at run time (docs/RELIABILITY.md, "Redis outages"): an app starts while its
 * Redis is not there, limits logins in memory (never a 500, never waiting on Redis), is ready with
 * Redis reported as degraded, and counts in Redis once a redis-server comes up on that address —
 * and falls back again when it is killed. The Redis here is a private redis-server on a free port,
 * never the one other runs share.
 */

/** The per-IP login limit (30) at RATE_LIMIT_MULTIPLIER 0.1: each failed login hashes a password, so fewer keep the test short. */
const MULTIPLIER = 0.1;
const LOGIN_PER_IP = 3;
const silent = { warn: () => undefined, info: () => undefined };
const redisOrNothing: { server?: PrivateRedis; app?: TestApp; limiter?: RedisRateLimiter } = {};
afterAll(async () => {
  await redisOrNothing.app?.close();
  await redisOrNothing.limiter?.close();
  await redisOrNothing.server?.kill();
});

/** `count` failed logins from one address (each with a new unknown e-mail, so only the per-IP limit counts). */
async function loginsFrom(t: TestApp, ip: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const payload = { email_or_phone: `nobody${randomBytes(4).toString('hex')}@wisetest.com`, password: 'not the password 1' };
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const fallbacks = async () =>
  (await processRegistry.getSingleMetric('wise_rate_limit_memory_fallbacks_total')?.get())?.values[0]?.value ?? 0;

describe('Redis unreachable at run time', () => {
  it(
    'starts without it, limits login in memory, then in Redis once it comes, and again in memory when it goes',
    { timeout: 90_000 },
    async () => {
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      const prefix = `wise:test:${randomBytes(4).toString('hex')}:`;
      // Nothing listens on `port` yet: the app must start all the same (it used to fail after 6 s).
      const limiter = new RedisRateLimiter(url, prefix, silent);
      redisOrNothing.limiter = limiter;
      const t = await createTestApp({ rateLimitMultiplier: MULTIPLIER, env: { REDIS_URL: url }, limiter });
      redisOrNothing.app = t;

      // Ready, with Redis degraded (not red: every instance shares it, so none would be left).
      const ready = await get(t.app, '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', degraded: ['redis'] });

      // A customer signs up and logs in without Redis (sessions read from the database).
      const customer = await createCustomer(t);
      expect((await get(t.app, '/api/profile', customer.cookie)).statusCode).toBe(200);

      // The per-IP login limit holds in this process's memory: no 500, the one over it refused.
      const before = await fallbacks();
      const down = await loginsFrom(t, '203.0.113.7', LOGIN_PER_IP + 1);
      expect(down.slice(0, LOGIN_PER_IP).every((status) => status === 401)).toBe(true);
      expect(down[LOGIN_PER_IP]).toBe(429);
      // Every check was counted in memory without asking Redis (nothing waited on a connection).
      expect((await fallbacks()) - before).toBeGreaterThanOrEqual(LOGIN_PER_IP + 1);

      // Redis comes: the limiter connects by itself and counts there from then on.
      const server = await startPrivateRedis(port);
      redisOrNothing.server = server;
      await limiter.link.whenReady();
      const up = await loginsFrom(t, '203.0.113.8', LOGIN_PER_IP + 1);
      expect(up.slice(0, LOGIN_PER_IP).every((status) => status === 401)).toBe(true);
      expect(up[LOGIN_PER_IP]).toBe(429);
      const reader = new Redis(url, { lazyConnect: true });
      await reader.connect();
      expect(await reader.get(`${prefix}loginPerIp:203.0.113.8`)).toBe(String(LOGIN_PER_IP + 1));
      reader.disconnect();
      await vi.waitFor(async () => expect((await get(t.app, '/readyz')).json()).toEqual({ status: 'ok' }));

      // Killed under way: the next checks fall back to memory, still no 500.
      await server.kill();
      const again = await loginsFrom(t, '203.0.113.9', LOGIN_PER_IP + 1);
      expect(again.slice(0, LOGIN_PER_IP).every((status) => status === 401)).toBe(true);
      expect(again[LOGIN_PER_IP]).toBe(429);
      expect((await get(t.app, '/api/profile', customer.cookie)).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await get(t.app, '/readyz')).json()).toEqual({ status: 'ok', degraded: ['redis'] }));
    },
  );
});
