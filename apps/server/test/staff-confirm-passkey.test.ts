import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffConfirmationMessages } from '@wise/shared/admin';
import { ManualClock } from '../src/lib/clock';
import { SoftAuthenticator } from './support/authenticator';
import { createTestApp, get, post, type TestApp } from './support/app';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, staffCookie, type TestStaff } from './support/staff';
import { createCustomer } from './support/users';

/**
 * Confirming a sensitive action with a passkey instead of the authenticator code
 * (docs/decisions.md §8.6): a challenge the same verified session asked for, used once within five
 * minutes, answered by the staff member's own passkey with the user verified and a rising
 * counter. A refused assertion counts with wrong codes and passwords towards the lock.
 */

const clock = new ManualClock('2026-11-26T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const passkeys = '/api/admin/auth/passkeys';

interface CreationOptions {
  challenge: string;
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  allowCredentials: { id: string }[];
  userVerification: string;
  timeout: number;
}

async function enrol(member: TestStaff, authenticator = new SoftAuthenticator()): Promise<SoftAuthenticator> {
  const options = await post(t.app, `${passkeys}/options`, { code: member.code() }, member.cookie);
  expect(options.statusCode, options.body).toBe(200);
  const added = await post(t.app, passkeys, authenticator.register(options.json<{ options: CreationOptions }>().options), member.cookie);
  expect(added.statusCode, added.body).toBe(201);
  return authenticator;
}

async function confirmChallenge(cookie: string): Promise<RequestOptions> {
  const response = await post(t.app, `${passkeys}/confirm/options`, undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ options: RequestOptions }>().options;
}

let seed = 900;
async function pendingSale(): Promise<string> {
  const customer = await createCustomer(t);
  await addBankDetails(t, customer);
  seed += 1;
  return (await sellGiftCard(t, customer, { seed })).id;
}

const approve = (saleId: string, body: Record<string, unknown>, cookie: string) =>
  post(t.app, `/api/admin/sales/${saleId}/approve`, body, cookie);

async function saleStatus(saleId: string): Promise<string> {
  const [row] = await t.database.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [saleId]);
  return row?.status ?? 'missing';
}

async function failedLogins(staffId: string): Promise<number> {
  const [row] = await t.database.query<{ failed_logins: number }>('SELECT failed_logins FROM staff WHERE id = $1', [staffId]);
  return row?.failed_logins ?? -1;
}

describe('confirming with a passkey', () => {
  it('approves a sale with the staff member’s own passkey, audited like a code; the challenge asks for user verification', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const key = await enrol(ada);
    const saleId = await pendingSale();
    const options = await confirmChallenge(ada.cookie);
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    expect(options.timeout).toBeLessThanOrEqual(5 * 60 * 1000);

    const response = await approve(saleId, { confirm_passkey: key.assert(options) }, ada.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(await saleStatus(saleId)).toBe('approved');
    const audit = await t.database.query<{ action: string; staff_id: string }>(
      "SELECT action, staff_id FROM staff_audit_log WHERE target_type = 'sale' AND target_id = $1 ORDER BY id",
      [saleId],
    );
    expect(audit.at(-1)).toMatchObject({ action: 'sale.approve', staff_id: ada.id });
    // The passkey's counter rose and its use is shown.
    const [stored] = await t.database.query<{ counter: string; last_used_at: Date | null }>(
      'SELECT counter, last_used_at FROM staff_passkeys WHERE credential_id = $1',
      [key.id],
    );
    expect(Number(stored?.counter)).toBe(key.counter);
    expect(stored?.last_used_at).not.toBeNull();
    // The code still confirms as before.
    const other = await pendingSale();
    expect((await approve(other, { confirm_code: ada.code() }, ada.cookie)).statusCode).toBe(200);
  });

  it('confirms a limit raise and every other sensitive route through the same check', async () => {
    const admin = await createStaff(t, { role: 'admin' });
    const key = await enrol(admin);
    const customer = await createCustomer(t);
    const raised = await post(
      t.app,
      `/api/admin/customers/${customer.id}/limits`,
      {
        daily_limit_naira: 2_000_000,
        note: 'Known trader, checked by phone',
        confirm_passkey: key.assert(await confirmChallenge(admin.cookie)),
      },
      admin.cookie,
    );
    expect(raised.statusCode, raised.body).toBe(200);
  });

  it('refuses neither or both, a replayed assertion, a used or expired challenge and another session’s challenge', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const key = await enrol(ada);
    const saleId = await pendingSale();

    const neither = await approve(saleId, {}, ada.cookie);
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ fields: { confirm_code: staffConfirmationMessages.missing } });
    const both = await approve(
      saleId,
      { confirm_code: ada.code(), confirm_passkey: key.assert(await confirmChallenge(ada.cookie)) },
      ada.cookie,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ fields: { confirm_code: staffConfirmationMessages.both } });

    // One assertion confirms one action: the same body again, on the same or another sale, is refused.
    const first = await pendingSale();
    const assertion = key.assert(await confirmChallenge(ada.cookie));
    expect((await approve(first, { confirm_passkey: assertion }, ada.cookie)).statusCode).toBe(200);
    const replayed = await approve(saleId, { confirm_passkey: assertion }, ada.cookie);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ code: 'CONFIRMATION_INVALID', error: staffConfirmationMessages.challengeInvalid });
    // A fresh signature over the used challenge (counter risen) is refused as well.
    const used = await approve(
      saleId,
      {
        confirm_passkey: key.assert({
          challenge: JSON.parse(Buffer.from(assertion.credential.response.clientDataJSON, 'base64url').toString()).challenge,
        }),
      },
      ada.cookie,
    );
    expect(used.json()).toMatchObject({ code: 'CONFIRMATION_INVALID', error: staffConfirmationMessages.challengeInvalid });

    // A challenge lives five minutes.
    const late = await confirmChallenge(ada.cookie);
    clock.advance(5 * 60 * 1000 + 1);
    const expired = await approve(saleId, { confirm_passkey: key.assert(late) }, ada.cookie);
    expect(expired.json()).toMatchObject({ code: 'CONFIRMATION_INVALID', error: staffConfirmationMessages.challengeInvalid });

    // A challenge asked for by another session of the same staff member (a second sign-in) is not this one's.
    const login = await post(t.app, '/api/admin/auth/login', { email: ada.email, password: ada.password });
    const passwordStage = staffCookie(login);
    const loginOptions = await post(t.app, `${passkeys}/login/options`, undefined, passwordStage);
    const signedIn = await post(
      t.app,
      `${passkeys}/login`,
      key.assert(loginOptions.json<{ options: RequestOptions }>().options),
      passwordStage,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const otherSession = staffCookie(signedIn);
    const elsewhere = await confirmChallenge(otherSession);
    const crossed = await approve(saleId, { confirm_passkey: key.assert(elsewhere) }, ada.cookie);
    expect(crossed.json()).toMatchObject({ code: 'CONFIRMATION_INVALID', error: staffConfirmationMessages.challengeInvalid });
    // None of these tried a signature against the key: nothing was counted, and the sale waits.
    expect(await failedLogins(ada.id)).toBe(0);
    expect(await saleStatus(saleId)).not.toBe('approved');
    // The other session uses its own challenge.
    expect((await approve(saleId, { confirm_passkey: key.assert(await confirmChallenge(otherSession)) }, otherSession)).statusCode).toBe(
      200,
    );
  });

  it('refuses another staff member’s credential, a customer’s, no user verification and a counter that does not rise — counted towards the lock', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const ben = await createStaff(t, { role: 'reviewer' });
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
    const saleId = await pendingSale();
    // One confirmation first, so the counter stands above zero.
    expect(
      (await approve(await pendingSale(), { confirm_passkey: adas.assert(await confirmChallenge(ada.cookie)) }, ada.cookie)).statusCode,
    ).toBe(200);

    const tries: [string, (options: RequestOptions) => unknown][] = [
      ['another staff member’s passkey', (o) => bens.assert(o)],
      ['a customer’s passkey', (o) => customerKey.assert(o)],
      ['no user verification', (o) => adas.assert(o, { userVerified: false })],
      ['a counter that does not rise', (o) => adas.assert(o, { counter: 1 })],
    ];
    for (const [index, [why, answer]] of tries.entries()) {
      const response = await approve(saleId, { confirm_passkey: answer(await confirmChallenge(ada.cookie)) }, ada.cookie);
      expect(response.statusCode, why).toBe(403);
      expect(response.json(), why).toMatchObject({ code: 'CONFIRMATION_INVALID', error: staffConfirmationMessages.passkeyRefused });
      expect(await failedLogins(ada.id), why).toBe(index + 1);
    }
    expect(await saleStatus(saleId)).not.toBe('approved');
    // The same count as wrong codes: a fifth failure, a wrong code, locks the account and ends its sessions.
    const wrong = await approve(saleId, { confirm_code: ada.code() === '000000' ? '111111' : '000000' }, ada.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'CONFIRMATION_INVALID',
      error: 'Too many wrong authenticator codes: you were signed out for 15 minutes.',
    });
    expect((await get(t.app, '/api/admin/auth/me', ada.cookie)).statusCode).toBe(401);
    // Ben's own passkey still confirms his actions.
    expect((await approve(saleId, { confirm_passkey: bens.assert(await confirmChallenge(ben.cookie)) }, ben.cookie)).statusCode).toBe(200);
  });

  it('offers no challenge to a staff member without a passkey, nor to a half-signed-in session', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const none = await post(t.app, `${passkeys}/confirm/options`, undefined, ada.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'STAFF_PASSKEY_NONE' });
    await enrol(ada);
    const login = await post(t.app, '/api/admin/auth/login', { email: ada.email, password: ada.password });
    expect((await post(t.app, `${passkeys}/confirm/options`, undefined, staffCookie(login))).statusCode).toBe(401);
    expect((await post(t.app, `${passkeys}/confirm/options`, undefined)).statusCode).toBe(401);
  });
});

describe('challenges kept per session', () => {
  it('keeps the newest five live ones: an older one is refused, the newest confirm', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const key = await enrol(ada);
    const asked: RequestOptions[] = [];
    for (let i = 0; i < 7; i += 1) {
      asked.push(await confirmChallenge(ada.cookie));
      clock.advance(1000);
    }
    const [rows] = await t.database.query<{ n: string }>('SELECT count(*) AS n FROM staff_confirm_challenges WHERE staff_id = $1', [
      ada.id,
    ]);
    expect(Number(rows?.n)).toBe(5);
    const oldest = await approve(await pendingSale(), { confirm_passkey: key.assert(asked[0]!) }, ada.cookie);
    expect(oldest.json()).toMatchObject({ code: 'CONFIRMATION_INVALID', error: staffConfirmationMessages.challengeInvalid });
    expect((await approve(await pendingSale(), { confirm_passkey: key.assert(asked[6]!) }, ada.cookie)).statusCode).toBe(200);
    expect((await approve(await pendingSale(), { confirm_passkey: key.assert(asked[2]!) }, ada.cookie)).statusCode).toBe(200);
  });
});

describe('the database', () => {
  it('refuses a confirmation challenge used twice, or one living longer than five minutes', async () => {
    const ada = await createStaff(t, { role: 'reviewer' });
    const key = await enrol(ada);
    const options = await confirmChallenge(ada.cookie);
    expect((await approve(await pendingSale(), { confirm_passkey: key.assert(options) }, ada.cookie)).statusCode).toBe(200);
    await expect(
      t.database.query('UPDATE staff_confirm_challenges SET used_at = used_at WHERE challenge = $1', [options.challenge]),
    ).rejects.toThrow(/used once/);
    const [row] = await t.database.query<{ session_hash: string }>(
      'SELECT session_hash FROM staff_confirm_challenges WHERE challenge = $1',
      [options.challenge],
    );
    await expect(
      t.database.query(
        "INSERT INTO staff_confirm_challenges (challenge, session_hash, staff_id, created_at, expires_at) VALUES ('a-challenge-too-long-lived', $1, $2, now(), now() + interval '6 minutes')",
        [row?.session_hash, ada.id],
      ),
    ).rejects.toThrow(/staff_confirm_challenges_ttl/);
  });
});
