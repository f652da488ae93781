import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  anyTransactionDetailResponseSchema,
  transactionDetailResponseSchema,
  transactionListResponseSchema,
  type TransactionItem,
} from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { get } from './support/app';
import { airtimeBody, authorise, customerWithGems, fillPlans, newOrder, startBillsHarness, type BillsHarness } from './support/bill-orders';
import { addBankDetails, sellGiftCard } from './support/sales';
import type { TestUser } from './support/users';

/**
 * Bill orders in GET /api/transactions and /api/transactions/:id (/api/docs), next to the
 * sales: one newest-first list on one keyset, docs/product.md §4's statuses, awaiting-PIN orders left out.
 */

const clock = new ManualClock('2026-06-01T09:00:00Z');
let h: BillsHarness;
let dir: string;
let user: TestUser;
const ids: Record<string, string> = {};

const list = async (query = '') => {
  const response = await get(h.t.app, `/api/transactions${query}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return transactionListResponseSchema.parse(response.json());
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-bills-tx-'));
  h = await startBillsHarness(clock, { env: { UPLOAD_DIR: dir } });
  user = await customerWithGems(h, 10_000);
  await addBankDetails(h.t, user);
  await fillPlans(h, clock);
  const step = () => clock.advance(60_000);

  ids.saleA = (await sellGiftCard(h.t, user, { seed: 1 })).id;
  step();
  ids.airtime = (await newOrder(h, user, airtimeBody({ amount: 1500 }))).id;
  expect((await authorise(h, user, ids.airtime)).statusCode).toBe(200);
  step();
  ids.waiting = (await newOrder(h, user, airtimeBody({ amount: 100 }))).id;
  step();
  ids.saleB = (await sellGiftCard(h.t, user, { seed: 2 })).id;
  step();
  ids.data = (
    await newOrder(h, user, { kind: 'data', network: 'mtn', phone: '08031234567', variation_code: 'mtn-1gb-sme', expected_amount: 600 })
  ).id;
  h.bills.script.push('decline');
  expect((await authorise(h, user, ids.data)).statusCode).toBe(422);
  step();
  ids.electricity = (
    await newOrder(h, user, {
      kind: 'electricity',
      provider: 'ikeja',
      meter_number: '45012345678',
      meter_type: 'prepaid',
      phone: '08031234567',
      amount: 2000,
    })
  ).id;
  h.bills.script.push('slow-pending');
  expect((await authorise(h, user, ids.electricity)).statusCode).toBe(202);
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/transactions', () => {
  it('lists orders with the sales, newest first: processing → pending, failed → rejected; an order awaiting its PIN is left out', async () => {
    const { transactions, next_cursor } = await list();
    expect(next_cursor).toBeNull();
    expect(transactions.map((tx) => tx.id)).toEqual([ids.electricity, ids.data, ids.saleB, ids.airtime, ids.saleA]);
    const byId = Object.fromEntries(transactions.map((tx) => [tx.id, tx])) as Record<string, TransactionItem>;
    expect(byId[ids.airtime!]).toMatchObject({
      transaction_type: 'airtime',
      title: 'MTN airtime · +234 803 123 4567',
      amount_kobo: 150_000,
      status: 'successful',
      comment: null,
    });
    expect(byId[ids.data!]).toMatchObject({
      transaction_type: 'data',
      title: 'MTN data · +234 803 123 4567',
      amount_kobo: 60_000,
      status: 'rejected',
      comment: 'Invalid request',
    });
    expect(byId[ids.electricity!]).toMatchObject({
      transaction_type: 'electricity',
      title: 'Ikeja Electric · 45012345678',
      amount_kobo: 200_000,
      status: 'pending',
    });
    expect(byId[ids.saleA!]).toMatchObject({ transaction_type: 'giftcard', status: 'pending' });
  });

  it('pages across both kinds on one keyset, without repeats or gaps, at every page size', async () => {
    const all = (await list()).transactions.map((tx) => tx.id);
    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 10; pages += 1) {
        const page = await list(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.transactions.length).toBeLessThanOrEqual(limit);
        seen.push(...page.transactions.map((tx) => tx.id));
        cursor = page.next_cursor;
        if (!cursor) break;
      }
      expect(seen, `limit ${limit}`).toEqual(all);
    }
  });

  it('searches by status across both kinds', async () => {
    expect((await list('?status=pending')).transactions.map((tx) => tx.id)).toEqual([ids.electricity, ids.saleB, ids.saleA]);
    expect((await list('?status=rejected')).transactions.map((tx) => tx.id)).toEqual([ids.data]);
    expect((await list('?status=successful')).transactions.map((tx) => tx.id)).toEqual([ids.airtime]);
  });
});

describe('GET /api/transactions/:id', () => {
  it('shows an order with its details; a sale still reads as a sale', async () => {
    const response = await get(h.t.app, `/api/transactions/${ids.airtime}`, user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { transaction } = anyTransactionDetailResponseSchema.parse(response.json());
    expect(transaction).toMatchObject({
      id: ids.airtime,
      kind: 'airtime',
      transaction_type: 'airtime',
      status: 'successful',
      order: { status: 'successful', amount: 1500, service: 'mtn' },
    });
    const sale = await get(h.t.app, `/api/transactions/${ids.saleA}`, user.cookie);
    expect(sale.statusCode).toBe(200);
    expect(transactionDetailResponseSchema.parse(sale.json()).transaction.kind).toBe('giftcard');
  });

  it('an order awaiting its PIN, or another customer asking, is a 404', async () => {
    expect((await get(h.t.app, `/api/transactions/${ids.waiting}`, user.cookie)).statusCode).toBe(404);
    const other = await customerWithGems(h, 0, { pin: false });
    expect((await get(h.t.app, `/api/transactions/${ids.airtime}`, other.cookie)).statusCode).toBe(404);
    const theirs = await get(h.t.app, '/api/transactions', other.cookie);
    expect(theirs.json<{ transactions: unknown[] }>().transactions).toEqual([]);
  });
});
