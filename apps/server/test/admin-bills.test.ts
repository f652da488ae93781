import type { BillOrder } from '@wise/shared';
import { billAdminMessages, type AdminBillOrderPage, type BillRequeryResponse } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGemBalance } from '../src/domain/gems/ledger';
import { ManualClock } from '../src/lib/clock';
import { get, post } from './support/app';
import {
  airtimeBody,
  authorise,
  customerWithGems,
  expectLedgerSound,
  holdOf,
  newOrder,
  resetFakes,
  startBillsHarness,
  type BillsHarness,
} from './support/bill-orders';
import { createStaff, type TestStaff } from './support/staff';
import type { TestUser } from './support/users';

/**
 * Bill orders for staff (docs/decisions.md §8): every order with its provider status, and a re-query of one
 * stuck in processing that settles it exactly as the background job would (gems captured or returned).
 */
const clock = new ManualClock('2026-06-01T09:00:00Z');
let h: BillsHarness;
let reviewer: TestStaff;
let admin: TestStaff;
let user: TestUser;

beforeAll(async () => {
  h = await startBillsHarness(clock);
  reviewer = await createStaff(h.t, { role: 'reviewer' });
  admin = await createStaff(h.t, { role: 'admin' });
  user = await customerWithGems(h, 10_000);
});
afterAll(async () => {
  await h.close();
});

const list = async (query = '', cookie = reviewer.cookie) => {
  const response = await get(h.t.app, `/api/admin/bills/orders${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminBillOrderPage>();
};
const requery = (orderId: string, cookie = reviewer.cookie) =>
  post(h.t.app, `/api/admin/bills/orders/${orderId}/requery`, undefined, cookie);
const auditLines = (orderId: string) =>
  h.t.database.query<{ staff_id: string; action: string; before: unknown; after: unknown }>(
    "SELECT staff_id, action, before, after FROM staff_audit_log WHERE target_type = 'bill_order' AND target_id = $1 ORDER BY id",
    [orderId],
  );

/** An airtime order whose provider call timed out: processing, gems held. */
async function stuckOrder(amount = 500): Promise<{ order: BillOrder; requestId: string }> {
  resetFakes(h);
  const order = await newOrder(h, user, airtimeBody({ amount }));
  h.airtime.script.push('slow-pending');
  const response = await authorise(h, user, order.id);
  expect(response.statusCode, response.body).toBe(202);
  const requestId = h.airtime.purchases().at(-1)?.body?.request_id;
  if (typeof requestId !== 'string') throw new Error('no request id');
  return { order, requestId };
}

describe('who may see bill orders', () => {
  it('any staff member; never a customer or nobody', async () => {
    expect((await get(h.t.app, '/api/admin/bills/orders')).statusCode).toBe(401);
    expect((await get(h.t.app, '/api/admin/bills/orders', user.cookie)).statusCode).toBe(401);
    expect((await get(h.t.app, '/api/admin/bills/orders', admin.cookie)).statusCode).toBe(200);
    const unknown = '3f1e1c3a-1d5e-4a43-9b8e-1b0f5c1b2a10';
    expect((await requery(unknown, user.cookie)).statusCode).toBe(401);
    expect((await requery(unknown, '')).statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('shows each order with its customer, amount, plan, provider status and message, request id and times; filters by status and kind', async () => {
    resetFakes(h);
    const done = await newOrder(h, user, airtimeBody({ amount: 700 }));
    expect((await authorise(h, user, done.id)).statusCode).toBe(200);
    clock.advance(60_000);
    h.airtime.script.push('decline');
    const declined = await newOrder(h, user, airtimeBody({ amount: 800 }));
    expect((await authorise(h, user, declined.id)).statusCode).toBe(422);
    clock.advance(60_000);
    const waiting = await newOrder(h, user, airtimeBody({ amount: 900 }));

    const { items } = await list();
    expect(items.slice(0, 3).map((o) => o.id)).toEqual([waiting.id, declined.id, done.id]);
    const [w, d, s] = items;
    expect(s).toMatchObject({
      kind: 'airtime',
      status: 'successful',
      customer: { id: user.id, full_name: user.full_name, username: user.username },
      amount: 700,
      service: 'mtn',
      phone: '08031234567',
      request_id: expect.any(String),
      authorised_at: expect.any(String),
      settled_at: expect.any(String),
      stuck: false,
    });
    expect(d).toMatchObject({ status: 'failed', provider_message: expect.any(String), message: expect.any(String) });
    expect(w).toMatchObject({ status: 'awaiting_pin', authorised_at: null, settled_at: null });

    expect((await list('?status=failed')).items.map((o) => o.id)).toEqual([declined.id]);
    expect((await list('?kind=data')).items).toEqual([]);
    expect((await list('?kind=airtime&status=awaiting_pin')).items.map((o) => o.id)).toEqual([waiting.id]);
  });

  it('pages newest first without repeats or gaps', async () => {
    const all = (await list('?limit=100')).items.map((o) => o.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const page: AdminBillOrderPage = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((o) => o.id));
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });

  it('refuses bad filters with a message per field', async () => {
    const status = await get(h.t.app, '/api/admin/bills/orders?status=lost&kind=gas&limit=1000', reviewer.cookie);
    expect(status.statusCode).toBe(400);
    expect(status.json().fields).toMatchObject({
      status: billAdminMessages.statusInvalid,
      kind: billAdminMessages.kindInvalid,
      limit: expect.any(String),
    });
    const cursor = await get(h.t.app, '/api/admin/bills/orders?cursor=not-a-cursor', reviewer.cookie);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().fields).toEqual({ cursor: billAdminMessages.cursorInvalid });
  });
});

describe('re-query', () => {
  it('marks an order processing for more than 10 minutes as stuck; a re-query while the provider still does not know leaves it processing', async () => {
    const { order } = await stuckOrder();
    expect((await list('?status=processing')).items.find((o) => o.id === order.id)?.stuck).toBe(false);
    clock.advance(11 * 60_000);
    expect((await list('?status=processing')).items.find((o) => o.id === order.id)?.stuck).toBe(true);

    const response = await requery(order.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BillRequeryResponse>();
    expect(body).toMatchObject({ outcome: 'pending', order: { id: order.id, status: 'processing', stuck: true } });
    expect((await holdOf(h, order.id)).hold?.status).toBe('pending');
    expect(await auditLines(order.id)).toEqual([
      {
        staff_id: reviewer.id,
        action: 'bill_order.requery',
        before: { status: 'processing' },
        after: { status: 'processing', outcome: 'pending', provider_message: null },
      },
    ]);
  });

  it('settles it when the provider has an answer: successful captures the gems once', async () => {
    const before = await getGemBalance(h.t.database.db, user.id);
    const { order, requestId } = await stuckOrder(400);
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(before - 400);
    h.airtime.settle(requestId, 'successful');
    const response = await requery(order.id, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BillRequeryResponse>()).toMatchObject({
      outcome: 'settled',
      order: { status: 'successful', settled_at: expect.any(String), stuck: false },
    });
    expect(await holdOf(h, order.id)).toMatchObject({ entries: ['hold', 'hold_capture'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(before - 400);

    // Settled: a second click is refused and changes nothing.
    const again = await requery(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_NOT_PROCESSING', error: billAdminMessages.notProcessing });
    expect(await auditLines(order.id)).toEqual([
      {
        staff_id: admin.id,
        action: 'bill_order.requery',
        before: { status: 'processing' },
        after: { status: 'successful', outcome: 'settled', provider_message: expect.any(String) },
      },
    ]);
    await expectLedgerSound(h, [user.id]);
  });

  it('failed at the provider: the gems come back', async () => {
    const before = await getGemBalance(h.t.database.db, user.id);
    const { order, requestId } = await stuckOrder(300);
    h.airtime.settle(requestId, 'failed');
    const response = await requery(order.id);
    expect(response.json<BillRequeryResponse>()).toMatchObject({ outcome: 'settled', order: { status: 'failed' } });
    expect(await holdOf(h, order.id)).toMatchObject({ entries: ['hold', 'hold_release'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(before);
    await expectLedgerSound(h, [user.id]);
  });

  it('refuses an order awaiting its PIN, an unknown order and a malformed id', async () => {
    resetFakes(h);
    const waiting = await newOrder(h, user, airtimeBody({ amount: 100 }));
    expect((await requery(waiting.id)).statusCode).toBe(409);
    expect((await requery('3f1e1c3a-1d5e-4a43-9b8e-1b0f5c1b2a10')).statusCode).toBe(404);
    expect((await requery('nope')).statusCode).toBe(400);
    expect(await auditLines(waiting.id)).toEqual([]);
  });
});
