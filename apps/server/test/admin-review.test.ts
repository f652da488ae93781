import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { saleRejectionReasons, transactionDetailResponseSchema, type SaleDetail } from '@wise/shared';
import {
  adminSaleDetailResponseSchema,
  adminSaleListQuerySchema,
  adminSaleListResponseSchema,
  SALE_CLAIM_MINUTES,
  type AdminSaleListQuery,
} from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSale, claimSale, rejectSale, releaseSale, type ApproveDeps } from '../src/domain/admin/review/decisions';
import { getSaleForReview, readSaleImageForStaff } from '../src/domain/admin/review/detail';
import { listSaleQueue } from '../src/domain/admin/review/queue';
import { DomainError } from '../src/domain/errors';
import { SEND_EMAIL_JOB } from '../src/domain/notifications/email';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { createFileStore } from '../src/providers/file-store/index';
import { loadConfig } from '../src/config';
import { createTestApp, get, type TestApp } from './support/app';
import { cardPhoto } from './support/sales';
import { postCryptoSale, quoteFor } from './support/crypto-sales';
import { insertStaff, queuePayoutStub } from './support/review';
import { byCode, createStaff, type TestStaff } from './support/staff';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * The review queue and the decisions on a sale (docs/decisions.md §8) through the domain functions,
 * on a real database with a clock moved by hand: queue order and filters, what the detail shows,
 * claims and their expiry, approval (amount, note, confirmation, payout started, audited) and
 * rejection (reason, message, notification, e-mail, audited) as the customer then sees them.
 */

const MINUTE = 60_000;
const clock = new ManualClock('2026-07-01T08:00:00Z');
let t: TestApp;
let dir: string;
let seller: TestUser;
let other: TestUser;
let ada: StaffPrincipal;
let bola: StaffPrincipal;

const CODE = '123456';
let approveDeps: ApproveDeps;

const queue = (query: Partial<Record<keyof AdminSaleListQuery, string>> = {}) =>
  listSaleQueue(t.database.db, clock, adminSaleListQuerySchema.parse(query));

async function expectDomainError(promise: Promise<unknown>, status: number, code?: string): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  const domain = error as DomainError;
  expect(domain.status).toBe(status);
  if (code) expect(domain.code).toBe(code);
  return domain;
}

async function sell(user: TestUser, amount = '50', seed = 0): Promise<SaleDetail> {
  clock.advance(MINUTE);
  return sellGiftCard(t, user, { amount, seed, comment: `sale ${amount}` });
}

async function customerDetail(user: TestUser, saleId: string): Promise<SaleDetail> {
  const response = await get(t.app, `/api/transactions/${saleId}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return transactionDetailResponseSchema.parse(response.json()).transaction;
}

const saleRow = async (id: string) =>
  (
    await t.database.query<{
      status: string;
      claimed_by: string | null;
      decided_by: string | null;
      payout_amount_kobo: string | null;
      approval_note: string | null;
    }>('SELECT status, claimed_by, decided_by, payout_amount_kobo::text, approval_note FROM sales WHERE id = $1', [id])
  )[0];
const auditOf = (id: string) =>
  t.database.query<{ action: string; staff_id: string; note: string | null; after: Record<string, unknown> }>(
    "SELECT action, staff_id, note, after FROM staff_audit_log WHERE target_type = 'sale' AND target_id = $1 ORDER BY id",
    [id],
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-review-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t, { full_name: 'Chika Obi' });
  other = await createCustomer(t, { full_name: 'Musa Bello' });
  await addBankDetails(t, seller, '0123456789');
  await addBankDetails(t, other, '0123456780');
  ada = await insertStaff(t, 'reviewer', 'Ada Lovelace');
  bola = await insertStaff(t, 'reviewer', 'Bola Ahmed');
  approveDeps = {
    db: t.database.db,
    clock,
    startPayout: queuePayoutStub,
    confirm: async (_staffId, { confirm_code: code }) => {
      if (code !== CODE) throw new DomainError('CONFIRMATION_INVALID', 'That code is not right', 403);
    },
  };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the queue', () => {
  it('lists pending sales oldest first, filters by kind, card, coin and age, and pages by keyset', async () => {
    const first = await sell(seller, '50', 1);
    const second = await sell(other, '60', 2);
    const third = await sell(seller, '70', 3);
    clock.advance(MINUTE);
    const quote = await quoteFor(t, other, 'usdt', '100');
    const crypto = await postCryptoSale(t, {
      fields: { quote_id: quote.id, network: 'tron' },
      files: [{ data: await cardPhoto('png', 9, 240, 420) }],
      cookie: other.cookie,
    });
    expect(crypto.statusCode, crypto.body).toBe(201);
    const cryptoId = crypto.json<{ sale: { id: string } }>().sale.id;
    clock.advance(10 * MINUTE);

    const all = await queue();
    const ids = all.items.map((item) => item.id);
    expect(ids.slice(0, 4)).toEqual([first.id, second.id, third.id, cryptoId]);
    const head = all.items[0];
    expect(head).toMatchObject({
      kind: 'giftcard',
      status: 'submitted',
      value_kobo: first.value_kobo,
      customer: { id: seller.id, full_name: 'Chika Obi', username: seller.username },
      claimed_by: null,
      payout_status: null,
    });
    expect(head?.age_minutes).toBe(13);

    expect((await queue({ kind: 'crypto' })).items.map((item) => item.id)).toEqual([cryptoId]);
    expect((await queue({ coin: 'usdt' })).items.map((item) => item.id)).toEqual([cryptoId]);
    expect((await queue({ coin: 'btc' })).items).toEqual([]);
    const amazon = (await queue({ kind: 'giftcard' })).items.map((item) => item.id);
    expect(amazon).toEqual([first.id, second.id, third.id]);
    const [{ gift_card_id: cardId } = { gift_card_id: '' }] = await t.database.query<{ gift_card_id: string }>(
      'SELECT gift_card_id FROM sales WHERE id = $1',
      [first.id],
    );
    expect((await queue({ gift_card_id: cardId })).items.map((item) => item.id)).toEqual([first.id, second.id, third.id]);
    // At least 12 minutes old: the first two (13 and 12 minutes), not the third (11) or the coin (10).
    expect((await queue({ older_than_minutes: '12' })).items.map((item) => item.id)).toEqual([first.id, second.id]);

    const page1 = await queue({ limit: '2' });
    expect(page1.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await queue({ limit: '2', cursor: page1.next_cursor ?? '' });
    expect(page2.items.map((item) => item.id)).toEqual([third.id, cryptoId]);
    expect(page2.next_cursor).toBeNull();

    // Decided ones leave the pending view for their own, newest decision first.
    await rejectSale({ db: t.database.db, clock }, ada, first.id, { reason: 'used_card' });
    clock.advance(MINUTE);
    await rejectSale({ db: t.database.db, clock }, ada, second.id, { reason: 'unclear_images' });
    expect((await queue()).items.map((item) => item.id)).toEqual([third.id, cryptoId]);
    const rejected = await queue({ status: 'rejected' });
    expect(rejected.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(rejected.items[0]?.age_minutes).toBeNull();
    expect(
      (
        await queue({ status: 'rejected', limit: '1', cursor: (await queue({ status: 'rejected', limit: '1' })).next_cursor ?? '' })
      ).items.map((i) => i.id),
    ).toEqual([first.id]);

    await approveSale(approveDeps, ada, third.id, { confirmation: byCode(CODE) });
    const approved = await queue({ status: 'approved' });
    expect(approved.items.map((item) => item.id)).toEqual([third.id]);
    expect(approved.items[0]).toMatchObject({ status: 'approved', payout_status: 'queued' });
    expect((await queue({ status: 'payout_failed' })).items).toEqual([]);
    // The payout's attempt fails: the sale moves to the payout_failed view.
    await t.database.query("UPDATE payouts SET status = 'sending' WHERE sale_id = $1", [third.id]);
    await t.database.query("UPDATE payouts SET status = 'failed', failure_reason = 'Account closed', settled_at = $2 WHERE sale_id = $1", [
      third.id,
      clock.now().toISOString(),
    ]);
    expect((await queue({ status: 'payout_failed' })).items.map((item) => item.id)).toEqual([third.id]);
    expect((await queue({ status: 'approved' })).items).toEqual([]);
  });

  it('refuses a malformed cursor', async () => {
    await expectDomainError(queue({ cursor: 'bm90LWEtY3Vyc29y' }), 400);
  });
});

describe('a sale for review', () => {
  it('shows the customer, images, terms, rates, card code, bank, history and earlier sales', async () => {
    const earlier = await sell(seller, '40', 4);
    await rejectSale({ db: t.database.db, clock }, bola, earlier.id, { reason: 'invalid_code', message: 'Scratch the code fully' });
    clock.advance(MINUTE);
    const sale = await sellGiftCard(t, seller, { amount: '55', seed: 5, comment: 'please be quick' });
    await t.database.query('UPDATE users SET locked_at = NULL WHERE id = $1', [seller.id]);
    clock.advance(3 * MINUTE);

    const detail = await getSaleForReview({ db: t.database.db, clock }, sale.id);
    expect(detail).toMatchObject({
      id: sale.id,
      kind: 'giftcard',
      status: 'submitted',
      age_minutes: 3,
      customer: {
        id: seller.id,
        full_name: 'Chika Obi',
        username: seller.username,
        email: seller.email,
        phone: seller.phone,
        locked: false,
      },
      currency: sale.currency,
      currency_amount: sale.currency_amount,
      exchange_rate: sale.exchange_rate,
      value_kobo: sale.value_kobo,
      comment: 'please be quick',
      bank: { bank_code: '058', account_number: '0123456789' },
      claim: null,
      decision: null,
      payouts: [],
      coin: null,
      quote: null,
    });
    expect(detail.card?.slug).toBe('amazon');
    expect(detail.subcategory?.label).toBe(sale.subcategory);
    expect(detail.current_rate).toMatchObject({ exchange_rate: sale.exchange_rate, stale: false });
    expect(detail.images).toEqual([{ position: 0, url: `/api/admin/sales/${sale.id}/images/0` }]);
    expect(detail.history).toEqual([{ status: 'submitted', at: expect.any(String), actor: null }]);
    const previous = detail.earlier_sales.find((s) => s.id === earlier.id);
    expect(previous).toMatchObject({ status: 'rejected', rejection_reason: saleRejectionReasons.invalid_code });
    expect(detail.earlier_sales.some((s) => s.id === sale.id)).toBe(false);
    // Only sales submitted before the one under review.
    expect((await getSaleForReview({ db: t.database.db, clock }, earlier.id)).earlier_sales.some((s) => s.id === sale.id)).toBe(false);

    const store = createFileStore(loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', UPLOAD_DIR: dir }));
    const image = await readSaleImageForStaff(t.database.db, store, sale.id, 0);
    expect(image.contentType).toBe('image/webp');
    expect(image.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    await expectDomainError(readSaleImageForStaff(t.database.db, store, sale.id, 1), 404);

    // A rate change shows as today's rate beside the one the sale used.
    const [sub] = await t.database.query<{ id: string }>('SELECT subcategory_id AS id FROM sales WHERE id = $1', [sale.id]);
    await t.database.query('UPDATE gift_card_subcategories SET exchange_rate = exchange_rate + 10, rate_updated_at = $2 WHERE id = $1', [
      sub?.id,
      clock.now().toISOString(),
    ]);
    const after = await getSaleForReview({ db: t.database.db, clock }, sale.id);
    expect(Number(after.current_rate?.exchange_rate)).toBe(Number(sale.exchange_rate) + 10);
    expect(after.exchange_rate).toBe(sale.exchange_rate);
    await t.database.query('UPDATE gift_card_subcategories SET exchange_rate = exchange_rate - 10 WHERE id = $1', [sub?.id]);

    await expectDomainError(getSaleForReview({ db: t.database.db, clock }, '00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('claims', () => {
  it('lock a sale to one reviewer until they release it or it runs out', async () => {
    const sale = await sell(seller, '45', 6);
    const deps = { db: t.database.db, clock };
    const claim = await claimSale(deps, ada, sale.id);
    expect(claim.staff).toEqual({ id: ada.id, name: 'Ada Lovelace' });
    expect(new Date(claim.until).getTime() - clock.now().getTime()).toBe(SALE_CLAIM_MINUTES * MINUTE);
    expect(await saleRow(sale.id)).toMatchObject({ status: 'under_review', claimed_by: ada.id });
    expect((await queue()).items.find((item) => item.id === sale.id)?.claimed_by).toEqual({ id: ada.id, name: 'Ada Lovelace' });

    // Another reviewer is told who holds it, and cannot decide or release it meanwhile.
    const taken = await expectDomainError(claimSale(deps, bola, sale.id), 409, 'SALE_CLAIMED');
    expect(taken.message).toContain('Ada Lovelace');
    await expectDomainError(rejectSale(deps, bola, sale.id, { reason: 'used_card' }), 409, 'SALE_CLAIMED');
    await expectDomainError(approveSale(approveDeps, bola, sale.id, { confirmation: byCode(CODE) }), 409, 'SALE_CLAIMED');
    await expectDomainError(releaseSale(deps, bola, sale.id), 409, 'SALE_CLAIMED');
    // The holder may claim again (the clock restarts).
    clock.advance(5 * MINUTE);
    const renewed = await claimSale(deps, ada, sale.id);
    expect(new Date(renewed.until).getTime()).toBe(clock.now().getTime() + SALE_CLAIM_MINUTES * MINUTE);

    // Once it runs out, another may take it.
    clock.advance(SALE_CLAIM_MINUTES * MINUTE - 1000);
    await expectDomainError(claimSale(deps, bola, sale.id), 409, 'SALE_CLAIMED');
    clock.advance(1000);
    expect((await queue()).items.find((item) => item.id === sale.id)?.claimed_by).toBeNull();
    expect((await claimSale(deps, bola, sale.id)).staff.id).toBe(bola.id);
    await expectDomainError(releaseSale(deps, ada, sale.id), 409, 'SALE_CLAIMED');
    await releaseSale(deps, bola, sale.id);
    expect(await saleRow(sale.id)).toMatchObject({ status: 'under_review', claimed_by: null });
    expect((await auditOf(sale.id)).map((line) => line.action)).toEqual(['sale.claim', 'sale.claim', 'sale.claim', 'sale.release']);

    // A decided sale cannot be claimed or released.
    await rejectSale(deps, ada, sale.id, { reason: 'partially_used' });
    await expectDomainError(claimSale(deps, ada, sale.id), 409, 'SALE_ALREADY_DECIDED');
    await expectDomainError(releaseSale(deps, ada, sale.id), 409, 'SALE_ALREADY_DECIDED');
  });
});

describe('approval', () => {
  it('approves at the quoted value by default, starts the payout and audits it, in one go', async () => {
    const sale = await sell(seller, '50', 7);
    await claimSale({ db: t.database.db, clock }, ada, sale.id);
    clock.advance(MINUTE);
    await approveSale(approveDeps, ada, sale.id, { confirmation: byCode(CODE) });
    expect(await saleRow(sale.id)).toMatchObject({
      status: 'approved',
      claimed_by: null,
      decided_by: ada.id,
      payout_amount_kobo: String(sale.value_kobo),
      approval_note: null,
    });
    const payouts = await t.database.query<{ attempt: number; status: string; amount_kobo: string; created_by: string }>(
      'SELECT attempt, status, amount_kobo::text, created_by FROM payouts WHERE sale_id = $1',
      [sale.id],
    );
    expect(payouts).toEqual([{ attempt: 1, status: 'queued', amount_kobo: String(sale.value_kobo), created_by: ada.id }]);
    const audit = await auditOf(sale.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'sale.approve',
      staff_id: ada.id,
      after: { status: 'approved', payout_amount_kobo: sale.value_kobo },
    });

    const detail = await getSaleForReview({ db: t.database.db, clock }, sale.id);
    expect(detail.decision).toMatchObject({
      decided_by: { id: ada.id, name: 'Ada Lovelace' },
      payout_amount_kobo: sale.value_kobo,
      rejection_code: null,
    });
    expect(detail.payouts).toHaveLength(1);
    expect(detail.history.map((entry) => entry.status)).toEqual(['submitted', 'under_review', 'approved']);
    expect(detail.history.at(-1)?.actor).toEqual({ id: ada.id, name: 'Ada Lovelace' });

    // Still pending for the customer until the payout lands.
    expect((await customerDetail(seller, sale.id)).status).toBe('pending');
    // Decided: a second decision of either kind is refused and nothing changes.
    await expectDomainError(approveSale(approveDeps, bola, sale.id, { confirmation: byCode(CODE) }), 409, 'SALE_ALREADY_DECIDED');
    await expectDomainError(rejectSale({ db: t.database.db, clock }, bola, sale.id, { reason: 'used_card' }), 409, 'SALE_ALREADY_DECIDED');
    expect(await saleRow(sale.id)).toMatchObject({ status: 'approved', decided_by: ada.id });
  });

  it('takes an unclaimed sale on the way; a lower amount needs a reason (a note alone reads as "other"); a wrong code changes nothing', async () => {
    const sale = await sell(seller, '80', 8);
    const lower = sale.value_kobo - 500_00;
    const noNote = await expectDomainError(
      approveSale(approveDeps, ada, sale.id, { payoutAmountKobo: lower, confirmation: byCode(CODE) }),
      400,
      'VALIDATION',
    );
    expect(noNote.extra.fields).toHaveProperty('reason');
    await expectDomainError(approveSale(approveDeps, ada, sale.id, { confirmation: byCode('000000') }), 403, 'CONFIRMATION_INVALID');
    expect(await saleRow(sale.id)).toMatchObject({ status: 'submitted', decided_by: null });
    expect(await t.database.query('SELECT 1 FROM payouts WHERE sale_id = $1', [sale.id])).toEqual([]);

    await approveSale(approveDeps, ada, sale.id, {
      payoutAmountKobo: lower,
      note: 'Card balance was $75, not $80',
      confirmation: byCode(CODE),
    });
    expect(await saleRow(sale.id)).toMatchObject({
      status: 'approved',
      payout_amount_kobo: String(lower),
      approval_note: 'Card balance was $75, not $80',
    });
    const [{ approval_reason_code } = { approval_reason_code: null }] = await t.database.query<{ approval_reason_code: string | null }>(
      'SELECT approval_reason_code FROM sales WHERE id = $1',
      [sale.id],
    );
    expect(approval_reason_code).toBe('other');
    const [payout] = await t.database.query<{ amount_kobo: string }>('SELECT amount_kobo::text FROM payouts WHERE sale_id = $1', [sale.id]);
    expect(payout?.amount_kobo).toBe(String(lower));
    expect((await auditOf(sale.id)).at(-1)).toMatchObject({ action: 'sale.approve', note: 'Card balance was $75, not $80' });
  });

  it('rolls the decision back when the payout cannot start', async () => {
    const sale = await sell(seller, '30', 9);
    const failing: ApproveDeps = {
      ...approveDeps,
      startPayout: async () => {
        throw new Error('payout provider down');
      },
    };
    await expect(approveSale(failing, ada, sale.id, { confirmation: byCode(CODE) })).rejects.toThrow('payout provider down');
    expect(await saleRow(sale.id)).toMatchObject({ status: 'submitted', decided_by: null });
    expect(await auditOf(sale.id)).toEqual([]);
  });
});

describe('rejection', () => {
  it('records the reason and message, tells the customer in the app and by e-mail, and audits it', async () => {
    const sale = await sell(seller, '65', 10);
    await claimSale({ db: t.database.db, clock }, bola, sale.id);
    const jobsBefore = await t.database.query<{ id: number }>('SELECT id FROM jobs WHERE name = $1', [SEND_EMAIL_JOB]);
    await rejectSale({ db: t.database.db, clock, appUrl: 'https://wise.example' }, bola, sale.id, {
      reason: 'used_card',
      message: 'The card was redeemed on 30 June.',
    });
    const row = (
      await t.database.query<{
        status: string;
        rejection_code: string;
        rejection_reason: string;
        rejection_message: string;
        claimed_by: string | null;
      }>('SELECT status, rejection_code, rejection_reason, rejection_message, claimed_by FROM sales WHERE id = $1', [sale.id])
    )[0];
    expect(row).toEqual({
      status: 'rejected',
      rejection_code: 'used_card',
      rejection_reason: saleRejectionReasons.used_card,
      rejection_message: 'The card was redeemed on 30 June.',
      claimed_by: null,
    });

    // The customer's transaction detail carries the reason and the message.
    const detail = await customerDetail(seller, sale.id);
    expect(detail.status).toBe('rejected');
    expect(detail.rejection_reason).toBe(saleRejectionReasons.used_card);
    expect(detail.rejection_message).toBe('The card was redeemed on 30 June.');
    expect(detail.timeline.map((entry) => entry.status)).toEqual(['submitted', 'under_review', 'rejected']);

    const notifications = await get(t.app, '/api/notifications', seller.cookie);
    const newest = notifications.json<{ notifications: { message: string }[] }>().notifications[0];
    expect(newest?.message).toContain('was rejected. Reason: The card has already been used.');
    expect(newest?.message).toContain('The card was redeemed on 30 June.');

    const jobs = await t.database.query<{ id: number; payload: { to: string; subject: string; text: string } }>(
      'SELECT id, payload FROM jobs WHERE name = $1 ORDER BY id',
      [SEND_EMAIL_JOB],
    );
    expect(jobs.length).toBe(jobsBefore.length + 1);
    const email = jobs.at(-1)?.payload;
    expect(email?.to).toBe(seller.email);
    expect(email?.subject).toContain('was rejected');
    expect(email?.text).toContain(saleRejectionReasons.used_card);
    expect(email?.text).toContain('The card was redeemed on 30 June.');
    expect(email?.text).toContain(`https://wise.example/homepage/history/${sale.id}`);

    expect((await auditOf(sale.id)).at(-1)).toMatchObject({
      action: 'sale.reject',
      staff_id: bola.id,
      after: { status: 'rejected', rejection_code: 'used_card' },
    });
  });

  it("takes 'other' with the reviewer's words, required", async () => {
    const sale = await sell(other, '35', 11);
    await expectDomainError(rejectSale({ db: t.database.db, clock }, ada, sale.id, { reason: 'other' }), 400, 'VALIDATION');
    await rejectSale({ db: t.database.db, clock }, ada, sale.id, {
      reason: 'other',
      otherReason: 'The card is from a region we do not buy',
    });
    const detail = await customerDetail(other, sale.id);
    expect(detail.rejection_reason).toBe('The card is from a region we do not buy');
    expect(detail.rejection_message ?? null).toBeNull();
    // The database keeps a decision as it was taken.
    await expect(t.database.query("UPDATE sales SET rejection_reason = 'changed' WHERE id = $1", [sale.id])).rejects.toThrow();
  });
});

describe('over HTTP (/api/admin/sales)', () => {
  let reviewer: TestStaff;
  let second: TestStaff;

  beforeAll(async () => {
    reviewer = await createStaff(t, { role: 'reviewer', name: 'Kemi Reviewer' });
    second = await createStaff(t, { role: 'reviewer', name: 'Tayo Reviewer' });
  });

  const send = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('answers staff only: no session or a customer session is 401', async () => {
    expect((await send('GET', '/api/admin/sales', undefined)).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/sales', seller.cookie)).statusCode).toBe(401);
    const response = await send('GET', '/api/admin/sales?kind=giftcard&limit=5', reviewer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(adminSaleListResponseSchema.parse(response.json()).items.length).toBeGreaterThan(0);
    expect((await send('GET', '/api/admin/sales?status=nope', reviewer.cookie)).statusCode).toBe(400);
  });

  it('shows a sale and its images to staff, claims it, and approves it with the code', async () => {
    const sale = await sell(seller, '90', 12);
    const shown = await send('GET', `/api/admin/sales/${sale.id}`, reviewer.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    const detail = adminSaleDetailResponseSchema.parse(shown.json()).sale;
    expect(detail.customer.email).toBe(seller.email);
    const image = await send('GET', detail.images[0]?.url ?? '', reviewer.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect((await send('GET', `/api/admin/sales/${sale.id}/images/7`, reviewer.cookie)).statusCode).toBe(404);
    expect((await send('GET', detail.images[0]?.url ?? '', seller.cookie)).statusCode).toBe(401);

    const claim = await send('POST', `/api/admin/sales/${sale.id}/claim`, reviewer.cookie);
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json<{ claim: { staff: { name: string } } }>().claim.staff.name).toBe('Kemi Reviewer');
    const taken = await send('POST', `/api/admin/sales/${sale.id}/claim`, second.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ code: string; error: string }>()).toMatchObject({
      code: 'SALE_CLAIMED',
      error: expect.stringContaining('Kemi Reviewer'),
    });

    const lower = sale.value_kobo - 100_00;
    const noNote = await send('POST', `/api/admin/sales/${sale.id}/approve`, reviewer.cookie, {
      payout_amount_kobo: lower,
      confirm_code: reviewer.code(),
    });
    expect(noNote.statusCode, noNote.body).toBe(400);
    const wrongCode = reviewer.code() === '000000' ? '111111' : '000000';
    const refused = await send('POST', `/api/admin/sales/${sale.id}/approve`, reviewer.cookie, { confirm_code: wrongCode });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('CONFIRMATION_INVALID');
    expect((await send('POST', `/api/admin/sales/${sale.id}/approve`, reviewer.cookie, {})).statusCode).toBe(400);
    expect(await saleRow(sale.id)).toMatchObject({ status: 'under_review', decided_by: null });

    const approved = await send('POST', `/api/admin/sales/${sale.id}/approve`, reviewer.cookie, { confirm_code: reviewer.code() });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = adminSaleDetailResponseSchema.parse(approved.json()).sale;
    expect(after).toMatchObject({
      status: 'approved',
      payout_status: 'queued',
      decision: { payout_amount_kobo: sale.value_kobo, decided_by: { id: reviewer.id } },
    });
    expect(after.payouts).toHaveLength(1);
    const sendJobs = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE name = 'payouts.send' AND payload->>'payoutId' = $1",
      [after.payouts[0]?.id],
    );
    expect(sendJobs[0]?.n).toBe(1);

    const again = await send('POST', `/api/admin/sales/${sale.id}/approve`, second.cookie, { confirm_code: second.code() });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('SALE_ALREADY_DECIDED');
    expect((await send('POST', `/api/admin/sales/${sale.id}/reject`, second.cookie, { reason: 'used_card' })).statusCode).toBe(409);
  });

  it('rejects with a reason the customer then reads in the transaction detail', async () => {
    const sale = await sell(other, '42', 13);
    const missing = await send('POST', `/api/admin/sales/${sale.id}/reject`, reviewer.cookie, { reason: 'other' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toHaveProperty('other_reason');
    expect((await send('POST', `/api/admin/sales/${sale.id}/reject`, reviewer.cookie, { reason: 'stolen' })).statusCode).toBe(400);
    const rejected = await send('POST', `/api/admin/sales/${sale.id}/reject`, reviewer.cookie, {
      reason: 'wrong_card_type',
      message: 'This is an iTunes card.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(adminSaleDetailResponseSchema.parse(rejected.json()).sale.decision).toMatchObject({
      rejection_code: 'wrong_card_type',
      rejection_reason: saleRejectionReasons.wrong_card_type,
      rejection_message: 'This is an iTunes card.',
    });
    const seen = await customerDetail(other, sale.id);
    expect(seen).toMatchObject({
      status: 'rejected',
      rejection_reason: saleRejectionReasons.wrong_card_type,
      rejection_message: 'This is an iTunes card.',
    });
  });

  it('releases a claim', async () => {
    const sale = await sell(other, '41', 14);
    expect((await send('POST', `/api/admin/sales/${sale.id}/claim`, second.cookie)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/sales/${sale.id}/release`, reviewer.cookie)).statusCode).toBe(409);
    const released = await send('POST', `/api/admin/sales/${sale.id}/release`, second.cookie);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ claim: null });
    expect((await send('POST', `/api/admin/sales/${sale.id}/claim`, reviewer.cookie)).statusCode).toBe(200);
  });
  it('retries a failed payout with the code, and lets only an admin record a manual payment', async () => {
    const admin = await createStaff(t, { role: 'admin', name: 'Ngozi Admin' });
    const sale = await sell(seller, '75', 15);
    const approved = await send('POST', `/api/admin/sales/${sale.id}/approve`, reviewer.cookie, { confirm_code: reviewer.code() });
    expect(approved.statusCode, approved.body).toBe(200);
    const failLatest = () =>
      t.database.query(
        "UPDATE payouts SET status = 'failed', failure_reason = 'Account not found', settled_at = $2 WHERE sale_id = $1 AND status = 'queued'",
        [sale.id, clock.now().toISOString()],
      );
    // Nothing to retry while the first attempt is still open.
    expect(
      (await send('POST', `/api/admin/sales/${sale.id}/payout/retry`, reviewer.cookie, { confirm_code: reviewer.code() })).statusCode,
    ).toBe(409);
    await failLatest();
    expect(
      (await send('GET', '/api/admin/sales?status=payout_failed', reviewer.cookie))
        .json<{ items: { id: string }[] }>()
        .items.map((i) => i.id),
    ).toContain(sale.id);

    const wrongCode = reviewer.code() === '000000' ? '111111' : '000000';
    expect((await send('POST', `/api/admin/sales/${sale.id}/payout/retry`, reviewer.cookie, { confirm_code: wrongCode })).statusCode).toBe(
      403,
    );
    const retried = await send('POST', `/api/admin/sales/${sale.id}/payout/retry`, reviewer.cookie, { confirm_code: reviewer.code() });
    expect(retried.statusCode, retried.body).toBe(200);
    const afterRetry = adminSaleDetailResponseSchema.parse(retried.json()).sale;
    expect(afterRetry.payouts.map((p) => [p.attempt, p.status])).toEqual([
      [1, 'failed'],
      [2, 'queued'],
    ]);

    await failLatest();
    const manualBody = {
      reference: 'GTB-MANUAL-0042',
      note: 'Paid from the ops account after two failed transfers',
      confirm_code: reviewer.code(),
    };
    const notAdmin = await send('POST', `/api/admin/sales/${sale.id}/payout/manual`, reviewer.cookie, manualBody);
    expect(notAdmin.statusCode).toBe(403);
    expect(
      (
        await send('POST', `/api/admin/sales/${sale.id}/payout/manual`, admin.cookie, {
          ...manualBody,
          note: '',
          confirm_code: admin.code(),
        })
      ).statusCode,
    ).toBe(400);
    const manual = await send('POST', `/api/admin/sales/${sale.id}/payout/manual`, admin.cookie, {
      ...manualBody,
      confirm_code: admin.code(),
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const paid = adminSaleDetailResponseSchema.parse(manual.json()).sale;
    expect(paid).toMatchObject({ status: 'paid', decision: { payout_reference: 'GTB-MANUAL-0042' } });
    expect(paid.payouts.at(-1)).toMatchObject({ attempt: 3, method: 'manual', status: 'success' });
    expect((await customerDetail(seller, sale.id)).status).toBe('successful');
    expect(
      (await send('POST', `/api/admin/sales/${sale.id}/payout/retry`, reviewer.cookie, { confirm_code: reviewer.code() })).statusCode,
    ).toBe(409);
  });
});
