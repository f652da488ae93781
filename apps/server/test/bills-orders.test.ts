import { randomUUID } from 'node:crypto';
import { billMessages, type BillOrder, type BillPlan } from '@wise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getGemBalance } from '../src/domain/gems/ledger';
import { ManualClock } from '../src/lib/clock';
import { get, post } from './support/app';
import {
  airtimeBody,
  authorise,
  checkout,
  customerWithGems,
  expectLedgerSound,
  fillPlans,
  holdOf,
  newOrder,
  orderOf,
  PIN,
  resetFakes,
  startBillsHarness,
  type BillsHarness,
} from './support/bill-orders';
import { createCustomer } from './support/users';

/**
 * Bills through the API (routes/bills/index.ts): the plan cache, verification, the checkout and the PIN
 * screen's authorisation against the real provider clients talking to local fakes, with the
 * gems checked in the ledger after each path.
 */

const clock = new ManualClock('2026-06-01T09:00:00Z');
let h: BillsHarness;

beforeAll(async () => {
  h = await startBillsHarness(clock);
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => resetFakes(h));

const notes = async (userId: string) =>
  (await h.t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at', [userId])).map(
    (n) => n.message,
  );

describe('plans', () => {
  it('are fetched once into the cache, priced at the integer part, and served from there', async () => {
    const user = await customerWithGems(h, 0, { pin: false });
    const first = await get(h.t.app, '/api/bills/data/mtn/plans', user.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ plans: BillPlan[] }>().plans).toEqual([
      { variation_code: 'mtn-40mb-daily', name: 'MTN 40MB (Daily) – 1 day', amount: 49 },
      { variation_code: 'mtn-1gb-sme', name: 'MTN 1GB (SME) – 30 days', amount: 600 },
      { variation_code: 'mtn-2gb-sme', name: 'MTN 2GB (SME) – 30 days', amount: 1200 },
    ]);
    const fetches = h.bills.requests.filter((r) => r.path === '/data/plans').length;
    h.bills.failAllWith = 500;
    const again = await get(h.t.app, '/api/bills/data/mtn/plans', user.cookie);
    expect(again.json<{ plans: BillPlan[] }>().plans).toHaveLength(3);
    expect(h.bills.requests.filter((r) => r.path === '/data/plans').length).toBe(fetches);

    const tv = await get(h.t.app, '/api/bills/tv/dstv/plans', user.cookie);
    h.bills.failAllWith = undefined;
    // The provider was down and this list was never fetched: the screen's message (docs/product.md §8).
    expect(tv.statusCode).toBe(503);
    expect(tv.json()).toMatchObject({ code: 'PLANS_UNAVAILABLE', error: billMessages.tvPlansUnavailable });
    clock.advance(61_000);
    const later = await get(h.t.app, '/api/bills/tv/dstv/plans', user.cookie);
    expect(later.json<{ plans: BillPlan[] }>().plans.map((p) => p.name)).toEqual(['DStv Padi', 'DStv Compact']);
  });

  it('refuses an unknown network or service', async () => {
    const user = await customerWithGems(h, 0, { pin: false });
    expect((await get(h.t.app, '/api/bills/data/vodafone/plans', user.cookie)).statusCode).toBe(400);
    expect((await get(h.t.app, '/api/bills/tv/netflix/plans', user.cookie)).statusCode).toBe(400);
  });
});

describe('verify', () => {
  it('names the meter or smart card holder; an unknown number is a 404; an outage a 503', async () => {
    const user = await customerWithGems(h, 0, { pin: false });
    h.bills.customers.set('ikeja-electric:45012345678', 'OKAFOR ADAEZE');
    const found = await post(
      h.t.app,
      '/api/bills/verify',
      { kind: 'electricity', service: 'ikeja', customer_id: '45012345678', meter_type: 'prepaid' },
      user.cookie,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ customer_name: 'OKAFOR ADAEZE' });
    const unknownMeter = await post(
      h.t.app,
      '/api/bills/verify',
      { kind: 'electricity', service: 'eko', customer_id: '45012345678', meter_type: 'prepaid' },
      user.cookie,
    );
    expect(unknownMeter.statusCode).toBe(404);
    expect(unknownMeter.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND', error: 'We could not find that meter number' });
    const unknownCard = await post(h.t.app, '/api/bills/verify', { kind: 'tv', service: 'gotv', customer_id: '7034567890' }, user.cookie);
    expect(unknownCard.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND', error: 'We could not find that smart card number' });
    h.bills.failAllWith = 502;
    const down = await post(h.t.app, '/api/bills/verify', { kind: 'tv', service: 'gotv', customer_id: '7034567890' }, user.cookie);
    expect(down.statusCode).toBe(503);
    const invalid = await post(h.t.app, '/api/bills/verify', { kind: 'tv', service: 'gotv', customer_id: 'abc' }, user.cookie);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ fields: { customer_id: 'Invalid entry' } });
  });
});

describe('checkout', () => {
  it('creates an order awaiting the PIN, and holds nothing yet', async () => {
    const user = await customerWithGems(h, 1000);
    const response = await checkout(h, user, airtimeBody());
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json<{ order: BillOrder }>();
    expect(order).toMatchObject({
      kind: 'airtime',
      status: 'awaiting_pin',
      service: 'mtn',
      amount: 500,
      phone: '08031234567',
      plan_name: null,
      token: null,
      message: null,
      settled_at: null,
    });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(1000);
    expect((await holdOf(h, order.id)).count).toBe(0);
    expect(h.airtime.purchases()).toHaveLength(0);
  });

  it('a retry with the same Idempotency-Key returns the same order; the key for another request is a 422; no key is a 400', async () => {
    const user = await customerWithGems(h, 1000);
    const key = randomUUID();
    const first = await checkout(h, user, airtimeBody(), key);
    const again = await checkout(h, user, airtimeBody({ amount: '500' }), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ order: BillOrder }>().order.id).toBe(first.json<{ order: BillOrder }>().order.id);
    const parallel = await Promise.all([1, 2, 3].map(() => checkout(h, user, airtimeBody({ amount: 700 }), `${key}-p`)));
    expect(new Set(parallel.map((r) => r.json<{ order: BillOrder }>().order.id)).size).toBe(1);
    const other = await checkout(h, user, airtimeBody({ amount: 600 }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const noKey = await post(h.t.app, '/api/bills/orders', airtimeBody(), user.cookie);
    expect(noKey.statusCode).toBe(400);
    const count = await h.t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM bill_orders WHERE user_id = $1', [user.id]);
    expect(count[0]?.n).toBe(2);
  });

  it('refuses more than the balance with "Insufficient balance"', async () => {
    const user = await customerWithGems(h, 400);
    const response = await checkout(h, user, airtimeBody({ amount: 401 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'INSUFFICIENT_GEMS', error: 'Insufficient balance' });
  });

  it('enforces docs/product.md §5 fields and the 50 – 100,000 airtime range', async () => {
    const user = await customerWithGems(h, 200_000);
    for (const [body, field, message] of [
      [airtimeBody({ amount: 49 }), 'amount', 'Enter an amount between 50 and 100,000'],
      [airtimeBody({ amount: 100_001 }), 'amount', 'Enter an amount between 50 and 100,000'],
      [airtimeBody({ amount: '12a' }), 'amount', 'Invalid input'],
      [airtimeBody({ amount: undefined }), 'amount', 'This field is required'],
      [airtimeBody({ phone: '0803' }), 'phone', 'Cannot be less than 10 digits'],
      [airtimeBody({ network: undefined }), 'network', 'This field is required'],
    ] as const) {
      const response = await checkout(h, user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
    expect((await checkout(h, user, airtimeBody({ amount: 100_000, phone: '+2348031234567' }))).statusCode).toBe(201);
  });

  it('prices data and TV from the cache: an unknown plan is a field error, a changed price a 409 with the new amount', async () => {
    const user = await customerWithGems(h, 50_000);
    await fillPlans(h, clock);
    const unknown = await checkout(h, user, {
      kind: 'data',
      network: 'mtn',
      phone: '08031234567',
      variation_code: 'mtn-9tb',
      expected_amount: 600,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { variation_code: billMessages.planUnavailable } });
    const changed = await checkout(h, user, {
      kind: 'data',
      network: 'mtn',
      phone: '08031234567',
      variation_code: 'mtn-1gb-sme',
      expected_amount: 550,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'PLAN_PRICE_CHANGED', meta: { amount: 600 } });
    const data = await newOrder(h, user, {
      kind: 'data',
      network: 'mtn',
      phone: '08031234567',
      variation_code: 'mtn-1gb-sme',
      expected_amount: 600,
    });
    expect(data).toMatchObject({ amount: 600, plan_name: 'MTN 1GB (SME) – 30 days' });
    const tv = await newOrder(h, user, {
      kind: 'tv',
      service: 'dstv',
      variation_code: 'dstv-padi',
      smart_card_number: '7034567890',
      phone: '08031234567',
      expected_amount: 4400,
    });
    expect(tv).toMatchObject({ amount: 4400, plan_name: 'DStv Padi', customer_id: '7034567890' });
  });
});

describe('authorise', () => {
  it('airtime: PIN → held → provider once with the order request id → captured, successful, notified', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await newOrder(h, user, airtimeBody());
    const response = await authorise(h, user, order.id);
    expect(response.statusCode, response.body).toBe(200);
    const done = response.json<{ order: BillOrder }>().order;
    expect(done).toMatchObject({ status: 'successful', message: 'Airtime purchased successfully', amount: 500 });
    expect(done.settled_at).not.toBeNull();
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
    const sent = h.airtime.purchases().at(-1)?.body;
    const requestIds = await h.t.database.query<{ request_id: string }>('SELECT request_id FROM bill_orders WHERE id = $1', [order.id]);
    expect(sent).toMatchObject({ request_id: requestIds[0]?.request_id, amount: 500, service_name: 'mtn', phone: '08031234567' });
    expect(await holdOf(h, order.id)).toMatchObject({
      count: 1,
      hold: { status: 'captured', amount: '500' },
      entries: ['hold', 'hold_capture'],
    });
    expect((await notes(user.id)).at(-1)).toBe('your purchase MTN airtime · +234 803 123 4567 for 500 gems was successful.');
    await expectLedgerSound(h, [user.id]);

    // A second authorise of a settled order: its result again, no second call, no second charge.
    const purchases = h.airtime.purchases().length;
    const again = await authorise(h, user, order.id, '0000');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ order: BillOrder }>().order.status).toBe('successful');
    expect(h.airtime.purchases()).toHaveLength(purchases);
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
  });

  it('electricity: the token and units are stored and returned', async () => {
    const user = await customerWithGems(h, 10_000);
    const order = await newOrder(h, user, {
      kind: 'electricity',
      provider: 'ikeja',
      meter_number: '45012345678',
      meter_type: 'prepaid',
      phone: '08031234567',
      amount: 5000,
    });
    const response = await authorise(h, user, order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ order: BillOrder }>().order).toMatchObject({
      status: 'successful',
      token: '1234-5678-9012-3456-7890',
      units: '23.9 kWh',
      customer_id: '45012345678',
    });
    expect(h.bills.purchases().at(-1)?.body).toMatchObject({
      service_name: 'ikeja-electric',
      meter_number: '45012345678',
      meter_type: 'prepaid',
      amount: 5000,
    });
    expect((await orderOf(h, user, order.id)).token).toBe('1234-5678-9012-3456-7890');
  });

  it("a refusal releases the gems: 422 in our words, never the provider's (airtime), 'Invalid request' (data)", async () => {
    const user = await customerWithGems(h, 5000);
    await fillPlans(h, clock);
    const airtime = await newOrder(h, user, airtimeBody());
    h.airtime.script.push('decline');
    const refused = await authorise(h, user, airtime.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'PROVIDER_DECLINED',
      // The provider's own words (here about its wallet) are for staff only (docs/deviations.md).
      error: billMessages.declined,
      meta: { order_id: airtime.id },
    });
    expect(JSON.stringify(refused.json())).not.toContain('wallet balance');
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(5000);
    expect(await holdOf(h, airtime.id)).toMatchObject({ hold: { status: 'released' }, entries: ['hold', 'hold_release'] });

    const data = await newOrder(h, user, {
      kind: 'data',
      network: 'mtn',
      phone: '08031234567',
      variation_code: 'mtn-1gb-sme',
      expected_amount: 600,
    });
    h.bills.script.push('decline');
    const dataRefused = await authorise(h, user, data.id);
    expect(dataRefused.statusCode).toBe(422);
    expect(dataRefused.json()).toMatchObject({ code: 'PROVIDER_DECLINED', error: 'Invalid request' });
    expect(await orderOf(h, user, data.id)).toMatchObject({ status: 'failed', message: 'Invalid request' });

    // Settled: the same answer again, and nothing moves.
    const purchases = h.bills.purchases().length;
    expect((await authorise(h, user, data.id)).json()).toMatchObject({ code: 'PROVIDER_DECLINED', error: 'Invalid request' });
    expect(h.bills.purchases()).toHaveLength(purchases);
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(5000);
    expect((await notes(user.id)).at(-1)).toMatch(/failed\. Your gems have been returned\.$/);
    await expectLedgerSound(h, [user.id]);
  });

  it("a wrong PIN is the PIN service's refusal, counted, with nothing held or sent; five lock it", async () => {
    const user = await customerWithGems(h, 1000);
    const order = await newOrder(h, user, airtimeBody());
    const before = h.airtime.purchases().length;
    const wrong = await authorise(h, user, order.id, '1111');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PIN_WRONG', error: 'Incorrect PIN. 4 attempts left before your PIN is locked' });
    expect((await orderOf(h, user, order.id)).status).toBe('awaiting_pin');
    expect((await holdOf(h, order.id)).count).toBe(0);
    for (let i = 0; i < 3; i += 1) await authorise(h, user, order.id, '1111');
    const locked = await authorise(h, user, order.id, '1111');
    expect(locked.statusCode).toBe(423);
    expect((await authorise(h, user, order.id, PIN)).statusCode).toBe(423);
    expect(h.airtime.purchases()).toHaveLength(before);
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(1000);
  });

  it('PIN not set → 409 PIN_NOT_SET', async () => {
    const user = await customerWithGems(h, 1000, { pin: false });
    const order = await newOrder(h, user, airtimeBody());
    const response = await authorise(h, user, order.id, '1234');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PIN_NOT_SET', error: 'Set your transaction PIN first' });
    expect((await orderOf(h, user, order.id)).status).toBe('awaiting_pin');
  });

  it('gems spent since the checkout: 409 "Insufficient balance", the order still awaits its PIN, nothing held', async () => {
    const user = await customerWithGems(h, 800);
    const first = await newOrder(h, user, airtimeBody({ amount: 500 }));
    const second = await newOrder(h, user, airtimeBody({ amount: 500 }));
    expect((await authorise(h, user, first.id)).statusCode).toBe(200);
    const refused = await authorise(h, user, second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'INSUFFICIENT_GEMS', error: 'Insufficient balance' });
    expect((await orderOf(h, user, second.id)).status).toBe('awaiting_pin');
    expect((await holdOf(h, second.id)).count).toBe(0);
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(300);
    await expectLedgerSound(h, [user.id]);
  });

  it('an order left at the PIN screen for more than 30 minutes expires', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await newOrder(h, user, airtimeBody());
    clock.advance(31 * 60_000);
    const response = await authorise(h, user, order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ORDER_EXPIRED' });
  });
});

describe('access', () => {
  it('every bill route needs a session (401)', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/bills/data/mtn/plans'],
      ['GET', '/api/bills/tv/dstv/plans'],
      ['POST', '/api/bills/verify'],
      ['POST', '/api/bills/orders'],
      ['GET', `/api/bills/orders/${id}`],
      ['POST', `/api/bills/orders/${id}/authorise`],
    ] as const) {
      const response = await h.t.app.inject({ method, url, payload: method === 'POST' ? { pin: PIN } : undefined });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("another customer's order is a 404, to read and to authorise, and nothing moves", async () => {
    const alice = await customerWithGems(h, 1000);
    const mallory = await customerWithGems(h, 1000);
    const order = await newOrder(h, alice, airtimeBody());
    expect((await get(h.t.app, `/api/bills/orders/${order.id}`, mallory.cookie)).statusCode).toBe(404);
    const stolen = await authorise(h, mallory, order.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ error: billMessages.orderNotFound });
    expect((await orderOf(h, alice, order.id)).status).toBe('awaiting_pin');
    expect(await getGemBalance(h.t.database.db, alice.id)).toBe(1000);
    expect(await getGemBalance(h.t.database.db, mallory.id)).toBe(1000);
    expect((await get(h.t.app, `/api/bills/orders/${randomUUID()}`, alice.cookie)).statusCode).toBe(404);
    expect((await get(h.t.app, '/api/bills/orders/not-a-uuid', alice.cookie)).statusCode).toBe(400);
  });

  it('a user_id naming someone else is refused (403), as everywhere', async () => {
    const user = await createCustomer(h.t);
    const response = await get(h.t.app, `/api/bills/data/mtn/plans?user_id=${randomUUID()}`, user.cookie);
    expect(response.statusCode).toBe(403);
  });
});
