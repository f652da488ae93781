import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { newSignup } from './support/users';

/** The dev outbox lists sign-up codes and reset links: as good as passwords, so this machine only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the dev outbox', () => {
  it('answers a request from this machine', async () => {
    const form = newSignup();
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ url: '/api/dev/outbox', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.json<{ to: string }[]>()[0]?.to).toBe(form.email);
    }
  });

  it('is not there for anyone else, whatever X-Forwarded-For claims', async () => {
    for (const remoteAddress of ['10.0.0.5', '192.168.1.20', '203.0.113.9', '::ffff:10.1.2.3']) {
      const response = await t.app.inject({ url: '/api/dev/outbox', remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode, remoteAddress).toBe(404);
      expect(response.body).not.toContain('@');
    }
  });
});
