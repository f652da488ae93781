import type { InjectOptions } from 'fastify';
import { authMessages, errorCodes } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratePolicies } from '../src/plugins/rate-limits';
import { createTestApp, post, type TestApp } from './support/app';
import { createCustomer, newSignup } from './support/users';

let t: TestApp;
beforeAll(async () => {
  // The real limits, as production has them.
  t = await createTestApp({ rateLimitMultiplier: 1 });
});
afterAll(async () => {
  await t.close();
});

describe('brute force', () => {
  it('locks an account after 5 failed logins, even for the right password', async () => {
    const user = await createCustomer(t);
    for (let i = 0; i < 5; i += 1) {
      const response = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: `wrong-pass-${i}` });
      expect(response.statusCode).toBe(401);
    }
    const locked = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: authMessages.loginThrottled, code: errorCodes.rateLimited });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits reset e-mails per address', async () => {
    const user = await createCustomer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await post(t.app, '/api/auth/password-reset', { email: user.email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

// Logout is public too but deliberately unlimited: see routes/auth/index.ts.
describe('every endpoint reachable without a session is limited per IP', () => {
  let ipCounter = 0;
  /** Each case comes from its own address, so one case's count never spills into another's. */
  const freshIp = () => {
    ipCounter += 1;
    return `198.51.100.${ipCounter}`;
  };
  const send = (url: string, payload: unknown, ip: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], remoteAddress: ip });

  let taken: Awaited<ReturnType<typeof createCustomer>>;
  beforeAll(async () => {
    taken = await createCustomer(t);
  });

  // Each body is valid, so the request reaches the handler; each one differs from the last, so
  // only the per-IP limit can be what refuses the request after the last allowed one.
  const cases: [string, string, keyof typeof ratePolicies, (i: number) => unknown][] = [
    ['signup', '/api/auth/signup', 'signupPerIp', () => ({ ...newSignup(), email: taken.email })],
    ['otp verify', '/api/auth/otp/verify', 'otpVerifyPerIp', (i) => ({ email: `nobody${i}@nowhere.com`, otp: '1234' })],
    ['otp resend', '/api/auth/otp/resend', 'otpResendPerIp', (i) => ({ email: `nobody${i}@nowhere.com` })],
    ['login', '/api/auth/login', 'loginPerIp', (i) => ({ email_or_phone: `nobody${i}@nowhere.com`, password: 'whatever123' })],
    ['password reset', '/api/auth/password-reset', 'resetRequestPerIp', (i) => ({ email: `nobody${i}@nowhere.com` })],
    [
      'password reset confirm',
      '/api/auth/password-reset/confirm',
      'resetConfirmPerIp',
      (i) => ({ token: `not-a-token-${i}`, new_password: 'brand new pass', confirm_password: 'brand new pass' }),
    ],
  ];

  it.each(cases)('%s', async (_name, url, policy, body) => {
    const ip = freshIp();
    const { limit } = ratePolicies[policy];
    for (let i = 0; i < limit; i += 1) {
      const response = await send(url, body(i), ip);
      expect(response.statusCode, `request ${i + 1} of ${limit}`).not.toBe(429);
    }
    const over = await send(url, body(limit), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: errorCodes.rateLimited });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await send(url, body(limit + 1), freshIp())).statusCode).not.toBe(429);
  });
});
