import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { limitErrorCodes, payoutLimitsSchema, type PayoutLimits, type SaleDetail } from '@wise/shared';
import { adminCustomerLimitsSchema } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSale, type ApproveDeps } from '../src/domain/admin/review/decisions';
import { DomainError } from '../src/domain/errors';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { insertStaff, queuePayoutStub } from './support/review';
import { addBankDetails, cardDetail, cardPhoto, postSale, saleFields, sellGiftCard } from './support/sales';
import { byCode, createStaff, staffCode, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';
import { setKycTier } from './support/tiers';

/**
 * Verification tiers' payout limits (docs/features.md, "Verification tiers and limits"): per tier, counted
 * in the business day (Africa/Lagos), pending sales counted at submission, re-checked at approval,
 * raised per customer by an admin, and held under 20 submissions at once. PostgreSQL.
 */

const NAIRA = 100;
const CODE = '123456';
// 08:00 in Lagos.
const clock = new ManualClock('2026-07-01T07:00:00Z');
let t: TestApp;
let dir: string;
let reviewers: StaffPrincipal[];
let deps: ApproveDeps;
let seed = 100;

/** A ₦59,000 card (amazon's first sub-category, $50 at ₦1,180). */
const CARD_KOBO = 59_000 * NAIRA;

async function customer(tier = 0): Promise<TestUser> {
  const user = await createCustomer(t);
  await addBankDetails(t, user);
  if (tier) await setKycTier(t.database, user.id, tier);
  return user;
}

const setTier = (user: TestUser, tier: number) => setKycTier(t.database, user.id, tier);

async function trySell(user: TestUser, amount = '50') {
  const detail = await cardDetail(t, user, 'amazon');
  const sub = detail.subcategories[0]!;
  seed += 1;
  return postSale(t, { fields: saleFields(sub, amount), files: [{ data: await cardPhoto('jpeg', seed) }], cookie: user.cookie });
}

async function sell(user: TestUser, amount = '50'): Promise<SaleDetail> {
  seed += 1;
  return sellGiftCard(t, user, { amount, seed });
}

const limitsOf = async (user: TestUser): Promise<PayoutLimits> => {
  const response = await get(t.app, '/api/profile/limits', user.cookie);
  expect(response.statusCode).toBe(200);
  return payoutLimitsSchema.parse(response.json());
};

const approve = (sale: SaleDetail, by = reviewers[0]!) => approveSale(deps, by, sale.id, { confirmation: byCode(CODE) });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(limitErrorCodes.exceeded);
  return error as DomainError;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-limits-'));
  t = await createTestApp({
    clock,
    env: {
      UPLOAD_DIR: dir,
      TIER0_DAILY_PAYOUT_NAIRA: '100000',
      TIER0_TOTAL_PAYOUT_NAIRA: '300000',
      TIER1_DAILY_PAYOUT_NAIRA: '2000000',
      TIER2_DAILY_PAYOUT_NAIRA: '10000000',
    },
  });
  reviewers = [
    await insertStaff(t, 'admin', 'Ada Admin'),
    await insertStaff(t, 'admin', 'Bola Admin'),
    await insertStaff(t, 'admin', 'Chidi Admin'),
  ];
  deps = {
    db: t.database.db,
    clock,
    startPayout: queuePayoutStub,
    limits: { singleKobo: 1_000_000_000 * NAIRA, dailyKobo: 1_000_000_000 * NAIRA, timeZone: 'Africa/Lagos' },
    confirm: async (_staffId, { confirm_code: code }) => {
      if (code !== CODE) throw new DomainError('CONFIRMATION_INVALID', 'That code is not right', 403);
    },
  };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the customer reads their tier and limits', () => {
  it('per tier: ₦100,000 a day and ₦300,000 in total at tier 0, ₦2,000,000 at tier 1, ₦10,000,000 at tier 2', async () => {
    const user = await customer();
    expect(await limitsOf(user)).toEqual({
      tier: 0,
      daily_limit_kobo: 100_000 * NAIRA,
      used_today_kobo: 0,
      pending_kobo: 0,
      remaining_today_kobo: 100_000 * NAIRA,
      total_limit_kobo: 300_000 * NAIRA,
      used_total_kobo: 0,
    });
    await setTier(user, 1);
    expect(await limitsOf(user)).toMatchObject({
      tier: 1,
      daily_limit_kobo: 2_000_000 * NAIRA,
      total_limit_kobo: null,
      used_total_kobo: null,
    });
    await setTier(user, 2);
    expect(await limitsOf(user)).toMatchObject({ tier: 2, daily_limit_kobo: 10_000_000 * NAIRA, remaining_today_kobo: 10_000_000 * NAIRA });
  });

  it('is private: no session, no figures', async () => {
    expect((await get(t.app, '/api/profile/limits')).statusCode).toBe(401);
  });
});

describe('submitting a sale', () => {
  it('counts sales waiting for review, and refuses the one that would pass the limit with the limit, what is left and the way up', async () => {
    const user = await customer();
    await sell(user);
    expect(await limitsOf(user)).toMatchObject({ pending_kobo: CARD_KOBO, used_today_kobo: 0, remaining_today_kobo: 41_000 * NAIRA });
    const refused = await trySell(user);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ error: string; code: string; meta: Record<string, unknown> }>();
    expect(body.code).toBe(limitErrorCodes.exceeded);
    expect(body.error).toBe(
      'Your daily selling limit is ₦100,000.00, and you have ₦41,000.00 left today. Verify your identity to raise it.',
    );
    expect(body.meta).toEqual({ limit: 'daily', limit_kobo: 100_000 * NAIRA, remaining_kobo: 41_000 * NAIRA, tier: 0 });
    // A smaller card still fits: several cards a day work within the limit.
    expect((await trySell(user, '25')).statusCode).toBe(201);
    const count = await t.database.query<{ n: string }>('SELECT count(*)::text AS n FROM sales WHERE user_id = $1', [user.id]);
    expect(count[0]?.n).toBe('2');
  });

  it('crypto sales count in naira too: a quote worth more than what is left is refused', async () => {
    const user = await customer();
    await sell(user);
    await refreshPrices(t);
    // 40 USDT at about ₦1,600 is about ₦64,000: more than the ₦41,000 left.
    const quote = await quoteFor(t, user, 'usdt', '40');
    const response = await postCryptoSale(t, {
      cookie: user.cookie,
      fields: { quote_id: quote.id, network: 'tron' },
      files: [{ data: await cardPhoto('png', 7), filename: 'transfer.png', contentType: 'image/png' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ code: string }>().code).toBe(limitErrorCodes.exceeded);
  });

  it('at tier 0 the total before verification is held across days, and the message says so', async () => {
    const user = await customer();
    // ₦59,000 a day for five days: ₦295,000 in total.
    for (let day = 0; day < 5; day += 1) {
      await approve(await sell(user));
      clock.advance(24 * 60 * 60_000);
    }
    const refused = await trySell(user, '25');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(
      'Before verification you can sell up to ₦300,000.00 in total, and you have ₦5,000.00 left. Verify your identity to raise it.',
    );
    // Verified (tier 1): the total no longer applies.
    await setTier(user, 1);
    expect((await trySell(user, '25')).statusCode).toBe(201);
  });

  it('at tier 2 the way up is support', async () => {
    const user = await customer(2);
    await t.database.query('UPDATE payout_limit_settings SET tier2_daily_kobo = $1', [CARD_KOBO + NAIRA]);
    try {
      await sell(user);
      const refused = await trySell(user);
      expect(refused.json<{ error: string }>().error).toBe(
        'Your daily selling limit is ₦59,001.00, and you have ₦1.00 left today. Contact support to raise it.',
      );
    } finally {
      await t.database.query('UPDATE payout_limit_settings SET tier2_daily_kobo = $1', [10_000_000 * NAIRA]);
    }
  });

  it('20 submissions at once never pass the limit together', async () => {
    const user = await customer();
    const responses = await Promise.all(Array.from({ length: 20 }, () => trySell(user, '25')));
    const codes = responses.map((r) => r.statusCode);
    // $25 at ₦1,180 = ₦29,500: three fit in ₦100,000, the fourth does not.
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    const [row] = await t.database.query<{ total: string }>(
      'SELECT coalesce(sum(value_kobo), 0)::text AS total FROM sales WHERE user_id = $1',
      [user.id],
    );
    expect(Number(row?.total)).toBeLessThanOrEqual(100_000 * NAIRA);
  });
});

describe('the business day (Africa/Lagos)', () => {
  it('what was approved at 23:30 in Lagos counts for that day; at 00:30 the next day the limit is whole again', async () => {
    clock.set(new Date('2026-08-10T22:30:00Z')); // 23:30 in Lagos
    const user = await customer();
    await approve(await sell(user));
    expect(await limitsOf(user)).toMatchObject({ used_today_kobo: CARD_KOBO, remaining_today_kobo: 41_000 * NAIRA });
    expect((await trySell(user)).statusCode).toBe(409);
    clock.set(new Date('2026-08-10T23:30:00Z')); // 00:30 the next day in Lagos
    expect(await limitsOf(user)).toMatchObject({ used_today_kobo: 0, remaining_today_kobo: 100_000 * NAIRA, used_total_kobo: CARD_KOBO });
    expect((await trySell(user)).statusCode).toBe(201);
  });
});

describe('approval re-checks the limit', () => {
  it('refuses, in staff words, the approval that would pass it (the database would too), and nothing is paid', async () => {
    const user = await customer(1);
    const first = await sell(user);
    const second = await sell(user);
    await setTier(user, 0);
    expect(await approve(first)).toBe('approved');
    const error = await refusal(approve(second));
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      "This approval would take the customer past their daily payout limit (₦100,000.00; ₦41,000.00 left today). An admin can raise it on the customer's page.",
    );
    const rows = await t.database.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [second.id]);
    expect(rows[0]?.status).not.toBe('approved');
    expect(await t.database.query('SELECT id FROM payouts WHERE sale_id = $1', [second.id])).toEqual([]);
  });

  it('three admins approving three sales of one customer at once pay only what fits', async () => {
    const user = await customer(1);
    const sales = [await sell(user), await sell(user), await sell(user)];
    await setTier(user, 0);
    const outcomes = await Promise.allSettled(sales.map((sale, i) => approve(sale, reviewers[i])));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [row] = await t.database.query<{ total: string }>(
      "SELECT coalesce(sum(payout_amount_kobo), 0)::text AS total FROM sales WHERE user_id = $1 AND status IN ('approved', 'paid')",
      [user.id],
    );
    expect(Number(row?.total)).toBe(CARD_KOBO);
  });
});

describe("an admin raises one customer's limit", () => {
  let admin: TestStaff;
  let reviewer: TestStaff;
  beforeAll(async () => {
    admin = await createStaff(t, { role: 'admin', name: 'Dayo Admin' });
    reviewer = await createStaff(t, { role: 'reviewer', name: 'Efe Reviewer' });
  });

  const raise = (by: TestStaff, userId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/customers/${userId}/limits`, headers: { cookie: by.cookie }, payload: body });

  it('with the authenticator code and a note: the customer may sell more, the raise is kept and audited', async () => {
    const user = await customer();
    await sell(user);
    expect((await trySell(user)).statusCode).toBe(409);

    expect((await raise(admin, user.id, { daily_limit_naira: 250_000, note: 'Known trader', confirm_code: '000000' })).statusCode).toBe(
      403,
    );
    expect(
      (await raise(admin, user.id, { daily_limit_naira: 250_000, note: ' ', confirm_code: staffCode(t, admin.secret) })).statusCode,
    ).toBe(400);
    expect(
      (await raise(reviewer, user.id, { daily_limit_naira: 250_000, note: 'Known trader', confirm_code: staffCode(t, reviewer.secret) }))
        .statusCode,
    ).toBe(403);

    clock.advance(60_000);
    const raised = await raise(admin, user.id, {
      daily_limit_naira: 250_000,
      total_limit_naira: 1_000_000,
      note: 'Known trader',
      confirm_code: staffCode(t, admin.secret),
    });
    expect(raised.statusCode).toBe(200);
    const body = adminCustomerLimitsSchema.parse(raised.json());
    expect(body).toMatchObject({
      tier: 0,
      daily_limit_kobo: 250_000 * NAIRA,
      total_limit_kobo: 1_000_000 * NAIRA,
      tier_daily_limit_kobo: 100_000 * NAIRA,
      pending_kobo: CARD_KOBO,
    });
    expect(body.raises).toEqual([
      expect.objectContaining({
        daily_limit_kobo: 250_000 * NAIRA,
        total_limit_kobo: 1_000_000 * NAIRA,
        note: 'Known trader',
        created_by: { id: admin.id, name: 'Dayo Admin' },
      }),
    ]);
    const audit = await t.database.query<{ action: string; note: string }>(
      "SELECT action, note FROM staff_audit_log WHERE target_type = 'customer' AND target_id = $1",
      [user.id],
    );
    expect(audit).toEqual([{ action: 'customer.limit_raise', note: 'Known trader' }]);

    expect((await trySell(user)).statusCode).toBe(201);
    expect(await limitsOf(user)).toMatchObject({ daily_limit_kobo: 250_000 * NAIRA, pending_kobo: 2 * CARD_KOBO });
    // Any staff member reads the figures.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/customers/${user.id}/limits`, headers: { cookie: reviewer.cookie } }))
        .statusCode,
    ).toBe(200);
    // The approval path honours the raise as well (the database's trigger included).
    const [first] = await t.database.query<{ id: string }>('SELECT id FROM sales WHERE user_id = $1 ORDER BY created_at LIMIT 1', [
      user.id,
    ]);
    expect(await approveSale(deps, reviewers[0]!, first!.id, { confirmation: byCode(CODE) })).toBe('approved');
  });

  it('refuses an unknown customer with 404', async () => {
    const response = await raise(admin, '00000000-0000-4000-8000-000000000000', {
      daily_limit_naira: 250_000,
      note: 'x',
      confirm_code: staffCode(t, admin.secret),
    });
    expect(response.statusCode).toBe(404);
  });
});
