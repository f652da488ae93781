import { authMessages, errorCodes } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestApp } from './support/app';
import { createCustomer } from './support/users';

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
