import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminDeskSummarySchema,
  adminSaleDetailResponseSchema,
  adminSaleListQuerySchema,
  adminSaleListResponseSchema,
  reviewTimesSchema,
  type AdminSaleListQuery,
} from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSale, rejectSale, type ApproveDeps } from '../src/domain/admin/review/decisions';
import { assignSale, getDeskSummary } from '../src/domain/admin/review/desk';
import { listSaleQueue } from '../src/domain/admin/review/queue';
import { csvCell, exportCsv, localIso } from '../src/domain/admin/exports';
import { DomainError } from '../src/domain/errors';
import { settlePayoutSuccess } from '../src/domain/payouts/settle';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import type { PayoutProvider } from '../src/providers/payouts/index';
import { createTestApp, get, post, type TestApp } from './support/app';
import { payoutTestDeps, reportedCode } from './support/payouts';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { insertStaff, queuePayoutStub } from './support/review';
import { addBankDetails, cardPhoto, sellGiftCard } from './support/sales';
import { byCode, createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * The review desk (domain/admin/review/README.md, "The desk"): the header's totals by kind and
 * today's work in the business day, the search (names, e-mails and phones from their start;
 * ids, codes and references exactly), assignment (audited, "mine", and the database's refusal of
 * a disabled assignee), the CSV exports parsed back as RFC 4180, and the time-to-decision chart.
 */

const MINUTE = 60_000;
// 08:00 in Lagos (UTC+1): the business day started 7 h ago.
const clock = new ManualClock('2026-07-01T07:00:00Z');
let t: TestApp;
let dir: string;
let chika: TestUser;
let musa: TestUser;
let ada: StaffPrincipal;
let admin: TestStaff;
let reviewer: TestStaff;
let approveDeps: ApproveDeps;
const CODE = '123456';

const queue = (query: Partial<Record<keyof AdminSaleListQuery, string>>, viewer?: string) =>
  listSaleQueue(t.database.db, clock, adminSaleListQuerySchema.parse(query), viewer);

/** RFC 4180: fields split on commas outside quotes, "" inside quotes is one quote, CRLF ends a record. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

async function sell(user: TestUser, amount: string, seed: number) {
  clock.advance(MINUTE);
  return sellGiftCard(t, user, { amount, seed });
}

async function sellCrypto(user: TestUser, amount: string, txId?: string) {
  clock.advance(MINUTE);
  await refreshPrices(t);
  const quote = await quoteFor(t, user, 'usdt', amount);
  const fields: Record<string, string> = { quote_id: quote.id, network: 'tron' };
  if (txId) fields.transaction_id = txId;
  const response = await postCryptoSale(t, {
    fields,
    files: [{ data: await cardPhoto('png', Number(amount), 240, 420) }],
    cookie: user.cookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ sale: { id: string; value_kobo: number } }>().sale;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-desk-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir, REVIEW_TARGET_MINUTES: '20' } });
  chika = await createCustomer(t, { full_name: 'Chika Obi' });
  musa = await createCustomer(t, { full_name: 'Musa Bello' });
  await addBankDetails(t, chika, '0123456789');
  await addBankDetails(t, musa, '0123456780');
  ada = await insertStaff(t, 'reviewer', 'Ada Lovelace');
  admin = await createStaff(t, { role: 'admin', name: 'Grace Admin' });
  reviewer = await createStaff(t, { role: 'reviewer', name: 'Rita Reviewer' });
  approveDeps = {
    db: t.database.db,
    clock,
    startPayout: queuePayoutStub,
    confirm: async (_id, { confirm_code: code }) => {
      if (code !== CODE) throw new DomainError('CONFIRMATION_INVALID', 'wrong', 403);
    },
  };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the desk', () => {
  it("totals what waits by kind and today's approvals, rejections and paid naira in the business day", async () => {
    const a = await sell(chika, '50', 1);
    const b = await sell(musa, '60', 2);
    const c = await sell(chika, '70', 3);
    const coin = await sellCrypto(musa, '100');
    const summary = async () => {
      const response = await get(t.app, '/api/admin/sales/desk', reviewer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return adminDeskSummarySchema.parse(response.json());
    };

    const before = await summary();
    expect(before.review_target_minutes).toBe(20);
    expect(before.waiting.giftcard).toEqual({ count: 3, total_kobo: a.value_kobo + b.value_kobo + c.value_kobo });
    expect(before.waiting.crypto).toEqual({ count: 1, total_kobo: coin.value_kobo });
    expect(before.today).toMatchObject({
      date: '2026-07-01',
      time_zone: 'Africa/Lagos',
      approved: 0,
      rejected: 0,
      paid_count: 0,
      paid_total_kobo: 0,
    });

    expect(await approveSale(approveDeps, ada, a.id, { confirmation: byCode(CODE) })).toBe('approved');
    await rejectSale({ db: t.database.db, clock }, ada, b.id, { reason: 'used_card' });
    const [payout] = await t.database.query<{ id: string }>('SELECT id FROM payouts WHERE sale_id = $1', [a.id]);
    clock.advance(5 * MINUTE);
    await settlePayoutSuccess(t.database.db, payoutTestDeps({} as PayoutProvider, clock), payout?.id ?? '', reportedCode('TRF_desk_1'));

    const after = await summary();
    expect(after.waiting.giftcard).toEqual({ count: 1, total_kobo: c.value_kobo });
    expect(after.today).toMatchObject({ approved: 1, rejected: 1, paid_count: 1, paid_total_kobo: a.value_kobo });

    // The next business day starts at 23:00 UTC: today's figures start again from nothing.
    clock.set(new Date('2026-07-01T23:30:00Z'));
    // (Through the domain: the staff session has idled out by then.)
    const nextDay = await getDeskSummary(t.database.db, clock, { timeZone: 'Africa/Lagos', reviewTargetMinutes: 20 }, reviewer.id);
    expect(nextDay.today).toMatchObject({ date: '2026-07-02', approved: 0, rejected: 0, paid_count: 0, paid_total_kobo: 0 });
    clock.set(new Date('2026-07-01T07:10:00Z'));
  });

  it('lists each row with its thumbnail, its assignee and its risk flags', async () => {
    const page = await queue({});
    const card = page.items.find((item) => item.kind === 'giftcard');
    const coin = page.items.find((item) => item.kind === 'crypto');
    expect(card).toMatchObject({ has_image: true, assigned_to: null });
    expect(coin?.kind).toBe('crypto');
    expect(Array.isArray(card?.risk_flags)).toBe(true);
  });
});

describe('search', () => {
  it('finds sales by name, username, e-mail and phone from their start, and by id, code, transaction ID and payout reference exactly', async () => {
    const mine = await sell(chika, '55', 11);
    const coin = await sellCrypto(musa, '42', '0xABCDEF0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789');
    const ids = async (q: string, status = 'pending') => (await queue({ q, status })).items.map((item) => item.id);

    expect(await ids('chika')).toContain(mine.id);
    expect(await ids('CHIKA O')).toContain(mine.id);
    expect(await ids('chika')).not.toContain(coin.id);
    expect(await ids('obi')).not.toContain(mine.id); // from the start, not anywhere
    expect(await ids(chika.email.slice(0, 8))).toContain(mine.id);
    expect(await ids(`@${chika.username.slice(0, 5)}`)).toContain(mine.id);
    const national = `0${chika.phone.slice(4)}`; // +234803… typed as 0803…
    expect(await ids(national.slice(0, 8))).toContain(mine.id);
    expect(await ids(mine.id)).toEqual([mine.id]);
    // The transaction ID as a customer might paste it: no 0x, other case.
    expect(await ids('abcdef0123456789ABCDEF0123456789abcdef0123456789ABCDEF0123456789')).toEqual([coin.id]);
    // Wildcards typed are letters.
    expect(await ids('%%')).toEqual([]);
    expect(await ids('__')).toEqual([]);

    const [row] = await t.database.query<{ reference: string; sale_id: string }>(
      "SELECT p.reference, p.sale_id FROM payouts p JOIN sales s ON s.id = p.sale_id WHERE s.status = 'paid' LIMIT 1",
    );
    expect(row).toBeDefined();
    expect(await ids(row?.reference ?? '', 'paid')).toEqual([row?.sale_id]);
    // The sale's own payout reference (the provider's transfer code) finds it too; part of one does not.
    expect(await ids('TRF_desk_1', 'paid')).toEqual([row?.sale_id]);
    expect(await ids('TRF_desk', 'paid')).toEqual([]);

    // Over HTTP, within the view and with the other filters.
    const response = await get(t.app, `/api/admin/sales?q=${encodeURIComponent('chika')}&kind=crypto`, reviewer.cookie);
    expect(adminSaleListResponseSchema.parse(response.json()).items).toEqual([]);
    expect((await get(t.app, '/api/admin/sales?q=a', reviewer.cookie)).statusCode).toBe(400);
  });

  it('finds a gift card by its code', async () => {
    const [row] = await t.database.query<{ id: string }>(
      "SELECT id FROM sales WHERE card_code_hash IS NOT NULL AND status IN ('submitted', 'under_review') LIMIT 1",
    );
    if (!row) return; // the test card sales carry no code when the catalogue asks none
    // The code is read on request (an admin, audited), not from the detail.
    const shown = await post(t.app, `/api/admin/sales/${row.id}/card-code`, {}, admin.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await queue({ q: shown.json<{ card_code: string }>().card_code })).items.map((item) => item.id)).toContain(row.id);
  });
});

describe('assignment', () => {
  it("an admin assigns a waiting sale (audited); the reviewer's mine lists it; a reviewer may not assign", async () => {
    const sale = await sell(musa, '65', 21);
    const assigned = await post(t.app, `/api/admin/sales/${sale.id}/assign`, { staff_id: reviewer.id }, admin.cookie);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(adminSaleDetailResponseSchema.parse(assigned.json()).sale.assignment).toMatchObject({
      staff: { id: reviewer.id, name: 'Rita Reviewer' },
      by: { id: admin.id },
    });
    const [audit] = await t.database.query<{ staff_id: string; after: { assigned_to: string } }>(
      "SELECT staff_id, after FROM staff_audit_log WHERE action = 'sale.assign' AND target_id = $1",
      [sale.id],
    );
    expect(audit).toMatchObject({ staff_id: admin.id, after: { assigned_to: reviewer.id } });

    const mine = adminSaleListResponseSchema.parse((await get(t.app, '/api/admin/sales?assigned=me', reviewer.cookie)).json()).items;
    expect(mine.map((item) => item.id)).toEqual([sale.id]);
    expect(mine[0]?.assigned_to).toEqual({ id: reviewer.id, name: 'Rita Reviewer' });
    expect(adminSaleListResponseSchema.parse((await get(t.app, '/api/admin/sales?assigned=me', admin.cookie)).json()).items).toEqual([]);
    expect(adminDeskSummarySchema.parse((await get(t.app, '/api/admin/sales/desk', reviewer.cookie)).json()).mine.count).toBe(1);

    expect((await post(t.app, `/api/admin/sales/${sale.id}/assign`, { staff_id: reviewer.id }, reviewer.cookie)).statusCode).toBe(403);
    const back = await post(t.app, `/api/admin/sales/${sale.id}/assign`, { staff_id: null }, admin.cookie);
    expect(adminSaleDetailResponseSchema.parse(back.json()).sale.assignment).toBeNull();
  });

  it('refuses a disabled staff member and a decided sale, in the code and in the database', async () => {
    const sale = await sell(chika, '66', 22);
    const gone = await insertStaff(t, 'reviewer', 'Gone Reviewer');
    await t.database.query('UPDATE staff SET disabled_at = $1 WHERE id = $2', [clock.now().toISOString(), gone.id]);
    const actor = { id: admin.id, email: admin.email, name: admin.name, role: 'admin' as const };
    await expect(assignSale(t.database.db, clock, actor, sale.id, { staffId: gone.id })).rejects.toMatchObject({
      status: 400,
      code: 'ASSIGNEE_NOT_ACTIVE',
    });
    await expect(
      t.database.query('UPDATE sales SET assigned_to = $1, assigned_by = $2, assigned_at = now() WHERE id = $3', [
        gone.id,
        admin.id,
        sale.id,
      ]),
    ).rejects.toThrow(/active reviewer/);
    // All three or none.
    await expect(t.database.query('UPDATE sales SET assigned_to = $1 WHERE id = $2', [ada.id, sale.id])).rejects.toThrow(
      /sales_assignment_shape/,
    );

    await rejectSale({ db: t.database.db, clock }, ada, sale.id, { reason: 'used_card' });
    await expect(assignSale(t.database.db, clock, actor, sale.id, { staffId: ada.id })).rejects.toMatchObject({ status: 409 });
    await expect(
      t.database.query('UPDATE sales SET assigned_to = $1, assigned_by = $2, assigned_at = now() WHERE id = $3', [
        ada.id,
        admin.id,
        sale.id,
      ]),
    ).rejects.toThrow(/waiting for review/);
  });
});

describe('CSV exports', () => {
  it('streams every sale of the range in pages, RFC 4180 quoted and safe from formulas, audited', async () => {
    // A would-be formula becomes a spreadsheet string of the very same text; plain numbers stay numbers.
    expect(csvCell('=1+2')).toBe('"=""=1+2"""');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"=""=HYPERLINK(""""http://x"""",""""y"""")"""');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-5.50')).toBe('-5.50');
    expect(csvCell('@cmd')).toBe('"=""@cmd"""');
    expect(csvCell('+2348031234567')).toBe('"=""+2348031234567"""');
    expect(csvCell('\tx')).toBe('"=""\tx"""');
    expect(localIso(new Date('2026-07-01T09:05:00.123Z'), 'Africa/Lagos')).toBe('2026-07-01T10:05:00.123+01:00');
    expect(localIso(new Date('2026-06-30T23:30:00Z'), 'Africa/Lagos')).toBe('2026-07-01T00:30:00.000+01:00');
    expect(localIso(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe('2026-01-15T07:00:00.000-05:00');
    expect(localIso(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-15T17:30:00.000+05:30');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nbye')).toBe('"say ""hi""\nbye"');

    const response = await get(t.app, '/api/admin/exports/sales?from=2026-07-01&to=2026-07-01', reviewer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="wise-sales-2026-07-01-to-2026-07-01.csv"/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header?.slice(0, 3)).toEqual(['sale_id', 'created_at', 'kind']);
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sales');
    expect(rows).toHaveLength(count?.n ?? -1);
    const nameAt = header?.indexOf('customer_name') ?? -1;
    const phoneAt = header?.indexOf('customer_phone') ?? -1;
    const musaRow = rows.find((row) => row[nameAt]?.includes('Musa'));
    expect(musaRow?.[nameAt]).toBe('Musa Bello');
    // No apostrophe: the phone reads exactly as stored once a spreadsheet evaluates the string.
    expect(musaRow?.[phoneAt]).toBe(`="${musa.phone}"`);
    // Times in Lagos with their offset, the same instants as the database's.
    const createdAt = header?.indexOf('created_at') ?? -1;
    expect(rows.every((row) => /^2026-07-01T\d{2}:\d{2}:\d{2}\.\d{3}\+01:00$/.test(row[createdAt] ?? ''))).toBe(true);
    const [first] = await t.database.query<{ created_at: Date }>('SELECT created_at FROM sales ORDER BY created_at, id LIMIT 1');
    expect(Date.parse(rows[0]?.[createdAt] ?? '')).toBe(first?.created_at.getTime());
    const valueAt = header?.indexOf('value_naira') ?? -1;
    expect(rows.every((row) => /^\d+\.\d{2}$/.test(row[valueAt] ?? ''))).toBe(true);

    // Pages of 2 give the same rows in the same order as one read.
    const chunks: string[] = [];
    for await (const chunk of exportCsv(
      t.database.db,
      'sales',
      { start: new Date('2026-06-30T23:00:00Z'), end: new Date('2026-07-01T23:00:00Z') },
      'Africa/Lagos',
      2,
    ))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(response.body);

    const [audit] = await t.database.query<{ staff_id: string; target_id: string; after: unknown }>(
      "SELECT staff_id, target_id, after FROM staff_audit_log WHERE action = 'export.csv' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toEqual({ staff_id: reviewer.id, target_id: 'sales', after: { kind: 'sales', from: '2026-07-01', to: '2026-07-01' } });
  });

  it('exports payouts and bill orders, an empty range is a header alone, and bad ranges are refused', async () => {
    const payouts = parseCsv((await get(t.app, '/api/admin/exports/payouts?from=2026-07-01&to=2026-07-01', reviewer.cookie)).body);
    expect(payouts[0]?.[0]).toBe('payout_id');
    expect(payouts.length).toBeGreaterThan(1);
    const bills = parseCsv((await get(t.app, '/api/admin/exports/bill_orders?from=2026-07-01&to=2026-07-01', reviewer.cookie)).body);
    expect(bills).toHaveLength(1);
    expect(parseCsv((await get(t.app, '/api/admin/exports/sales?from=2026-06-01&to=2026-06-02', reviewer.cookie)).body)).toHaveLength(1);
    expect((await get(t.app, '/api/admin/exports/sales?from=2026-07-02&to=2026-07-01', reviewer.cookie)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/exports/sales?from=2025-01-01&to=2026-07-01', reviewer.cookie)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/exports/users?from=2026-07-01&to=2026-07-01', reviewer.cookie)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/exports/sales?from=2026-07-01&to=2026-07-01')).statusCode).toBe(401);
  });
});

describe('review times', () => {
  it('gives each day of the last 14 the median and p90 of submission → decision and → paid', async () => {
    const response = await get(t.app, '/api/admin/dashboard/review-times?days=14', reviewer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const times = reviewTimesSchema.parse(response.json());
    expect(times.days).toHaveLength(14);
    expect(times.days.at(-1)?.date).toBe('2026-07-01');
    expect(times.days[0]?.date).toBe('2026-06-18');
    const [expected] = await t.database.query<{ n: number; p50: number; p90: number }>(
      `SELECT count(*)::int AS n,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at)))::int AS p50,
              round(percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at)))::int AS p90
       FROM sales WHERE decided_at IS NOT NULL`,
    );
    const today = times.days.at(-1);
    expect(today?.decided).toBe(expected?.n);
    expect(today?.decided).toBeGreaterThanOrEqual(3);
    expect(today?.decision_p50_s).toBe(expected?.p50);
    expect(today?.decision_p90_s).toBe(expected?.p90);
    expect(today?.decision_p90_s).toBeGreaterThanOrEqual(today?.decision_p50_s ?? Infinity);
    expect(today?.paid).toBe(1);
    expect(today?.paid_p50_s).toBeGreaterThan(0);
    expect(times.days[0]).toMatchObject({ decided: 0, decision_p50_s: null, paid: 0, paid_p50_s: null });
    expect((await get(t.app, '/api/admin/dashboard/review-times?days=30', reviewer.cookie)).json<{ days: unknown[] }>().days).toHaveLength(
      30,
    );
    expect((await get(t.app, '/api/admin/dashboard/review-times?days=7', reviewer.cookie)).statusCode).toBe(400);
  });
});

describe('second approvals on the desk', () => {
  it('a sale approved once leaves "Waiting" for its own view, and the header counts it apart with the amount asked', async () => {
    const bisi = await createCustomer(t, { full_name: 'Bisi Second' });
    await addBankDetails(t, bisi, '0123456781');
    const sale = await sell(bisi, '90', 9);
    const asked = sale.value_kobo + 1_000 * 100;
    const summary = () => getDeskSummary(t.database.db, clock, { timeZone: 'Africa/Lagos', reviewTargetMinutes: 20 }, reviewer.id);
    const before = await summary();
    expect((await queue({ q: 'Bisi' })).items.map((item) => item.id)).toEqual([sale.id]);

    expect(
      await approveSale(approveDeps, ada, sale.id, {
        payoutAmountKobo: asked,
        reason: 'other',
        note: 'Balance was higher',
        confirmation: byCode(CODE),
      }),
    ).toBe('awaiting_second_approval');

    expect((await queue({ q: 'Bisi' })).items).toEqual([]);
    const waiting = await queue({ status: 'awaiting_approval', q: 'Bisi' });
    expect(waiting.items.map((item) => ({ id: item.id, second_approval: item.second_approval }))).toEqual([
      { id: sale.id, second_approval: expect.objectContaining({ amount_kobo: asked, requested_by: { id: ada.id, name: 'Ada Lovelace' } }) },
    ]);
    const after = await summary();
    expect(after.waiting.giftcard).toEqual({
      count: before.waiting.giftcard.count - 1,
      total_kobo: before.waiting.giftcard.total_kobo - sale.value_kobo,
    });
    expect(after.second_approval).toEqual({
      count: (before.second_approval?.count ?? 0) + 1,
      total_kobo: (before.second_approval?.total_kobo ?? 0) + asked,
    });
  });
});
