import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestApp, get, post, type TestApp } from './support/app';
import { connectionUrlOf, openTestDatabase } from './support/db';
import { exited, startServerProcess, type ServerProcess } from './support/server-process';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, newSignup } from './support/users';

/**
 * The few-seconds session cache (domain/auth/session-cache.ts, docs/PERFORMANCE.md) must never outlive a
 * revocation: every way sessions end is refused on the very next call, on this instance and, with
 * REDIS_URL, on every other one. Each test first makes the cache hold the session (a 200), so a
 * revocation that forgot the cache would be served from it and fail the test.
 */

let t: TestApp;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, { role: 'admin' });
});
afterAll(() => t.close());

const dashboard = (cookie: string) => get(t.app, '/api/dashboard', cookie);

describe('the session cache', () => {
  it('really serves from memory: a row deleted behind its back still answers for a moment', async () => {
    // This is why each revocation below must go through the cache; no code path deletes like this.
    const user = await createCustomer(t);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    await t.database.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
  });

  it('refuses the old cookie at once after logout', async () => {
    const user = await createCustomer(t);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/logout', {}, user.cookie)).statusCode).toBe(200);
    expect((await dashboard(user.cookie)).statusCode).toBe(401);
  });

  it('refuses the previous cookie at once when a login rotates it', async () => {
    const user = await createCustomer(t);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    const again = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: user.password }, user.cookie);
    expect(again.statusCode).toBe(200);
    expect((await dashboard(user.cookie)).statusCode).toBe(401);
  });

  it('refuses every session at once after a password reset', async () => {
    const user = await createCustomer(t);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    await post(t.app, '/api/auth/password-reset', { email: user.email });
    const message = t.outbox.list().find((m) => m.to === user.email && m.subject.includes('Reset'));
    const token = decodeURIComponent(message?.text.match(/newpassword\?token=([\w%-]+)/)?.[1] ?? '');
    const reset = await post(t.app, '/api/auth/password-reset/confirm', {
      token,
      new_password: 'brand new pass',
      confirm_password: 'brand new pass',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await dashboard(user.cookie)).statusCode).toBe(401);
  });

  it('refuses a customer at once when staff lock the account', async () => {
    const user = await createCustomer(t);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    const locked = await post(
      t.app,
      `/api/admin/customers/${user.id}/lock`,
      { reason: 'Suspected card fraud', confirm_code: admin.code() },
      admin.cookie,
    );
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await dashboard(user.cookie)).statusCode).toBe(401);
  });

  it('answers /api/auth/me with a new name at once', async () => {
    const user = await createCustomer(t);
    expect((await get(t.app, '/api/auth/me', user.cookie)).json()).toMatchObject({ user: { full_name: user.full_name } });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/full-name',
      headers: { cookie: user.cookie },
      payload: { first_name: 'Chidi', surname: 'Eze', password: user.password },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(t.app, '/api/auth/me', user.cookie)).json()).toMatchObject({ user: { full_name: 'Chidi Eze' } });
  });
});

/**
 * Two real server processes on one PostgreSQL database and one Redis: a logout on one is refused
 * by the other on the next call, although the other had the session in its cache. PGlite can't be
 * shared by two processes, so this runs on PostgreSQL only.
 */
const spec = inject('testDb');
describe.runIf(spec.kind === 'postgres')('two instances sharing Redis', () => {
  let database: Database;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = {
      DATABASE_URL: await connectionUrlOf(database),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, 90_000);
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => exited(server.child)));
    await database?.close();
  });

  const call = async (server: ServerProcess, method: string, url: string, body?: unknown, cookie?: string) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, response, json: (await response.json()) as Record<string, unknown> };
  };

  it('a logout on one instance is refused by the other at once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const form = newSignup();
    expect((await call(a, 'POST', '/api/auth/signup', form)).status).toBe(201);
    const outbox = (await call(a, 'GET', '/api/dev/outbox')).json as unknown as { to: string; text: string }[];
    const otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
    expect((await call(a, 'POST', '/api/auth/otp/verify', { email: form.email, otp })).status).toBe(200);
    const login = await call(a, 'POST', '/api/auth/login', { email_or_phone: form.email, password: form.password });
    const cookie = login.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('wise_session='))!;
    // Both instances now hold the session in their caches.
    expect((await call(a, 'GET', '/api/dashboard', undefined, cookie)).status).toBe(200);
    expect((await call(b, 'GET', '/api/dashboard', undefined, cookie)).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', undefined, cookie)).status).toBe(200);
    expect((await call(b, 'GET', '/api/dashboard', undefined, cookie)).status).toBe(401);
    expect((await call(a, 'GET', '/api/dashboard', undefined, cookie)).status).toBe(401);
  });
});
