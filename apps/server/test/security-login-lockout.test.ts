import { authMessages, errorCodes } from '@wise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createBankLookup } from '../src/providers/bank-lookup/index';
import { createFileStore } from '../src/providers/file-store/index';
import { Outbox } from '../src/providers/messaging/index';
import { createTestApp, post, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/**
 * Login lockouts (docs/decisions.md §3) belong to the account and live in the database: no flood of other
 * keys, restart or second instance can erase them, and the identifier typed doesn't matter.
 */
let t: TestApp;
const clock = new ManualClock('2026-03-02T08:00:00Z');
const LOCK_MS = 15 * 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock, rateLimitMultiplier: 1 });
});
// Every test logs in from the same address: a fresh per-IP window each time keeps that limit out of the way.
beforeEach(() => {
  clock.advance(60 * 60_000);
});
afterAll(async () => {
  await t.close();
});

const login = (identifier: string, password: string) => post(t.app, '/api/auth/login', { email_or_phone: identifier, password });
const fail = async (identifier: string, times: number) => {
  for (let i = 0; i < times; i += 1) expect((await login(identifier, `wrong-pass-${i}`)).statusCode).toBe(401);
};

describe('login lockout per account', () => {
  it('counts e-mail and phone tries together: 5 wrong passwords per account, whatever identifier', async () => {
    const c = await createCustomer(t);
    await fail(c.email, 3);
    await fail(c.phone, 2);
    for (const identifier of [c.email, c.phone, c.email.toUpperCase().replace('.COM', '.com')]) {
      const locked = await login(identifier, c.password);
      expect(locked.statusCode, identifier).toBe(429);
      expect(locked.json()).toEqual({ error: authMessages.loginThrottled, code: errorCodes.rateLimited });
    }
  });

  it('holds for 15 minutes from the first failure, then lets the right password in', async () => {
    const c = await createCustomer(t);
    await fail(c.email, 5);
    const locked = await login(c.email, c.password);
    expect(Number(locked.headers['retry-after'])).toBe(LOCK_MS / 1000);
    clock.advance(LOCK_MS - 1000);
    expect((await login(c.phone, c.password)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await login(c.phone, c.password)).statusCode).toBe(200);
  });

  it('starts counting again after a successful login', async () => {
    const c = await createCustomer(t);
    await fail(c.email, 4);
    expect((await login(c.email, c.password)).statusCode).toBe(200);
    await fail(c.phone, 4);
    expect((await login(c.phone, c.password)).statusCode).toBe(200);
  });

  it('survives the rate limiter being emptied: another instance over the same database still refuses', async () => {
    const c = await createCustomer(t);
    await fail(c.email, 5);
    // A fresh process (or one whose memory limiter was flooded) knows nothing of the failures...
    const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', RATE_LIMIT_MULTIPLIER: '1' });
    const other = await buildApp(
      {
        config,
        database: t.database,
        messenger: new Outbox(),
        files: createFileStore(config),
        bankLookup: createBankLookup(config),
        limiter: new MemoryRateLimiter(() => clock.now().getTime()),
        clock,
      },
      { logger: false, serveWeb: false },
    );
    try {
      // ...yet the account stays locked.
      const response = await post(other, '/api/auth/login', { email_or_phone: c.phone, password: c.password });
      expect(response.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('counts parallel wrong passwords exactly: no more than 5 are ever checked', async () => {
    const c = await createCustomer(t);
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(i % 2 ? c.email : c.phone, `wrong-pass-${i}`)));
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });

  it('checks parallel right passwords side by side (no lock held over argon2) and leaves the count clear', async () => {
    const c = await createCustomer(t);
    await fail(c.email, 2);
    // Two counted failures leave room for three tries at once; each is counted before its check.
    const responses = await Promise.all(Array.from({ length: 3 }, () => login(c.email, c.password)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The successes cleared the window: five fresh failures are needed to lock again.
    await fail(c.phone, 4);
    expect((await login(c.phone, c.password)).statusCode).toBe(200);
  });

  it('a password reset (which proves the inbox) lifts the lockout', async () => {
    const c = await createCustomer(t);
    await fail(c.email, 5);
    await post(t.app, '/api/auth/password-reset', { email: c.email });
    const link = t.outbox.list().find((m) => m.to === c.email && m.subject.includes('Reset'));
    const token = decodeURIComponent(link?.text.match(/newpassword\?token=([\w%-]+)/)?.[1] ?? '');
    const reset = await post(t.app, '/api/auth/password-reset/confirm', {
      token,
      new_password: 'brand new pass',
      confirm_password: 'brand new pass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(c.email, 'brand new pass')).statusCode).toBe(200);
  });
});

describe('unknown identifiers look like real accounts', () => {
  it('answer the same as a wrong password, and lock after the same 5 tries', async () => {
    const c: TestUser = await createCustomer(t);
    const ghost = 'ghost12345@nowhere.com';
    for (let i = 0; i < 5; i += 1) {
      const real = await login(c.email, `wrong-pass-${i}`);
      const unknown = await login(ghost, `wrong-pass-${i}`);
      expect(unknown.statusCode).toBe(real.statusCode);
      expect(unknown.json()).toEqual(real.json());
    }
    const real = await login(c.email, c.password);
    const unknown = await login(ghost, c.password);
    expect(real.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(real.json());
    expect(unknown.headers['retry-after']).toBe(real.headers['retry-after']);
  });
});
