import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityCheckResult, VerificationStatus } from '@wise/shared';
import { identityMessages, IDENTITY_ATTEMPTS_PER_DAY } from '@wise/shared';
import { openIdentityNumber } from '../src/domain/identity/numbers';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { startFakeDojah, type FakeDojah } from './support/fake-dojah';
import { addBankDetails } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * Tier 1 through the API on PostgreSQL (docs/features.md, "Identity verification"): each sandbox input, a
 * number already verified on another account, the payout account's name, the missing date of
 * birth, the daily limit, and Dojah's failures through the real client against its fake.
 */

const clock = new ManualClock('2026-11-20T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

async function customer(app: TestApp = t, dob: string | null = '1994-02-10'): Promise<TestUser> {
  const user = await createCustomer(app);
  if (dob) {
    const saved = await app.app.inject({
      method: 'PUT',
      url: '/api/profile/date-of-birth',
      payload: { date_of_birth: dob },
      headers: { cookie: user.cookie },
    });
    expect(saved.statusCode).toBe(200);
  }
  return user;
}

const verify = (user: TestUser, kind: 'bvn' | 'nin', number: string, app: TestApp = t) =>
  post(app.app, '/api/profile/verification/number', { kind, number }, user.cookie);
const outcomeOf = async (user: TestUser, kind: 'bvn' | 'nin', number: string, app: TestApp = t) => {
  const response = await verify(user, kind, number, app);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IdentityCheckResult>();
};
const statusOf = async (user: TestUser, app: TestApp = t) =>
  (await get(app.app, '/api/profile/verification', user.cookie)).json<VerificationStatus>();

describe('Tier 1 in the sandbox', () => {
  it('verifies BVN 22222222222 as the customer and raises the tier, keeping the number only hashed, sealed and as its last four digits', async () => {
    const user = await customer();
    await addBankDetails(t, user);
    expect(await statusOf(user)).toMatchObject({
      tier: 0,
      number: null,
      needs_date_of_birth: false,
      attempts_left: IDENTITY_ATTEMPTS_PER_DAY,
      document: null,
    });
    const result = await outcomeOf(user, 'bvn', '22222222222');
    expect(result).toEqual({
      outcome: 'verified',
      message: identityMessages.verified,
      tier: 1,
      attempts_left: IDENTITY_ATTEMPTS_PER_DAY - 1,
    });
    const status = await statusOf(user);
    expect(status.tier).toBe(1);
    expect(status.number).toMatchObject({ kind: 'bvn', last4: '2222' });

    const rows = await t.database.query<Record<string, string | null>>('SELECT * FROM identity_checks WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    const stored = Object.entries(row)
      .filter(([key]) => key !== 'number_last4')
      .map(([, value]) => String(value));
    expect(stored.some((value) => value.includes('22222222222'))).toBe(false);
    expect(row.verified_name).toBe('ADA OBI-OKAFOR');
    const keyring = (await import('../src/config')).loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' }).cardCodeKeys;
    expect(openIdentityNumber(keyring, user.id, { ciphertext: row.number_sealed ?? '', keyId: row.number_key_id ?? '' })).toBe(
      '22222222222',
    );

    const again = await verify(user, 'nin', '11111111111');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(identityMessages.alreadyVerified);
  });

  it("tells each tier's payout limits as this server is configured, for the tier cards", async () => {
    const user = await customer();
    const [settings] = await t.database.query<Record<string, string>>(
      'SELECT tier0_daily_kobo, tier0_total_kobo, tier1_daily_kobo, tier2_daily_kobo FROM payout_limit_settings',
    );
    expect((await statusOf(user)).tier_limits).toEqual([
      { tier: 0, daily_kobo: Number(settings?.tier0_daily_kobo), total_kobo: Number(settings?.tier0_total_kobo) },
      { tier: 1, daily_kobo: Number(settings?.tier1_daily_kobo), total_kobo: null },
      { tier: 2, daily_kobo: Number(settings?.tier2_daily_kobo), total_kobo: null },
    ]);
    expect(Number(settings?.tier1_daily_kobo)).toBeGreaterThan(0);
  });

  it('verifies NIN 11111111111 without bank details', async () => {
    const user = await customer();
    expect(await outcomeOf(user, 'nin', '11111111111')).toMatchObject({ outcome: 'verified', tier: 1 });
  });

  it("refuses 22222222299 (someone else's), says not found and provider down, and counts only what the customer did", async () => {
    const user = await customer();
    expect(await outcomeOf(user, 'bvn', '22222222299')).toMatchObject({
      outcome: 'not_verified',
      message: identityMessages.notVerified,
      tier: 0,
      attempts_left: 4,
    });
    expect(await outcomeOf(user, 'bvn', '12345678901')).toMatchObject({
      outcome: 'not_verified',
      message: identityMessages.notVerified,
      attempts_left: 3,
    });
    expect(await outcomeOf(user, 'nin', '22222222222')).toMatchObject({ outcome: 'not_verified', attempts_left: 2 });
    expect(await outcomeOf(user, 'bvn', '22222222298')).toMatchObject({
      outcome: 'unavailable',
      message: identityMessages.unavailable,
      attempts_left: 2,
    });
    expect((await statusOf(user)).tier).toBe(0);
  });

  it("lets every account use the sandbox's own numbers: each is that account's own", async () => {
    const first = await customer();
    const second = await customer();
    expect(await outcomeOf(first, 'nin', '11111111111')).toMatchObject({ outcome: 'verified' });
    expect(await outcomeOf(second, 'nin', '11111111111')).toMatchObject({ outcome: 'verified' });
  });

  it('refuses a verified name that is not the name on the payout account', async () => {
    const user = await customer();
    await addBankDetails(t, user);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/full-name',
      payload: { first_name: 'Ngozi', surname: 'Eze', password: user.password },
      headers: { cookie: user.cookie },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await outcomeOf(user, 'bvn', '22222222222')).toMatchObject({
      outcome: 'account_mismatch',
      message: identityMessages.accountMismatch,
      tier: 0,
    });
  });

  it('asks for the date of birth first', async () => {
    const user = await customer(t, null);
    expect((await statusOf(user)).needs_date_of_birth).toBe(true);
    const response = await verify(user, 'bvn', '22222222222');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({ date_of_birth: identityMessages.dobRequired });
  });

  it('refuses a malformed number with a field error', async () => {
    const user = await customer();
    const response = await verify(user, 'bvn', '2222');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({ number: identityMessages.numberInvalid });
  });

  it(`allows ${IDENTITY_ATTEMPTS_PER_DAY} look-ups a day, then none until a day has passed`, async () => {
    const user = await customer();
    for (let i = 0; i < IDENTITY_ATTEMPTS_PER_DAY; i += 1)
      expect((await outcomeOf(user, 'bvn', `3000000000${i}`)).outcome).toBe('not_verified');
    const refused = await verify(user, 'bvn', '22222222222');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toBe(identityMessages.tooManyAttempts);
    expect((await statusOf(user)).attempts_left).toBe(0);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await outcomeOf(user, 'bvn', '22222222222')).toMatchObject({ outcome: 'verified' });
  });

  it('is private', async () => {
    expect((await get(t.app, '/api/profile/verification')).statusCode).toBe(401);
    expect((await post(t.app, '/api/profile/verification/number', { kind: 'bvn', number: '22222222222' })).statusCode).toBe(401);
  });
});

/** The registry's way of writing the account's phone: 0 and ten digits. */
const localPhone = (user: TestUser) => `0${user.phone.slice(4)}`;

describe('Tier 1 with Dojah (its fake)', () => {
  let fake: FakeDojah;
  let dojah: TestApp;
  beforeAll(async () => {
    fake = await startFakeDojah();
    dojah = await createTestApp({
      clock,
      env: {
        IDENTITY_PROVIDER: 'dojah',
        DOJAH_APP_ID: fake.appId,
        DOJAH_SECRET_KEY: fake.secretKey,
        DOJAH_BASE_URL: fake.url,
        IDENTITY_TIMEOUT_MS: '300',
      },
    });
  });
  afterAll(async () => {
    await dojah?.close();
    await fake?.close();
  });

  it("verifies a BVN Dojah knows as the customer's, with a middle name the profile lacks", async () => {
    fake.mode = 'normal';
    const user = await customer(dojah);
    fake.records.set('bvn:40000000001', {
      first_name: 'ADA',
      middle_name: 'NKECHI',
      last_name: 'OBI-OKAFOR',
      date_of_birth: '1994-02-10',
      phone_number1: localPhone(user),
    });
    expect(await outcomeOf(user, 'bvn', '40000000001', dojah)).toMatchObject({ outcome: 'verified', tier: 1 });
  });

  it('refuses a number already verified on another account, without asking Dojah again', async () => {
    fake.mode = 'normal';
    const first = await customer(dojah);
    const second = await customer(dojah);
    fake.records.set('nin:40000000003', {
      first_name: 'Ada',
      last_name: 'Okafor',
      date_of_birth: '1994-02-10',
      phone_number1: localPhone(first),
    });
    expect(await outcomeOf(first, 'nin', '40000000003', dojah)).toMatchObject({ outcome: 'verified' });
    const asked = fake.requests.length;
    expect(await outcomeOf(second, 'nin', '40000000003', dojah)).toMatchObject({
      outcome: 'not_verified',
      message: identityMessages.notVerified,
      tier: 0,
    });
    expect(fake.requests.length).toBe(asked);
    // The same digits as a BVN are another number.
    expect(await outcomeOf(second, 'bvn', '40000000003', dojah)).toMatchObject({ outcome: 'not_verified' });
    const recorded = await dojah.database.query<{ outcome: string }>(
      `SELECT outcome FROM identity_checks WHERE user_id = $1 ORDER BY created_at, outcome`,
      [second.id],
    );
    expect(recorded.map((r) => r.outcome).sort()).toEqual(['in_use', 'not_found']);
  });

  it('answers unavailable when Dojah fails, times out or answers nonsense, and not found for its 404', async () => {
    const user = await customer(dojah);
    for (const mode of ['error', 'hang', 'malformed'] as const) {
      fake.mode = mode;
      expect((await outcomeOf(user, 'bvn', '40000000002', dojah)).outcome).toBe('unavailable');
    }
    fake.mode = 'normal';
    expect(await outcomeOf(user, 'nin', '40000000002', dojah)).toMatchObject({
      outcome: 'not_verified',
      attempts_left: IDENTITY_ATTEMPTS_PER_DAY - 1,
    });
  });
});
