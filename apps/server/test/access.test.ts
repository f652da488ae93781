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

/**
 * Bodies that would succeed if the guard were missing, so a 403 can only come from the guard.
 * Routes not listed get `{}`: the guard runs before validation, so without it they would answer 400.
 */
const validBodies: Record<string, Record<string, unknown>> = {
  'POST /api/pin': { pin: '1234', confirm_pin: '1234' },
  'POST /api/pin/verify': { pin: '1234' },
  'POST /api/bank/resolve': { bank_code: '058', bank_account: '0123456789' },
  'PUT /api/bank': { bank_code: '058', bank_account: '0123456789', password: 'correct horse 1' },
  'PUT /api/profile/full-name': { first_name: 'Mallory', surname: 'Intruder', password: 'correct horse 1' },
  'PUT /api/profile/gender': { gender: 'male' },
  'PUT /api/profile/address': { address: 'Somewhere else' },
  'PUT /api/profile/date-of-birth': { date_of_birth: '1990-01-01' },
  'POST /api/profile/password/confirm': { password: 'correct horse 1' },
  'POST /api/profile/phone': { new_phone: '+2348099999999' },
  'POST /api/profile/phone/verify': { new_phone: '+2348099999999', otp_code: '1234' },
  'POST /api/profile/email': { new_email: 'mallory@evil.com' },
  'POST /api/profile/email/verify': { new_email: 'mallory@evil.com', otp_code: '1234' },
};

/** What may be reached without a session: adding to this list is a deliberate, reviewed act. */
const expectedPublic = [
  'GET /api/app-info',
  'GET /api/crypto/art/:id.svg',
  // The sandbox chain's dev tools (docs/crypto-settlement.md, "The sandbox chain"): like the outbox,
  // registered only in development and test, and answering this machine only (dev-chain.test.ts).
  'GET /api/dev/chain',
  'GET /api/dev/outbox',
  // Today's rates and their link-preview picture, for visitors (docs/features.md, "Rates and alerts").
  'GET /api/rates',
  'GET /api/rates/og.png',
  // A staff invitation's link (test/separation-of-duties.test.ts): no session yet, the single-use
  // token is the only key, checked by its hash.
  'POST /api/admin/auth/invitation',
  'POST /api/admin/auth/invitation/check',
  'POST /api/admin/auth/login',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/otp/resend',
  'POST /api/auth/otp/verify',
  // Passkey sign-in (test/passkeys.test.ts): its challenge is bound to the flow cookie the options set.
  'POST /api/auth/passkeys/login',
  'POST /api/auth/passkeys/options',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/signup',
  'POST /api/dev/chain/drop',
  'POST /api/dev/chain/outage',
  'POST /api/dev/chain/send',
  // Paystack's transfer webhook: no session, trusted only through its HMAC signature (test/payouts.test.ts).
  'POST /api/payouts/paystack/webhook',
];

interface Endpoint {
  method: string;
  url: string;
  name: string;
}

/**
 * Every registered private customer /api route, read from the app itself: a new route is covered by
 * default. Staff routes (/api/admin) answer a customer's session with 401: test/admin-access.test.ts.
 */
function privateEndpoints(): Endpoint[] {
  return t.app.apiRoutes
    .filter((route) => !route.public && route.staff === undefined)
    .map((route) => ({
      method: route.method,
      // Path parameters get a well-formed value; the guard answers before the handler looks.
      url: route.url.replace(/:(\w+)/g, (_m, name: string) =>
        name === 'name' ? `${'a'.repeat(32)}.webp` : '00000000-0000-4000-8000-000000000000',
      ),
      name: `${route.method} ${route.url}`,
    }));
}

function call(endpoint: Endpoint, cookie?: string, userId?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  // The claimed id goes where the original calls carried it: the query, and the form body too.
  const url = userId ? `${endpoint.url}${endpoint.url.includes('?') ? '&' : '?'}user_id=${userId}` : endpoint.url;
  let payload: InjectOptions['payload'];
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
    payload = { ...(validBodies[endpoint.name] ?? {}), ...(userId ? { user_id: userId } : {}) };
  }
  return t.app.inject({ method: endpoint.method as InjectOptions['method'], url, payload, headers });
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
  // Different names, so "never shows the other one's name" can fail.
  alice = await createCustomer(t, { full_name: 'Alice Adebayo' });
  bob = await createCustomer(t, { full_name: 'Bob Okonkwo' });
  // Alice has everything: PIN, bank details, profile fields, a photo, notifications, a transaction.
  await post(t.app, '/api/pin', { pin: '4321', confirm_pin: '4321' }, alice.cookie);
  await t.app.inject({
    method: 'PUT',
    url: '/api/bank',
    payload: { bank_code: '057', bank_account: '2222222222' },
    headers: { cookie: alice.cookie },
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/profile/address',
    payload: { address: "Alice's house" },
    headers: { cookie: alice.cookie },
  });
  const body = multipartFile(await photo('png'));
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    payload: body.payload,
    headers: { ...body.headers, cookie: alice.cookie },
  });
  alicePhotoUrl = uploaded.json<{ photo: string }>().photo;
  await (await import('./support/sales')).seedSale(t, alice);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the route catalogue', () => {
  it('lists every /api route, and only the expected ones are public', () => {
    expect(privateEndpoints().length).toBeGreaterThan(30);
    const publicRoutes = t.app.apiRoutes.filter((r) => r.public && !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(expectedPublic);
  });
});

describe('logged out', () => {
  it('every private route → 401', async () => {
    for (const endpoint of privateEndpoints()) {
      const response = await call(endpoint);
      expect(response.statusCode, endpoint.name).toBe(401);
      expect(response.json(), endpoint.name).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('GET a photo → 401', async () => {
    expect((await get(t.app, alicePhotoUrl)).statusCode).toBe(401);
  });
});

describe("another customer naming the first one's id", () => {
  it('every private route → 403 and nothing of the first customer changes', async () => {
    const before = await snapshot(alice);
    for (const endpoint of privateEndpoints()) {
      const response = await call(endpoint, bob.cookie, alice.id);
      expect(response.statusCode, endpoint.name).toBe(403);
      expect(response.body, endpoint.name).not.toContain(alice.email);
      expect(response.body, endpoint.name).not.toContain('2222222222');
    }
    expect(await snapshot(alice)).toEqual(before);
  });
});

describe("another customer's own session", () => {
  it("reads only their own data: never the first customer's", async () => {
    const reads = [
      '/api/dashboard',
      '/api/pin/status',
      '/api/bank',
      '/api/notifications',
      '/api/transactions',
      '/api/profile',
      '/api/profile/contact',
    ];
    for (const url of reads) {
      const response = await get(t.app, url, bob.cookie);
      expect(response.statusCode, url).toBe(200);
      for (const secret of [alice.email, alice.phone, 'Alice', '2222222222', "Alice's house", alicePhotoUrl, 'giftcard']) {
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

  it('writes change only their own data', async () => {
    const before = await snapshot(alice);
    for (const endpoint of privateEndpoints().filter((e) => e.method !== 'GET')) {
      await call(endpoint, bob.cookie);
    }
    // Bob may even finish a contact change: only his account moves (after the resend cooldown).
    clock.advance(61_000);
    const target = newSignup().email;
    await post(t.app, '/api/profile/password/confirm', { password: bob.password }, bob.cookie);
    await post(t.app, '/api/profile/email', { new_email: target }, bob.cookie);
    await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: latestCode(t, target) }, bob.cookie);
    expect(await snapshot(alice)).toEqual(before);
    expect((await get(t.app, '/api/profile', bob.cookie)).json()).toMatchObject({
      email: target,
      address: 'Somewhere else',
      full_name: 'Mallory Intruder',
    });
    // Alice's PIN still works and was never counted against by Bob's attempts.
    expect((await post(t.app, '/api/pin/verify', { pin: '4321' }, alice.cookie)).statusCode).toBe(200);
  });

  it("cannot use the first customer's change code", async () => {
    const target = newSignup().email;
    await post(t.app, '/api/profile/password/confirm', { password: alice.password }, alice.cookie);
    await post(t.app, '/api/profile/email', { new_email: target }, alice.cookie);
    const code = latestCode(t, target);
    // Bob holds his own password grant, so only the code itself can stop him.
    await post(t.app, '/api/profile/password/confirm', { password: bob.password }, bob.cookie);
    const stolen = await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: code }, bob.cookie);
    expect(stolen.statusCode).toBe(400);
    expect((await get(t.app, '/api/profile', bob.cookie)).json()).not.toMatchObject({ email: target });
  });
});
