import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { SoftAuthenticator } from './support/authenticator';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createStaff, staffCookie, type TestStaff } from './support/staff';
import { createCustomer } from './support/users';

/**
 * Staff passkeys (docs/features.md, "Staff passkeys (back office)"): enrolled with the authenticator code from a
 * verified session, given at sign-in instead of the code after the password, removed with the code.
 * Challenges are single-use and bound to the staff session; a credential is its staff member's only.
 */

const clock = new ManualClock('2026-09-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const base = '/api/admin/auth/passkeys';

interface CreationOptions {
  challenge: string;
  user: { id: string };
  rp: { id: string };
  authenticatorSelection: { userVerification: string };
}

async function enrol(member: TestStaff, authenticator = new SoftAuthenticator()): Promise<SoftAuthenticator> {
  const options = await post(t.app, `${base}/options`, { code: member.code() }, member.cookie);
  expect(options.statusCode, options.body).toBe(200);
  const added = await post(t.app, base, authenticator.register(options.json<{ options: CreationOptions }>().options), member.cookie);
  expect(added.statusCode, added.body).toBe(201);
  return authenticator;
}

/** The password step: the half-signed-in cookie and what the server says comes next. */
async function passwordStep(member: TestStaff): Promise<{ cookie: string; body: { next: string; passkey?: boolean } }> {
  const response = await post(t.app, '/api/admin/auth/login', { email: member.email, password: member.password });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: staffCookie(response), body: response.json() };
}

async function loginChallenge(
  cookie: string,
): Promise<{ challenge: string; allowCredentials: { id: string }[]; userVerification: string }> {
  const response = await post(t.app, `${base}/login/options`, undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ options: { challenge: string; allowCredentials: { id: string }[]; userVerification: string } }>().options;
}

async function auditOf(
  staffId: string,
): Promise<{ action: string; after: Record<string, unknown> | null; before: Record<string, unknown> | null }[]> {
  return t.database.query(`SELECT action, after, before FROM staff_audit_log WHERE staff_id = $1 ORDER BY id`, [staffId]);
}

describe('enrolment', () => {
  it('needs the current authenticator code, then adds a passkey for APP_URL with user verification', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    // A stolen cookie alone: no code, or a wrong one, gives no options.
    expect((await post(t.app, `${base}/options`, {}, ada.cookie)).statusCode).toBe(400);
    const wrong = await post(t.app, `${base}/options`, { code: ada.code() === '000000' ? '111111' : '000000' }, ada.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'CONFIRMATION_INVALID' });
    // And no challenge was stored, so an answer made up without options is refused.
    const unasked = await post(
      t.app,
      base,
      new SoftAuthenticator().register({ challenge: 'made-up-challenge-1234', user: { id: 'x' } }),
      ada.cookie,
    );
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json()).toMatchObject({ code: 'STAFF_PASSKEY_CHALLENGE_INVALID' });

    const options = await post(t.app, `${base}/options`, { code: ada.code() }, ada.cookie);
    expect(options.statusCode, options.body).toBe(200);
    const creation = options.json<{ options: CreationOptions }>().options;
    expect(creation.rp.id).toBe('localhost');
    expect(creation.authenticatorSelection.userVerification).toBe('required');
    const authenticator = new SoftAuthenticator();
    const added = await post(t.app, base, authenticator.register(creation), ada.cookie);
    expect(added.statusCode, added.body).toBe(201);
    // The challenge is single-use.
    const again = await post(t.app, base, new SoftAuthenticator().register(creation), ada.cookie);
    expect(again.statusCode).toBe(400);

    const list = await get(t.app, base, ada.cookie);
    expect(list.json<{ passkeys: { id: string }[] }>().passkeys).toHaveLength(1);
    expect((await auditOf(ada.id)).map((r) => r.action)).toContain('staff.passkey_add');
  });

  it('refuses an answer without user verification, and a credential a customer or another staff member holds', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const unverified = await post(t.app, `${base}/options`, { code: ada.code() }, ada.cookie);
    const refused = await post(
      t.app,
      base,
      new SoftAuthenticator().register(unverified.json<{ options: CreationOptions }>().options, { userVerified: false }),
      ada.cookie,
    );
    expect(refused.statusCode).toBe(400);

    const ben = await createStaff(t, { role: 'reviewer' });
    const shared = await enrol(ben);
    const options = await post(t.app, `${base}/options`, { code: ada.code() }, ada.cookie);
    const taken = await post(t.app, base, shared.register(options.json<{ options: CreationOptions }>().options), ada.cookie);
    expect(taken.statusCode).toBe(409);

    const customer = await createCustomer(t);
    const customerKey = new SoftAuthenticator();
    const customerOptions = await post(t.app, '/api/profile/passkeys/options', undefined, customer.cookie);
    expect(customerOptions.statusCode, customerOptions.body).toBe(200);
    const customerAdded = await post(
      t.app,
      '/api/profile/passkeys',
      customerKey.register(customerOptions.json<{ options: CreationOptions }>().options),
      customer.cookie,
    );
    expect(customerAdded.statusCode, customerAdded.body).toBe(201);
    const staffOptions = await post(t.app, `${base}/options`, { code: ada.code() }, ada.cookie);
    const customers = await post(t.app, base, customerKey.register(staffOptions.json<{ options: CreationOptions }>().options), ada.cookie);
    expect(customers.statusCode).toBe(409);
    // Even written straight to the table, the database refuses it.
    await expect(
      t.database.query(`INSERT INTO staff_passkeys (staff_id, credential_id, public_key, device_name) VALUES ($1, $2, 'k', 'd')`, [
        ada.id,
        customerKey.id,
      ]),
    ).rejects.toThrow();
    expect((await get(t.app, base, ada.cookie)).json<{ passkeys: unknown[] }>().passkeys).toHaveLength(0);

    // Nor the other way: Ben's staff passkey cannot become a customer's.
    const again = await post(t.app, '/api/profile/passkeys/options', undefined, customer.cookie);
    const staffKeyAsCustomer = await post(
      t.app,
      '/api/profile/passkeys',
      shared.register(again.json<{ options: CreationOptions }>().options),
      customer.cookie,
    );
    expect(staffKeyAsCustomer.statusCode).toBe(409);
  });
});

describe('sign-in with a passkey instead of the code', () => {
  it('signs a staff member in after the password, once per challenge, and audits it', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const noPasskeyYet = await passwordStep(ada);
    expect(noPasskeyYet.body).toEqual({ next: 'verify' });
    expect((await post(t.app, `${base}/login/options`, undefined, noPasskeyYet.cookie)).statusCode).toBe(409);

    const authenticator = await enrol(ada);
    const { cookie, body } = await passwordStep(ada);
    expect(body).toEqual({ next: 'verify', passkey: true });
    // Not without the password step: a verified session or none at all reaches no login options.
    expect((await post(t.app, `${base}/login/options`, undefined)).statusCode).toBe(401);

    const options = await loginChallenge(cookie);
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const assertion = authenticator.assert(options);
    const signedIn = await post(t.app, `${base}/login`, assertion, cookie);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: ada.id, email: ada.email });
    const verified = staffCookie(signedIn);
    expect(verified).not.toBe(cookie);
    expect((await get(t.app, '/api/admin/auth/me', verified)).statusCode).toBe(200);
    // The half-signed-in cookie was rotated away, and the challenge with it.
    expect((await post(t.app, `${base}/login`, assertion, cookie)).statusCode).toBe(401);

    // A replayed answer on a new flow: its challenge is not the new one.
    const next = await passwordStep(ada);
    await loginChallenge(next.cookie);
    const replayed = await post(t.app, `${base}/login`, assertion, next.cookie);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'STAFF_PASSKEY_REFUSED' });
    // That answer used the challenge up: even a right one now needs a new challenge.
    const late = await post(t.app, `${base}/login`, authenticator.assert({ challenge: 'whatever-challenge-123' }), next.cookie);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'STAFF_PASSKEY_CHALLENGE_INVALID' });

    const logins = (await auditOf(ada.id)).filter((r) => r.action === 'staff.login');
    expect(logins.at(-1)?.after).toMatchObject({ second_factor: 'passkey' });
  });

  it('refuses another staff member’s passkey, a customer’s, an unverified user and a counter that does not rise', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const ben = await createStaff(t, { role: 'admin' });
    const adas = await enrol(ada);
    const bens = await enrol(ben);
    const customer = await createCustomer(t);
    const customerKey = new SoftAuthenticator();
    const customerOptions = await post(t.app, '/api/profile/passkeys/options', undefined, customer.cookie);
    await post(
      t.app,
      '/api/profile/passkeys',
      customerKey.register(customerOptions.json<{ options: CreationOptions }>().options),
      customer.cookie,
    );

    // One sign-in first, so the counter stands above zero (0 means an authenticator keeping none).
    const first = await passwordStep(ada);
    expect((await post(t.app, `${base}/login`, adas.assert(await loginChallenge(first.cookie)), first.cookie)).statusCode).toBe(200);

    const { cookie } = await passwordStep(ada);
    const tries: [string, (challenge: { challenge: string }) => unknown][] = [
      ['another staff member', (o) => bens.assert(o)],
      ['a customer', (o) => customerKey.assert(o)],
      ['no user verification', (o) => adas.assert(o, { userVerified: false })],
      ['a counter that does not rise', (o) => adas.assert(o, { counter: 1 })],
    ];
    for (const [why, answer] of tries) {
      const options = await loginChallenge(cookie);
      const response = await post(t.app, `${base}/login`, answer(options), cookie);
      expect(response.statusCode, why).toBe(401);
    }
    // Four refusals counted with wrong codes: the fifth locks the account and ends its sessions.
    const options = await loginChallenge(cookie);
    const fifth = await post(t.app, `${base}/login`, bens.assert(options), cookie);
    expect(fifth.statusCode).toBe(429);
    expect((await get(t.app, '/api/admin/auth/me', ada.cookie)).statusCode).toBe(401);
    // The code enrolment's sign-in and the one passkey sign-in: none of the refused ones.
    expect((await auditOf(ada.id)).filter((r) => r.action === 'staff.login')).toHaveLength(2);
  });
});

describe('removal', () => {
  it('needs the code, removes only one’s own passkey, audits it, and the code alone signs in again', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const ben = await createStaff(t, { role: 'reviewer' });
    await enrol(ada);
    await enrol(ben);
    const [adas] = (await get(t.app, base, ada.cookie)).json<{ passkeys: { id: string }[] }>().passkeys;
    const [bens] = (await get(t.app, base, ben.cookie)).json<{ passkeys: { id: string }[] }>().passkeys;
    if (!adas || !bens) throw new Error('no passkeys');

    expect((await post(t.app, `${base}/${adas.id}/remove`, {}, ada.cookie)).statusCode).toBe(400);
    const wrong = await post(t.app, `${base}/${adas.id}/remove`, { code: ada.code() === '000000' ? '111111' : '000000' }, ada.cookie);
    expect(wrong.statusCode).toBe(403);
    expect((await post(t.app, `${base}/${bens.id}/remove`, { code: ada.code() }, ada.cookie)).statusCode).toBe(404);
    const removed = await post(t.app, `${base}/${adas.id}/remove`, { code: ada.code() }, ada.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(t.app, base, ada.cookie)).json<{ passkeys: unknown[] }>().passkeys).toHaveLength(0);
    expect((await get(t.app, base, ben.cookie)).json<{ passkeys: unknown[] }>().passkeys).toHaveLength(1);

    const audit = await auditOf(ada.id);
    expect(audit.find((r) => r.action === 'staff.passkey_remove')?.before).toMatchObject({ passkey_id: adas.id });
    expect((await passwordStep(ada)).body).toEqual({ next: 'verify' });
  });
});
