import type { LightMyRequestResponse } from 'fastify';
import { passkeyErrorCodes } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceName } from '../src/domain/passkeys/device-name';
import { purgeExpiredAuthRows } from '../src/jobs/cleanup';
import { ManualClock } from '../src/lib/clock';
import { SoftAuthenticator } from './support/authenticator';
import { createTestApp, get, post, sessionCookie, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/**
 * Passkeys (docs/features.md, "Passkeys"): registration and sign-in with a software authenticator through
 * the real HTTP routes and SimpleWebAuthn. Challenges are single-use, expire and are bound to
 * their session or sign-in flow; a credential belongs to one account; the origin and RP are
 * checked; a passkey sign-in opens the re-authentication window; the login's own locks apply.
 */

const clock = new ManualClock('2026-09-01T09:00:00Z');
let t: TestApp;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

interface CreationOptions {
  challenge: string;
  user: { id: string };
  rp: { id: string };
  excludeCredentials: { id: string }[];
}

async function registrationOptions(user: TestUser): Promise<CreationOptions> {
  const response = await post(t.app, '/api/profile/passkeys/options', undefined, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ options: CreationOptions }>().options;
}

function addPasskey(user: TestUser, body: unknown) {
  return post(t.app, '/api/profile/passkeys', body, user.cookie, { headers: { 'user-agent': ANDROID_CHROME } });
}

async function register(user: TestUser, authenticator = new SoftAuthenticator()): Promise<SoftAuthenticator> {
  const response = await addPasskey(user, authenticator.register(await registrationOptions(user)));
  expect(response.statusCode, response.body).toBe(201);
  return authenticator;
}

/** The flow cookie the options set, as the browser sends it back. */
function flowCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'wise_passkey_flow');
  if (!cookie) throw new Error(`no flow cookie: ${response.body}`);
  return `wise_passkey_flow=${cookie.value}`;
}

async function loginOptions(): Promise<{ challenge: string; cookie: string; rpId: string }> {
  const response = await post(t.app, '/api/auth/passkeys/options', undefined);
  expect(response.statusCode, response.body).toBe(200);
  const { options } = response.json<{ options: { challenge: string; rpId: string } }>();
  return { challenge: options.challenge, rpId: options.rpId, cookie: flowCookie(response) };
}

const logIn = (body: unknown, cookie: string) => post(t.app, '/api/auth/passkeys/login', body, cookie);

async function passkeyLogin(authenticator: SoftAuthenticator) {
  const flow = await loginOptions();
  return logIn(authenticator.assert(flow), flow.cookie);
}

const notes = async (user: TestUser) =>
  (await t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at', [user.id])).map(
    (r) => r.message,
  );

describe('registration', () => {
  it('adds a discoverable passkey for APP_URL, named after the device, and tells the customer', async () => {
    const user = await createCustomer(t);
    const options = await registrationOptions(user);
    expect(options.rp.id).toBe('localhost');
    const authenticator = new SoftAuthenticator();
    const response = await addPasskey(user, authenticator.register(options));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ passkey: { device_name: 'Chrome on Android', last_used_at: null } });

    const list = await get(t.app, '/api/profile/passkeys', user.cookie);
    expect(list.json<{ passkeys: unknown[] }>().passkeys).toEqual([expect.objectContaining({ device_name: 'Chrome on Android' })]);
    expect(await notes(user)).toContainEqual(expect.stringContaining('a passkey was added to your account (Chrome on Android)'));
    expect(t.outbox.list().some((m) => m.to === user.email && m.subject === 'A passkey was added to your Wise account')).toBe(true);

    // The next options exclude it, so the browser does not make a second one on the same device.
    expect((await registrationOptions(user)).excludeCredentials.map((c) => c.id)).toEqual([authenticator.id]);
  });

  it('refuses a replayed registration: the challenge was used up', async () => {
    const user = await createCustomer(t);
    const body = new SoftAuthenticator().register(await registrationOptions(user));
    expect((await addPasskey(user, body)).statusCode).toBe(201);
    const again = await addPasskey(user, body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: passkeyErrorCodes.challengeInvalid });
  });

  it('refuses a challenge of another session, a wrong origin or RP, and an unverified user', async () => {
    const user = await createCustomer(t);
    const other = await createCustomer(t);
    const options = await registrationOptions(user);
    // Answered in another customer's session: that session has no such challenge.
    expect((await addPasskey(other, new SoftAuthenticator().register(options))).json()).toMatchObject({
      code: passkeyErrorCodes.challengeInvalid,
    });

    for (const ceremony of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const refused = await addPasskey(user, new SoftAuthenticator().register(await registrationOptions(user), ceremony));
      expect(refused.statusCode, JSON.stringify(ceremony)).toBe(400);
      expect(refused.json()).toMatchObject({ code: passkeyErrorCodes.refused });
    }
    expect((await get(t.app, '/api/profile/passkeys', user.cookie)).json()).toEqual({ passkeys: [] });
  });

  it('refuses a credential that already belongs to another account', async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    const authenticator = await register(alice);
    const taken = await addPasskey(bob, authenticator.register(await registrationOptions(bob)));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: passkeyErrorCodes.taken });
    const [row] = await t.database.query<{ user_id: string }>('SELECT user_id FROM passkeys WHERE credential_id = $1', [authenticator.id]);
    expect(row?.user_id).toBe(alice.id);
  });

  it('needs a fresh session: past the window after the password login, the password again', async () => {
    const user = await createCustomer(t);
    clock.advance(11 * 60 * 1000);
    const stale = await post(t.app, '/api/profile/passkeys/options', undefined, user.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    await post(t.app, '/api/profile/password/confirm', { password: user.password }, user.cookie);
    await register(user);
  });

  it('refuses an expired challenge', async () => {
    const user = await createCustomer(t);
    const options = await registrationOptions(user);
    clock.advance(5 * 60 * 1000 + 1);
    expect((await addPasskey(user, new SoftAuthenticator().register(options))).json()).toMatchObject({
      code: passkeyErrorCodes.challengeInvalid,
    });
  });
});

describe('sign-in', () => {
  it('signs in without the password; the session works and the passkey shows its last use', async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    const response = await passkeyLogin(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ user: { id: user.id, full_name: user.full_name, email: user.email, language: 'en' } });
    const cookie = sessionCookie(response);
    expect((await get(t.app, '/api/auth/me', cookie)).json()).toMatchObject({ user: { id: user.id } });
    const [passkey] = (await get(t.app, '/api/profile/passkeys', cookie)).json<{ passkeys: { last_used_at: string | null }[] }>().passkeys;
    expect(passkey?.last_used_at).toBe(clock.now().toISOString());
    const [row] = await t.database.query<{ counter: string }>('SELECT counter::text FROM passkeys WHERE credential_id = $1', [
      authenticator.id,
    ]);
    expect(row?.counter).toBe(String(authenticator.counter));
  });

  it('counts as a fresh authentication: a phone change needs no password right after', async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    // The password login did not open the window...
    expect((await post(t.app, '/api/profile/phone', { new_phone: '+2348031234567' }, user.cookie)).json()).toMatchObject({
      code: 'REAUTH_REQUIRED',
    });
    // ...a passkey sign-in does.
    const cookie = sessionCookie(await passkeyLogin(authenticator));
    const change = await post(t.app, '/api/profile/phone', { new_phone: `+23481${String(Date.now()).slice(-8)}` }, cookie);
    expect(change.statusCode, change.body).toBe(200);
  });

  it('refuses a replayed assertion and an assertion for an older challenge', async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    const flow = await loginOptions();
    const body = authenticator.assert(flow);
    expect((await logIn(body, flow.cookie)).statusCode).toBe(200);
    const replay = await logIn(body, flow.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: passkeyErrorCodes.challengeInvalid });
    // The same answer in a new flow: its challenge is not the one signed.
    const fresh = await loginOptions();
    const stale = await logIn(body, fresh.cookie);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: passkeyErrorCodes.refused });
    // Without the flow cookie nothing is signed in.
    expect((await logIn(authenticator.assert(await loginOptions()), '')).statusCode).toBe(400);
  });

  it('refuses a wrong origin, a wrong RP and an unverified user', async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3001' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const flow = await loginOptions();
      const response = await logIn(authenticator.assert(flow, ceremony), flow.cookie);
      expect(response.statusCode, JSON.stringify(ceremony)).toBe(401);
      expect(response.json()).toMatchObject({ code: passkeyErrorCodes.refused });
      expect(response.cookies.some((c) => c.name === 'wise_session' && c.value)).toBe(false);
    }
  });

  it('refuses a passkey naming another account, and one no account has', async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    const aliceKey = await register(alice);
    const bobKey = await register(bob);
    // Alice's credential presented as Bob's user.
    const flow = await loginOptions();
    const crossed = await logIn(aliceKey.assert(flow, { userHandle: bobKey.userHandle }), flow.cookie);
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ code: passkeyErrorCodes.refused });

    const stranger = new SoftAuthenticator();
    stranger.userHandle = bobKey.userHandle;
    const unknown = await passkeyLogin(stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: passkeyErrorCodes.unknown });
  });

  it('refuses a counter that does not rise (a cloned authenticator)', async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    expect((await passkeyLogin(authenticator)).statusCode).toBe(200);
    const flow = await loginOptions();
    const cloned = await logIn(authenticator.assert(flow, { counter: 1 }), flow.cookie);
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json()).toMatchObject({ code: passkeyErrorCodes.refused });
  });

  it("keeps the login's locks: wrong-password lockout and an account locked by staff", async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    for (let i = 0; i < 5; i += 1) await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: 'wrong password 9' });
    expect((await passkeyLogin(authenticator)).statusCode).toBe(429);
    clock.advance(16 * 60 * 1000);
    expect((await passkeyLogin(authenticator)).statusCode).toBe(200);

    await t.database.query("UPDATE users SET locked_at = now(), locked_reason = 'test' WHERE id = $1", [user.id]);
    const locked = await passkeyLogin(authenticator);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });

  it('refuses an expired sign-in challenge', async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    const flow = await loginOptions();
    clock.advance(5 * 60 * 1000 + 1);
    expect((await logIn(authenticator.assert(flow), flow.cookie)).json()).toMatchObject({ code: passkeyErrorCodes.challengeInvalid });
  });
});

describe('removal', () => {
  it('needs the re-authentication window, tells the customer, and the passkey no longer signs in', async () => {
    const user = await createCustomer(t);
    const authenticator = await register(user);
    const [passkey] = (await get(t.app, '/api/profile/passkeys', user.cookie)).json<{ passkeys: { id: string }[] }>().passkeys;
    const remove = (cookie: string) => t.app.inject({ method: 'DELETE', url: `/api/profile/passkeys/${passkey?.id}`, headers: { cookie } });

    const refused = await remove(user.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });

    // Another customer, even re-authenticated, cannot remove it.
    const other = await createCustomer(t);
    await post(t.app, '/api/profile/password/confirm', { password: other.password }, other.cookie);
    expect((await remove(other.cookie)).statusCode).toBe(404);

    await post(t.app, '/api/profile/password/confirm', { password: user.password }, user.cookie);
    const removed = await remove(user.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await notes(user)).toContainEqual(expect.stringContaining('a passkey was removed from your account'));
    expect(t.outbox.list().some((m) => m.to === user.email && m.subject === 'A passkey was removed from your Wise account')).toBe(true);
    expect((await passkeyLogin(authenticator)).json()).toMatchObject({ code: passkeyErrorCodes.unknown });
  });
});

describe('the database', () => {
  it('never moves a passkey to another account and never lets its counter fall', async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    const authenticator = await register(alice);
    await expect(t.database.query('UPDATE passkeys SET user_id = $1 WHERE credential_id = $2', [bob.id, authenticator.id])).rejects.toThrow(
      /never changes owner/,
    );
    await t.database.query('UPDATE passkeys SET counter = 10 WHERE credential_id = $1', [authenticator.id]);
    await expect(t.database.query('UPDATE passkeys SET counter = 9 WHERE credential_id = $1', [authenticator.id])).rejects.toThrow(
      /never goes backwards/,
    );
  });
});

describe('housekeeping', () => {
  it('purges challenges nobody answered once they expire', async () => {
    await loginOptions();
    const live = async () =>
      Number(
        (
          await t.database.query<{ n: string }>('SELECT count(*)::text AS n FROM passkey_challenges WHERE expires_at > $1', [clock.now()])
        )[0]?.n,
      );
    expect(await live()).toBeGreaterThan(0);
    clock.advance(5 * 60 * 1000 + 1);
    const purged = await purgeExpiredAuthRows(t.database.db, clock.now());
    expect(purged.passkeyChallenges).toBeGreaterThan(0);
    expect(Number((await t.database.query<{ n: string }>('SELECT count(*)::text AS n FROM passkey_challenges'))[0]?.n)).toBe(0);
  });

  it('names the device from its User-Agent', () => {
    expect(deviceName(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe('Firefox on Mac');
    expect(deviceName(undefined)).toBe('Unknown device');
    expect(deviceName('curl/8.0')).toBe('Unknown device');
  });
});
