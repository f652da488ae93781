import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { multipartFile, photo } from './support/fake-images';
import { createCustomer, latestCode, newSignup, type TestUser } from './support/users';

/**
 * The access matrix: every account-area endpoint acts only on the session's user. A second
 * customer can neither read nor change the first one's data, and a logged-out call gets 401.
 */
let t: TestApp;
const clock = new ManualClock('2026-03-02T08:00:00Z');
let dir: string;
let alice: TestUser;
let bob: TestUser;
let alicePhotoUrl: string;

type Method = 'GET' | 'POST' | 'PUT';
interface Endpoint {
  method: Method;
  url: string;
  body?: Record<string, unknown>;
}

const endpoints: Endpoint[] = [
  { method: 'GET', url: '/api/dashboard' },
  { method: 'GET', url: '/api/pin/status' },
  { method: 'POST', url: '/api/pin', body: { pin: '1234', confirm_pin: '1234' } },
  { method: 'POST', url: '/api/pin/verify', body: { pin: '1234' } },
  { method: 'GET', url: '/api/banks' },
  { method: 'GET', url: '/api/bank' },
  { method: 'POST', url: '/api/bank/resolve', body: { bank_code: '058', bank_account: '0123456789' } },
  { method: 'PUT', url: '/api/bank', body: { bank_code: '058', bank_account: '0123456789' } },
  { method: 'GET', url: '/api/notifications' },
  { method: 'POST', url: '/api/notifications/read', body: {} },
  { method: 'GET', url: '/api/transactions' },
  { method: 'GET', url: '/api/support' },
  { method: 'GET', url: '/api/profile' },
  { method: 'GET', url: '/api/profile/contact' },
  { method: 'PUT', url: '/api/profile/full-name', body: { first_name: 'Mallory', surname: 'Intruder' } },
  { method: 'PUT', url: '/api/profile/gender', body: { gender: 'male' } },
  { method: 'PUT', url: '/api/profile/address', body: { address: 'Somewhere else' } },
  { method: 'PUT', url: '/api/profile/date-of-birth', body: { date_of_birth: '1990-01-01' } },
  { method: 'POST', url: '/api/profile/password/confirm', body: { password: 'correct horse 1' } },
  { method: 'POST', url: '/api/profile/phone', body: { new_phone: '+2348099999999' } },
  { method: 'POST', url: '/api/profile/phone/verify', body: { new_phone: '+2348099999999', otp_code: '1234' } },
  { method: 'POST', url: '/api/profile/email', body: { new_email: 'mallory@evil.com' } },
  { method: 'POST', url: '/api/profile/email/verify', body: { new_email: 'mallory@evil.com', otp_code: '1234' } },
  { method: 'POST', url: '/api/profile/photo' },
];

function call(endpoint: Endpoint, cookie?: string, userId?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let url = endpoint.url;
  let payload: InjectOptions['payload'];
  if (endpoint.url === '/api/profile/photo') {
    const body = multipartFile(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]));
    Object.assign(headers, body.headers);
    payload = body.payload;
    if (userId) url += `?user_id=${userId}`;
  } else if (endpoint.method === 'GET') {
    if (userId) url += `?user_id=${userId}`;
  } else {
    payload = { ...(endpoint.body ?? {}), ...(userId ? { user_id: userId } : {}) };
  }
  return t.app.inject({ method: endpoint.method, url, payload, headers });
}

async function snapshot(user: TestUser) {
  const [users, pins, bank, notes] = await Promise.all([
    t.database.query('SELECT full_name, email, phone, gender, address, date_of_birth::text, photo FROM users WHERE id = $1', [user.id]),
    t.database.query('SELECT pin_hash, failed_attempts, locked_until FROM transaction_pins WHERE user_id = $1', [user.id]),
    t.database.query('SELECT bank_code, account_number, account_name FROM bank_details WHERE user_id = $1', [user.id]),
    t.database.query('SELECT id, message, read_at FROM notifications WHERE user_id = $1 ORDER BY id', [user.id]),
  ]);
  return { users, pins, bank, notes };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-access-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  // Alice has everything: PIN, bank details, profile fields, a photo, notifications, a transaction.
  await post(t.app, '/api/pin', { pin: '4321', confirm_pin: '4321' }, alice.cookie);
  await t.app.inject({ method: 'PUT', url: '/api/bank', payload: { bank_code: '057', bank_account: '2222222222' }, headers: { cookie: alice.cookie } });
  await t.app.inject({ method: 'PUT', url: '/api/profile/address', payload: { address: "Alice's house" }, headers: { cookie: alice.cookie } });
  const body = multipartFile(await photo('png'));
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/profile/photo', payload: body.payload, headers: { ...body.headers, cookie: alice.cookie } });
  alicePhotoUrl = uploaded.json<{ photo: string }>().photo;
  await t.database.query("INSERT INTO transactions (user_id, transaction_type, amount_kobo, status) VALUES ($1, 'giftcard', 5000000, 'pending')", [alice.id]);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('logged out', () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.url}`, e] as const))('%s → 401', async (_name, endpoint) => {
    const response = await call(endpoint);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('GET a photo → 401', async () => {
    expect((await get(t.app, alicePhotoUrl)).statusCode).toBe(401);
  });
});

describe("another customer naming the first one's id", () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.url}`, e] as const))('%s → 403 and nothing changes', async (_name, endpoint) => {
    const before = await snapshot(alice);
    const response = await call(endpoint, bob.cookie, alice.id);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(alice.email);
    expect(response.body).not.toContain('2222222222');
    expect(await snapshot(alice)).toEqual(before);
  });
});

describe("another customer's own session", () => {
  it("reads only their own data: never the first customer's", async () => {
    const reads = ['/api/dashboard', '/api/pin/status', '/api/bank', '/api/notifications', '/api/transactions', '/api/profile', '/api/profile/contact'];
    for (const url of reads) {
      const response = await get(t.app, url, bob.cookie);
      expect(response.statusCode, url).toBe(200);
      for (const secret of [alice.email, alice.phone, alice.full_name === bob.full_name ? '\0' : alice.full_name, '2222222222', "Alice's house", alicePhotoUrl, 'giftcard']) {
        expect(response.body, `${url} leaks ${secret}`).not.toContain(secret);
      }
    }
    expect((await get(t.app, '/api/pin/status', bob.cookie)).json()).toEqual({ pin_status: 'pending' });
    expect((await get(t.app, '/api/bank', bob.cookie)).json()).toMatchObject({ bank_account: null });
  });

  it("cannot fetch the first customer's photo (404, as if it did not exist)", async () => {
    const response = await get(t.app, alicePhotoUrl, bob.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it("writes change only their own data", async () => {
    const before = await snapshot(alice);
    for (const endpoint of endpoints.filter((e) => e.method !== 'GET')) {
      await call(endpoint, bob.cookie);
    }
    // Bob may even finish a contact change: only his account moves (after the resend cooldown).
    clock.advance(61_000);
    const target = newSignup().email;
    await post(t.app, '/api/profile/email', { new_email: target }, bob.cookie);
    await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: latestCode(t, target) }, bob.cookie);
    expect(await snapshot(alice)).toEqual(before);
    expect((await get(t.app, '/api/profile', bob.cookie)).json()).toMatchObject({ email: target, address: 'Somewhere else', full_name: 'Mallory Intruder' });
    // Alice's PIN still works and was never counted against by Bob's attempts.
    expect((await post(t.app, '/api/pin/verify', { pin: '4321' }, alice.cookie)).statusCode).toBe(200);
  });

  it("cannot use the first customer's change code", async () => {
    const target = newSignup().email;
    await post(t.app, '/api/profile/email', { new_email: target }, alice.cookie);
    const code = latestCode(t, target);
    const stolen = await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: code }, bob.cookie);
    expect(stolen.statusCode).toBe(400);
    expect((await get(t.app, '/api/profile', bob.cookie)).json()).not.toMatchObject({ email: target });
  });
});
