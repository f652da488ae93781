import { randomBytes } from 'node:crypto';
import { referralSummarySchema, type ReferralSummary } from '@wise/shared';
import { adminCustomerReferralsSchema, type AdminCustomerReferrals } from '@wise/shared/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settlePayoutFailure } from '../src/domain/payouts/settle';
import { decideReferralOnPaid, writeReferralSettings } from '../src/domain/referrals/referrals';
import { accrueReward, getClaimableRewards } from '../src/domain/rewards/rewards';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { get, post, sessionCookie, type TestApp } from './support/app';
import type { FakePaystack } from './support/fake-paystack';
import { startPaystackBed, type PaystackBed } from './support/paystack-bed';
import { approveSale, payoutRows } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { setKycTier } from './support/tiers';
import { createCustomer, latestCode, newSignup, type TestUser } from './support/users';

/**
 * Referrals (docs/features.md, "Referrals"): the referee's first paid sale earns both sides gems once, in
 * the paying transaction; self-referrals, a rejected or reversed first sale and the referrer's
 * monthly cap are refused with their reason. PostgreSQL, real Paystack client against the fake.
 */

const clock = new ManualClock('2026-07-10T09:00:00Z');
let fake: FakePaystack;
let t: TestApp;
let bed: PaystackBed;
let reviewer: StaffPrincipal;
let staff: TestStaff;

const DEFAULTS = { referrerGems: 100, refereeGems: 50, monthlyCap: 10, timeZone: 'Africa/Lagos' };

beforeAll(async () => {
  bed = await startPaystackBed(clock);
  ({ fake, t, reviewer } = bed);
  staff = await createStaff(t, { role: 'reviewer' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  await writeReferralSettings(t.database.db, clock, DEFAULTS);
});

/** A fresh 10-digit account number nobody else in this file uses (the sandbox resolves it to the customer's name). */
const freshAccount = () => `1${String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 1e9).padStart(9, '0')}`;

async function ready(user: TestUser, account = freshAccount()): Promise<TestUser> {
  await addBankDetails(t, user, account);
  // Tier 2 so the daily payout limit never stands in the way.
  await setKycTier(t.database, user.id, 2);
  return user;
}

/** Signs up through a referral link (the sign-up body carries its code), verifies and logs in. */
async function signUpWith(code: string | undefined, overrides: Partial<ReturnType<typeof newSignup>> = {}): Promise<TestUser> {
  const form = { ...newSignup(), ...overrides };
  const signup = await post(t.app, '/api/auth/signup', { ...form, ...(code === undefined ? {} : { referral_code: code }) });
  expect(signup.statusCode).toBe(201);
  expect((await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: latestCode(t, form.email) })).statusCode).toBe(200);
  const login = await post(t.app, '/api/auth/login', { email_or_phone: form.email, password: form.password });
  expect(login.statusCode).toBe(200);
  return { ...form, id: login.json<{ user: { id: string } }>().user.id, cookie: sessionCookie(login) };
}

async function summaryOf(user: TestUser): Promise<ReferralSummary> {
  const response = await get(t.app, '/api/referrals', user.cookie);
  expect(response.statusCode).toBe(200);
  return referralSummarySchema.parse(response.json());
}

let seed = 100;
async function sell(user: TestUser): Promise<string> {
  seed += 1;
  // A second apart, so "the first sale" (the earliest submitted) is never a tie on the fixed clock.
  clock.advance(1000);
  return (await sellGiftCard(t, user, { seed })).id;
}

async function pay(saleId: string): Promise<void> {
  await approveSale(t.database, clock, saleId, reviewer.id);
  await bed.worker.runDue();
  const [row] = await t.database.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [saleId]);
  expect(row?.status).toBe('paid');
}

async function reject(saleId: string): Promise<void> {
  const at = clock.now().toISOString();
  await t.database.query("UPDATE sales SET status = 'under_review', status_changed_at = $2 WHERE id = $1", [saleId, at]);
  await t.database.query(
    "UPDATE sales SET status = 'rejected', status_changed_at = $2, decided_at = $2, decided_by = $3, rejection_code = 'used_card', rejection_reason = 'The card was already used' WHERE id = $1",
    [saleId, at, reviewer.id],
  );
}

const referralOf = async (refereeId: string) =>
  (
    await t.database.query<{
      id: string;
      status: string;
      refusal_reason: string | null;
      referrer_gems: number | null;
      referee_gems: number | null;
      sale_id: string | null;
    }>('SELECT id, status, refusal_reason, referrer_gems, referee_gems, sale_id FROM referrals WHERE referee_id = $1', [refereeId])
  )[0];

/** Referral gems a customer holds as rewards, and the ledger entries that put them there. */
const referralRewardsOf = (userId: string) =>
  t.database.query<{ amount: number; reason: string; clawed_back: boolean }>(
    `SELECT r.amount::int AS amount, e.reason, r.clawback_entry_id IS NOT NULL AS clawed_back
     FROM gem_rewards r JOIN gem_entries e ON e.id = r.accrual_entry_id
     WHERE r.user_id = $1 AND r.source LIKE 'referral:%'`,
    [userId],
  );

/** A referrer and a referee who signed up with the referrer's link, both ready to sell. */
async function pair(refereeOverrides: Partial<ReturnType<typeof newSignup>> = {}) {
  const referrer = await ready(await createCustomer(t));
  const { code } = await summaryOf(referrer);
  const referee = await signUpWith(code, refereeOverrides);
  return { referrer, referee };
}

describe('the code and the link', () => {
  it('gives every customer an eight-character code and the sign-up link that carries it', async () => {
    const user = await createCustomer(t);
    const summary = await summaryOf(user);
    expect(summary.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(summary).toEqual({
      code: summary.code,
      link_path: `/createaccount?ref=${summary.code}`,
      referrer_gems: 100,
      referee_gems: 50,
      joined: 0,
      gems_earned: 0,
    });
    expect((await summaryOf(await createCustomer(t))).code).not.toBe(summary.code);
  });

  it('is private', async () => {
    expect((await get(t.app, '/api/referrals')).statusCode).toBe(401);
  });

  it('records the referrer when the sign-up carries their code, in any case', async () => {
    const referrer = await createCustomer(t);
    const { code } = await summaryOf(referrer);
    const referee = await signUpWith(code.toLowerCase());
    expect(await referralOf(referee.id)).toMatchObject({ status: 'signed_up', refusal_reason: null });
    expect((await summaryOf(referrer)).joined).toBe(1);
  });

  it('ignores a code that is no customer’s, or not a code at all, and still signs up', async () => {
    for (const code of ['ZZZZZZZZ', 'not a code!', '']) {
      const user = await signUpWith(code);
      expect(await referralOf(user.id)).toBeUndefined();
    }
  });

  it('refuses a referral code longer than the limit with a 400, not a 500', async () => {
    const response = await post(t.app, '/api/auth/signup', { ...newSignup(), referral_code: 'X'.repeat(33) });
    expect(response.statusCode).toBe(400);
  });
});

describe('the reward on the first paid sale', () => {
  it('credits both sides once, as claimable rewards of the ledger kind referral, when the first sale is paid', async () => {
    const { referrer, referee } = await pair();
    await ready(referee);
    const referrerBefore = await getClaimableRewards(t.database.db, referrer.id);

    const first = await sell(referee);
    expect(await referralRewardsOf(referrer.id)).toEqual([]);
    await pay(first);

    expect(await referralOf(referee.id)).toMatchObject({
      status: 'rewarded',
      refusal_reason: null,
      referrer_gems: 100,
      referee_gems: 50,
      sale_id: first,
    });
    expect(await referralRewardsOf(referrer.id)).toEqual([{ amount: 100, reason: 'referral', clawed_back: false }]);
    expect(await referralRewardsOf(referee.id)).toEqual([{ amount: 50, reason: 'referral', clawed_back: false }]);
    expect(await getClaimableRewards(t.database.db, referrer.id)).toBe(referrerBefore + 100);
    expect(await summaryOf(referrer)).toMatchObject({ joined: 1, gems_earned: 100 });
    expect(await summaryOf(referee)).toMatchObject({ joined: 0, gems_earned: 50 });
    const notices = await t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1', [referrer.id]);
    expect(notices.map((n) => n.message)).toContainEqual(expect.stringMatching(/first sale with your invite: you earned 100 gems/));

    // A later paid sale, and a replay of the decision, mint nothing more.
    await pay(await sell(referee));
    const replay = await t.database.db.transaction((tx) =>
      decideReferralOnPaid(tx, clock, {
        saleId: first,
        refereeId: referee.id,
        paidTo: { bankCode: '058', accountNumber: '0000000001' },
        at: clock.now(),
      }),
    );
    expect(replay).toBeNull();
    expect(await referralRewardsOf(referrer.id)).toHaveLength(1);
    expect(await referralRewardsOf(referee.id)).toHaveLength(1);
  });

  it('lets the database refuse a second reward for the same referral and a decision made twice', async () => {
    const { referee } = await pair();
    await ready(referee);
    await pay(await sell(referee));
    const referral = await referralOf(referee.id);
    // The source is unique: the same referral's gems cannot be accrued again with another amount.
    await expect(
      accrueReward(t.database.db, clock, {
        userId: referee.id,
        source: `referral:${referral!.id}:referee`,
        amount: 999,
        description: 'again',
        reason: 'referral',
      }),
    ).rejects.toThrow(/already accrued/);
    await expect(
      t.database.query(
        "UPDATE referrals SET status = 'signed_up', decided_at = NULL, referrer_gems = NULL, referee_gems = NULL WHERE id = $1",
        [referral!.id],
      ),
    ).rejects.toThrow(/decided once/);
    await expect(
      t.database.query(
        'INSERT INTO referrals (referrer_id, referee_id, code, created_at) SELECT referrer_id, referee_id, code, now() FROM referrals WHERE id = $1',
        [referral!.id],
      ),
    ).rejects.toThrow(/referrals_referee_once/);
  });

  it('waits for the first sale when a later one is paid first', async () => {
    const { referee } = await pair();
    await ready(referee);
    const first = await sell(referee);
    const second = await sell(referee);
    await pay(second);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'signed_up' });
    await pay(first);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'rewarded', sale_id: first });
  });
});

describe('abuse rules', () => {
  it('refuses a self-referral through a phone the referrer held', async () => {
    const referrer = await ready(await createCustomer(t));
    const { code } = await summaryOf(referrer);
    const oldPhone = referrer.phone;
    // The referrer moves to another number, then signs up again with the old one.
    await t.database.query('UPDATE users SET phone = $2 WHERE id = $1', [referrer.id, newSignup().phone]);
    const referee = await ready(await signUpWith(code, { phone: oldPhone }));
    await pay(await sell(referee));
    expect(await referralOf(referee.id)).toMatchObject({ status: 'refused', refusal_reason: 'same_phone', referrer_gems: null });
    expect(await referralRewardsOf(referrer.id)).toEqual([]);
    expect(await referralRewardsOf(referee.id)).toEqual([]);
  });

  it('refuses a self-referral paid to the referrer’s bank account', async () => {
    const account = freshAccount();
    const referrer = await ready(await createCustomer(t), account);
    const { code } = await summaryOf(referrer);
    const referee = await ready(await signUpWith(code), account);
    await pay(await sell(referee));
    expect(await referralOf(referee.id)).toMatchObject({ status: 'refused', refusal_reason: 'same_bank_account' });
    expect(await referralRewardsOf(referrer.id)).toEqual([]);
  });

  it('refuses a self-referral through an identity number the referrer verified', async () => {
    const { referrer, referee } = await pair();
    await ready(referee);
    // The referrer's verified BVN (their tier's record), which the referee then tried: the answer
    // was "already verified on another account".
    const [verified] = await t.database.query<{ number_hash: string }>(
      "SELECT number_hash FROM identity_checks WHERE user_id = $1 AND outcome = 'verified'",
      [referrer.id],
    );
    expect(verified).toBeDefined();
    await t.database.query(
      `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, provider) VALUES ($1, 'bvn', 'in_use', $2, 'test', '2222', 'sandbox')`,
      [referee.id, verified!.number_hash],
    );
    await pay(await sell(referee));
    expect(await referralOf(referee.id)).toMatchObject({ status: 'refused', refusal_reason: 'same_identity' });
    expect(await referralRewardsOf(referee.id)).toEqual([]);
  });

  it('refuses a referee whose first sale was rejected, at once, and a later paid sale changes nothing', async () => {
    const { referrer, referee } = await pair();
    await ready(referee);
    const first = await sell(referee);
    await reject(first);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'refused', refusal_reason: 'first_sale_rejected', sale_id: first });
    await pay(await sell(referee));
    expect(await referralOf(referee.id)).toMatchObject({ status: 'refused', refusal_reason: 'first_sale_rejected' });
    expect(await referralRewardsOf(referrer.id)).toEqual([]);
  });

  it('refuses a referral whose first sale’s payout is reversed, taking back the unclaimed gems', async () => {
    const { referrer, referee } = await pair();
    await ready(referee);
    const before = await getClaimableRewards(t.database.db, referrer.id);
    const first = await sell(referee);
    await pay(first);
    expect(await getClaimableRewards(t.database.db, referrer.id)).toBe(before + 100);

    const [payout] = await payoutRows(t.database, first);
    expect(await settlePayoutFailure(t.database.db, bed.deps, payout!.id, 'Reversed by the bank', null)).toBe('reversed');

    expect(await referralOf(referee.id)).toMatchObject({
      status: 'refused',
      refusal_reason: 'first_sale_reversed',
      referrer_gems: 100,
      referee_gems: 50,
    });
    expect(await referralRewardsOf(referrer.id)).toEqual([{ amount: 100, reason: 'referral', clawed_back: true }]);
    expect(await referralRewardsOf(referee.id)).toEqual([{ amount: 50, reason: 'referral', clawed_back: true }]);
    expect(await getClaimableRewards(t.database.db, referrer.id)).toBe(before);
    expect((await summaryOf(referrer)).gems_earned).toBe(0);
  });

  it('refuses rewards beyond the referrer’s monthly cap, and pays again the next month', async () => {
    await writeReferralSettings(t.database.db, clock, { ...DEFAULTS, monthlyCap: 2 });
    const referrer = await ready(await createCustomer(t));
    const { code } = await summaryOf(referrer);
    const referees: TestUser[] = [];
    for (let i = 0; i < 4; i += 1) referees.push(await ready(await signUpWith(code)));
    for (const referee of referees.slice(0, 3)) await pay(await sell(referee));
    expect((await Promise.all(referees.slice(0, 3).map((r) => referralOf(r.id)))).map((r) => r?.refusal_reason ?? r?.status)).toEqual([
      'rewarded',
      'rewarded',
      'monthly_cap',
    ]);
    expect(await referralRewardsOf(referrer.id)).toHaveLength(2);

    // The database holds the cap too: a rewarded third in the same month is refused.
    const capped = await referralOf(referees[3]!.id);
    await expect(
      t.database.query(
        "UPDATE referrals SET status = 'rewarded', decided_at = $2, referrer_gems = 1, referee_gems = 1, sale_id = (SELECT sale_id FROM referrals WHERE referee_id = $3) WHERE id = $1",
        [capped!.id, clock.now().toISOString(), referees[0]!.id],
      ),
    ).rejects.toThrow(/monthly cap/);

    clock.set(new Date('2026-08-01T09:00:00Z'));
    try {
      await pay(await sell(referees[3]!));
      expect(await referralOf(referees[3]!.id)).toMatchObject({ status: 'rewarded' });
    } finally {
      clock.set(new Date('2026-07-10T09:00:00Z'));
    }
  });
});

describe('the back office', () => {
  async function treeOf(customerId: string): Promise<AdminCustomerReferrals> {
    const response = await get(t.app, `/api/admin/customers/${customerId}/referrals`, staff.cookie);
    expect(response.statusCode).toBe(200);
    return adminCustomerReferralsSchema.parse(response.json());
  }

  it('shows who referred a customer and whom they referred, with each status and reason', async () => {
    const { referrer, referee } = await pair();
    await ready(referee);
    const other = await ready(await signUpWith((await summaryOf(referrer)).code));
    await pay(await sell(referee));
    await reject(await sell(other));

    const tree = await treeOf(referrer.id);
    expect(tree.referred_by).toBeNull();
    expect(tree.referees_total).toBe(2);
    const byId = new Map(tree.referees.map((r) => [r.customer.id, r]));
    expect(byId.get(referee.id)).toMatchObject({
      status: 'rewarded',
      refusal_reason: null,
      referrer_gems: 100,
      referee_gems: 50,
      first_sale: { status: 'paid', paid_at: expect.any(String) },
    });
    expect(byId.get(other.id)).toMatchObject({
      status: 'refused',
      refusal_reason: 'first_sale_rejected',
      first_sale: { status: 'rejected', paid_at: null },
    });

    const up = await treeOf(referee.id);
    expect(up.referred_by).toMatchObject({ customer: { id: referrer.id, username: referrer.username }, status: 'rewarded' });
    expect(up.referees).toEqual([]);
  });

  it('is for staff only, and a customer that does not exist is a 404', async () => {
    const customer = await createCustomer(t);
    expect([401, 403]).toContain((await get(t.app, `/api/admin/customers/${customer.id}/referrals`, customer.cookie)).statusCode);
    expect((await get(t.app, '/api/admin/customers/00000000-0000-4000-8000-000000000000/referrals', staff.cookie)).statusCode).toBe(404);
  });
});
