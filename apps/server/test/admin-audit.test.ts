import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@wise/shared';
import type { AuditEntry, AuditPage } from '@wise/shared/admin';
import { recordStaffAction } from '../src/domain/admin/audit';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { refusalOf } from './support/gem-users';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

const clock = new ManualClock('2026-03-02T08:00:00Z');
let t: TestApp;
let admin: TestStaff;
let other: TestStaff;
let reviewer: TestStaff;
let customer: TestUser;
/** Lines written before this file's own (creating staff is audited too). */
let earlier: number;

/** 25 lines by two admins a minute apart (plus one from the command line), then a lock through the API. */
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaff(t, { role: 'admin', name: 'Ada Admin' });
  other = await createStaff(t, { role: 'admin', name: 'Obi Admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
  customer = await createCustomer(t);
  earlier = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log'))[0]?.n ?? 0;
  clock.advance(60_000);
  await recordStaffAction(
    t.database.db,
    clock,
    { id: null, email: 'cli' },
    { action: 'staff.create', targetType: 'staff', targetId: 'from-the-cli' },
  );
  for (let i = 0; i < 24; i += 1) {
    clock.advance(60_000);
    const by = i % 2 === 0 ? admin : other;
    await recordStaffAction(t.database.db, clock, by, {
      action: i % 3 === 0 ? 'giftcard.rate_change' : 'sale.approve',
      targetType: i % 3 === 0 ? 'giftcard_subcategory' : 'sale',
      targetId: `target-${i}`,
      before: { n: i },
      after: { n: i + 1 },
      note: i === 5 ? 'Paid less: card partly used' : null,
      ip: '127.0.0.1',
    });
  }
  // And one through the API, so a real action is found like any other.
  clock.advance(60_000);
  const locked = await post(
    t.app,
    `/api/admin/customers/${customer.id}/lock`,
    { reason: 'Audit test', confirm_code: admin.code() },
    admin.cookie,
  );
  expect(locked.statusCode, locked.body).toBe(200);
});
afterAll(() => t.close());

const search = async (query = '', cookie = admin.cookie): Promise<AuditPage> => {
  const response = await get(t.app, `/api/admin/audit${query || '?limit=100'}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};

async function everything(query: string, limit: number): Promise<AuditEntry[]> {
  const items: AuditEntry[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const body = await search(`?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(body.items.length).toBeLessThanOrEqual(limit);
    items.push(...body.items);
    cursor = body.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('paging never ended');
}

describe('audit log', () => {
  it('lists every line newest first with who, when, what, before and after', async () => {
    const page = await search();
    expect(page.items).toHaveLength(earlier + 26);
    expect(page.next_cursor).toBeNull();
    const ats = page.items.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(page.items[0]).toMatchObject({
      action: 'customer.lock',
      actor: admin.email,
      staff: { id: admin.id, name: 'Ada Admin' },
      target_type: 'customer',
      target_id: customer.id,
      before: { locked: false },
      after: expect.objectContaining({ locked: true, reason: 'Audit test' }),
      note: 'Audit test',
    });
    expect(page.items[25]).toMatchObject({ action: 'staff.create', actor: 'cli', staff: null, target_id: 'from-the-cli' });
    expect(page.items.find((e) => e.target_id === 'target-5')).toMatchObject({
      note: 'Paid less: card partly used',
      before: { n: 5 },
      after: { n: 6 },
      ip: '127.0.0.1',
    });
  });

  it('pages with a keyset cursor through every line once, in the same order', async () => {
    const all = (await search()).items.map((e) => e.id);
    for (const limit of [1, 7, 25, 100]) expect((await everything('', limit)).map((e) => e.id)).toEqual(all);
    // Filters and paging together.
    const approvals = await everything('&action=sale.approve', 3);
    expect(approvals).toHaveLength(16);
    expect(new Set(approvals.map((e) => e.id)).size).toBe(16);
  });

  it('filters by text, staff member, action, target and time range', async () => {
    // Text: part of the action, the target or the actor's e-mail, in any case.
    expect((await search('?q=RATE_CH')).items).toHaveLength(8);
    expect((await search('?q=target-1')).items.map((e) => e.target_id).sort()).toEqual(
      [
        'target-1',
        'target-10',
        'target-11',
        'target-12',
        'target-13',
        'target-14',
        'target-15',
        'target-16',
        'target-17',
        'target-18',
        'target-19',
      ].sort(),
    );
    const byOther = (await search(`?q=${encodeURIComponent(other.email.toUpperCase())}`)).items;
    expect(byOther.every((e) => e.actor === other.email || e.target_id === other.id)).toBe(true);
    expect(byOther.filter((e) => e.target_id?.startsWith('target-'))).toHaveLength(12);
    expect((await search('?q=cli')).items.map((e) => e.target_id)).toContain('from-the-cli');
    expect((await search('?q=%25')).items).toEqual([]);

    const ofOther = (await search(`?staff_id=${other.id}`)).items;
    expect(ofOther.every((e) => e.staff?.id === other.id)).toBe(true);
    expect(ofOther.filter((e) => e.target_id?.startsWith('target-'))).toHaveLength(12);
    expect((await search('?action=customer.lock')).items.map((e) => e.target_id)).toEqual([customer.id]);
    expect((await search(`?target_type=customer&target_id=${customer.id}`)).items).toHaveLength(1);
    expect((await search('?target_type=giftcard_subcategory&action=sale.approve')).items).toEqual([]);

    // from is inclusive, to exclusive: minutes 4..6 after the start are lines target-2, -3 and -4.
    const range = await search(`?from=${encodeURIComponent('2026-03-02T08:04:00Z')}&to=${encodeURIComponent('2026-03-02T09:07:00+01:00')}`);
    expect(range.items.map((e) => e.target_id)).toEqual(['target-4', 'target-3', 'target-2']);
    // Empty fields (a form's blank inputs) mean no filter.
    expect((await search('?limit=100&q=&action=&from=&to=&staff_id=')).items).toHaveLength(earlier + 26);
  });

  it('refuses bad filters, a forged cursor, reviewers and customers', async () => {
    for (const query of [
      '?from=yesterday',
      '?staff_id=nope',
      '?limit=0',
      '?limit=101',
      `?q=${'a'.repeat(101)}`,
      '?cursor=WyIyMDI2LTEzLTAxIiwiMSJd',
    ]) {
      expect((await get(t.app, `/api/admin/audit${query}`, admin.cookie)).statusCode, query).toBe(400);
    }
    const byReviewer = await get(t.app, '/api/admin/audit', reviewer.cookie);
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json()).toMatchObject({ code: errorCodes.forbidden });
    expect((await get(t.app, '/api/admin/audit', customer.cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/audit')).statusCode).toBe(401);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    expect(await refusalOf(t.database, `UPDATE staff_audit_log SET note = 'rewritten'`)).toMatch(
      /records are kept \(UPDATE on staff_audit_log\)/,
    );
    expect(await refusalOf(t.database, `DELETE FROM staff_audit_log`)).toMatch(/records are kept \(DELETE on staff_audit_log\)/);
    expect(await refusalOf(t.database, `TRUNCATE staff_audit_log`)).toMatch(/records are kept \(TRUNCATE on staff_audit_log\)/);
    expect((await search()).items).toHaveLength(earlier + 26);
  });
});
