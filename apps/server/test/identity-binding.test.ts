import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankMessages,
  IDENTITY_ATTEMPTS_PER_DAY,
  identityMessages,
  profileMessages,
  type IdentityCheckResult,
  type VerificationStatus,
} from '@wise/shared';
import { SEND_EMAIL_JOB } from '../src/domain/notifications/email';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { startFakeDojah, type FakeDojah } from './support/fake-dojah';
import { createCustomer, type TestUser } from './support/users';

/**
 * A verified identity is bound to its account (docs/identity.md), through the API on PostgreSQL:
 * the sandbox's stranger number cannot be borrowed by editing the profile into the stranger's
 * name, the verified name and date of birth are locked, a payout account must be in the verified
 * name, a cookie alone neither renames nor saves a first payout account, one answer hides whether
 * a number exists or is verified elsewhere, and the daily look-up budget holds under parallel
 * requests to two instances on one database.
 */

const clock = new ManualClock('2026-11-20T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const put = (app: TestApp, url: string, payload: Record<string, unknown>, cookie: string) =>
  app.app.inject({ method: 'PUT', url, payload, headers: { cookie } });
const errorOf = (response: LightMyRequestResponse) => response.json<{ error: string; code: string; fields?: Record<string, string> }>();

async function customer(app: TestApp = t, dob = '1994-02-10'): Promise<TestUser> {
  const user = await createCustomer(app);
  expect((await put(app, '/api/profile/date-of-birth', { date_of_birth: dob }, user.cookie)).statusCode).toBe(200);
  return user;
}
/** `null`: no password at all, as a stolen cookie alone would send. */
const rename = (user: TestUser, parts: Record<string, string>, password: string | null = user.password, app: TestApp = t) =>
  put(app, '/api/profile/full-name', { ...parts, ...(password === null ? {} : { password }) }, user.cookie);
/** The e-mails queued for the customer's address (the job queue sends them). */
const emailedSubjects = async (user: TestUser) =>
  (
    await t.database.query<{ subject: string }>(`SELECT payload->>'subject' AS subject FROM jobs WHERE name = $1 AND payload->>'to' = $2`, [
      SEND_EMAIL_JOB,
      user.email,
    ])
  ).map((row) => row.subject);
const saveBank = (user: TestUser, extra: Record<string, string> = { password: user.password }, app: TestApp = t) =>
  put(app, '/api/bank', { bank_code: '058', bank_account: '0123456789', ...extra }, user.cookie);
const verify = (user: TestUser, number: string, kind: 'bvn' | 'nin' = 'bvn', app: TestApp = t) =>
  post(app.app, '/api/profile/verification/number', { kind, number }, user.cookie);
const outcomeOf = async (user: TestUser, number: string, kind: 'bvn' | 'nin' = 'bvn', app: TestApp = t) => {
  const response = await verify(user, number, kind, app);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IdentityCheckResult>();
};
const tierOf = async (user: TestUser) => (await get(t.app, '/api/profile/verification', user.cookie)).json<VerificationStatus>().tier;

/** What a customer is told when a number cannot be theirs: the same whatever the reason. */
const notVerified = { outcome: 'not_verified', message: identityMessages.notVerified, tier: 0 };

describe("someone else's BVN", () => {
  it("is refused even when the profile is edited into the stranger's name and date of birth: the registry's phone is not the account's", async () => {
    const user = await customer();
    expect((await rename(user, { first_name: 'Chidinma', middle_name: 'Amaka', surname: 'Ezeanya' })).statusCode).toBe(200);
    expect((await put(t, '/api/profile/date-of-birth', { date_of_birth: '1988-03-14' }, user.cookie)).statusCode).toBe(200);
    expect(await outcomeOf(user, '22222222299')).toMatchObject(notVerified);
    expect(await tierOf(user)).toBe(0);
  });
});

describe('a verified name and date of birth', () => {
  it('are locked: a rename or a new date of birth is refused, and a payout account is saved only in the verified name', async () => {
    const user = await customer();
    expect(await outcomeOf(user, '22222222222')).toMatchObject({ outcome: 'verified', tier: 1 });
    const renamed = await rename(user, { first_name: 'Ngozi', surname: 'Eze' });
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).error).toBe(profileMessages.identityLocked);
    const redated = await put(t, '/api/profile/date-of-birth', { date_of_birth: '1990-01-01' }, user.cookie);
    expect(redated.statusCode).toBe(409);
    expect(errorOf(redated).error).toBe(profileMessages.identityLocked);
    const saved = await saveBank(user);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ account_name: string }>().account_name).toBe('OBI-OKAFOR ADA');
    const profile = (await get(t.app, '/api/profile', user.cookie)).json<{
      full_name: string;
      date_of_birth: string;
      identity_locked: boolean;
    }>();
    expect(profile).toMatchObject({ full_name: 'Ada Obi-Okafor', date_of_birth: '1994-02-10', identity_locked: true });
  });

  it('decide whose payout account it may be, not the profile name', async () => {
    // The record is what counts: a record in another name refuses an account in the profile's.
    const other = await customer();
    await t.database.query(
      `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, number_sealed, provider, verified_name, verified_dob)
       VALUES ($1, 'bvn', 'verified', $2, 'dev', '0299', 'v1.x.y.z', 'sandbox', 'CHIDINMA AMAKA EZEANYA', '1988-03-14')`,
      [other.id, 'c'.repeat(63) + '1'],
    );
    await t.database.query(`UPDATE users SET kyc_tier = 1 WHERE id = $1`, [other.id]);
    const refused = await saveBank(other);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused).error).toBe(bankMessages.nameMismatch);
  });

  it('change only by verifying again: the password, then tier 0, then the profile is editable and the number can verify again', async () => {
    const user = await customer();
    expect(await outcomeOf(user, '22222222222')).toMatchObject({ outcome: 'verified', tier: 1 });
    const wrong = await post(t.app, '/api/profile/verification/reset', { password: 'not the password' }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(await tierOf(user)).toBe(1);
    const reset = await post(t.app, '/api/profile/verification/reset', { password: user.password }, user.cookie);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await tierOf(user)).toBe(0);
    expect(await emailedSubjects(user)).toContain(profileMessages.identityResetEmailSubject);
    expect((await put(t, '/api/profile/date-of-birth', { date_of_birth: '1994-02-11' }, user.cookie)).statusCode).toBe(200);
    expect(await outcomeOf(user, '22222222222')).toMatchObject({ outcome: 'verified', tier: 1 });
  });
});

describe('a stolen session cookie', () => {
  it('neither renames the owner nor saves a first payout account without the password', async () => {
    const user = await customer();
    const renamed = await rename(user, { first_name: 'Thief', surname: 'Person' }, null);
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed).fields).toMatchObject({ password: expect.any(String) });
    expect((await rename(user, { first_name: 'Thief', surname: 'Person' }, 'not the password')).statusCode).toBe(400);
    const bank = await saveBank(user, {});
    expect(bank.statusCode).toBe(400);
    expect(errorOf(bank).fields).toEqual({ password: bankMessages.passwordRequired });
    expect((await saveBank(user, { password: 'not the password' })).statusCode).toBe(400);
    expect((await get(t.app, '/api/bank', user.cookie)).json()).toMatchObject({ bank_account: null });
    expect((await get(t.app, '/api/profile', user.cookie)).json()).toMatchObject({ full_name: 'Ada Obi-Okafor' });
  });

  it('with the password, renames and e-mails the customer, and saves the first account', async () => {
    const user = await customer();
    const renamed = await rename(user, { first_name: 'Ada', middle_name: 'Nkechi', surname: 'Obi-Okafor' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await emailedSubjects(user)).toContain(profileMessages.nameChangedEmailSubject);
    expect((await saveBank(user)).statusCode).toBe(200);
  });
});

describe('with Dojah (its fake), on two instances of one database', () => {
  let fake: FakeDojah;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    fake = await startFakeDojah();
    const env = {
      IDENTITY_PROVIDER: 'dojah',
      DOJAH_APP_ID: fake.appId,
      DOJAH_SECRET_KEY: fake.secretKey,
      DOJAH_BASE_URL: fake.url,
      IDENTITY_TIMEOUT_MS: '5000',
    };
    first = await createTestApp({ clock, env });
    second = await createTestApp({ clock, env, database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake?.close();
  });

  /** The registry's way of writing the account's phone: 0 and ten digits. */
  const localPhone = (user: TestUser) => `0${user.phone.slice(4)}`;

  it("verifies a number whose registered phone is the account's, and refuses one whose phone is another's", async () => {
    const user = await customer(first);
    fake.records.set('bvn:60000000001', {
      first_name: 'ADA',
      last_name: 'OBI-OKAFOR',
      date_of_birth: '1994-02-10',
      phone_number1: '08099999999',
    });
    expect(await outcomeOf(user, '60000000001', 'bvn', first)).toMatchObject(notVerified);
    fake.records.set('bvn:60000000002', {
      first_name: 'ADA',
      last_name: 'OBI-OKAFOR',
      date_of_birth: '1994-02-10',
      phone_number1: '08099999999',
      phone_number2: localPhone(user),
    });
    expect(await outcomeOf(user, '60000000002', 'bvn', second)).toMatchObject({ outcome: 'verified', tier: 1 });
  });

  it("answers alike whether the number is not found, not the customer's, or verified on another account", async () => {
    const owner = await customer(first);
    const other = await customer(first);
    fake.records.set('nin:60000000003', {
      first_name: 'ADA',
      last_name: 'OBI-OKAFOR',
      date_of_birth: '1994-02-10',
      phone_number1: localPhone(owner),
    });
    expect(await outcomeOf(owner, '60000000003', 'nin', first)).toMatchObject({ outcome: 'verified' });
    const answers = [
      await outcomeOf(other, '60000000003', 'nin', first),
      await outcomeOf(other, '60000000009', 'nin', second),
      await outcomeOf(other, '60000000001', 'bvn', first),
    ];
    for (const answer of answers) expect({ outcome: answer.outcome, message: answer.message, tier: answer.tier }).toEqual(notVerified);
  });

  it(`records at most ${IDENTITY_ATTEMPTS_PER_DAY} of 40 parallel look-ups over two instances, and asks the provider at most that often`, async () => {
    const user = await customer(first);
    const asked = fake.requests.length;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => verify(user, `5${String(i).padStart(10, '0')}`, 'bvn', i % 2 === 0 ? first : second)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(IDENTITY_ATTEMPTS_PER_DAY);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - IDENTITY_ATTEMPTS_PER_DAY);
    const [row] = await first.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM identity_checks WHERE user_id = $1`, [user.id]);
    expect(row?.n).toBe(IDENTITY_ATTEMPTS_PER_DAY);
    expect(fake.requests.length - asked).toBe(IDENTITY_ATTEMPTS_PER_DAY);
  });
});
