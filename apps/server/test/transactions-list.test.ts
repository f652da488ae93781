import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  transactionDetailResponseSchema,
  transactionListResponseSchema,
  type SaleDetail,
  type SubCategory,
  type TransactionListResponse,
} from '@wise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitGiftCardSale } from '../src/domain/sales/submit';
import { ManualClock } from '../src/lib/clock';
import { createFileStore } from '../src/providers/file-store/index';
import { loadConfig } from '../src/config';
import { createTestApp, get, type TestApp } from './support/app';
import { addBankDetails, cardDetail, cardPhoto, postSale, saleFields } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * GET /api/transactions (every sale, newest first, keyset pages, search by status),
 * GET /api/transactions/:id and the sale images, each acting on the session's customer only.
 */
let t: TestApp;
let dir: string;
const clock = new ManualClock('2026-04-01T09:00:00Z');
let seller: TestUser;
let other: TestUser;
let usa: SubCategory;
let image: Buffer;
let keyCounter = 0;

/** A sale made through the domain (the HTTP path has its own tests): quick enough for many. */
async function makeSale(user: TestUser, amount = '50'): Promise<SaleDetail> {
  keyCounter += 1;
  const store = createFileStore(loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', UPLOAD_DIR: dir }));
  const result = await submitGiftCardSale(
    t.database.db,
    { clock, store, onCleanupError: () => undefined },
    {
      userId: user.id,
      idempotencyKey: `list-${keyCounter}`,
      fields: { subcategory_id: usa.id, amount, expected_rate: usa.exchange_rate, comment: undefined, card_code: undefined },
      images: [{ body: image, sourceDigest: String(keyCounter).padStart(64, '0') }],
    },
  );
  return result.sale;
}

/** A staff member to decide sales (the back office's own flows have their own tests). */
let deciderId: string | undefined;
async function decider(): Promise<string> {
  if (!deciderId) {
    const [row] = await t.database.query<{ id: string }>(
      "INSERT INTO staff (email, name, role, password_hash, created_at, updated_at) VALUES ('lists@wise.test', 'Lists', 'reviewer', 'x', now(), now()) RETURNING id",
    );
    deciderId = row?.id;
  }
  if (!deciderId) throw new Error('no staff row');
  return deciderId;
}

/** Moves a sale along the review flow as the back office does (a paid sale has its successful payout). */
async function setStatus(saleId: string, to: 'under_review' | 'approved' | 'paid' | 'rejected') {
  clock.advance(60_000);
  const at = clock.now().toISOString();
  const staffId = await decider();
  if (to === 'paid') {
    await t.database.query(
      `INSERT INTO payouts (sale_id, attempt, reference, method, status, amount_kobo, bank_code, account_number, account_name, provider_reference, note, created_by, created_at, settled_at)
       SELECT id, 1, 'manual-' || replace(id::text, '-', ''), 'manual', 'success', payout_amount_kobo, bank_code, account_number, account_name, 'TRF_demo_123', 'paid by hand', $2, $3, $3
       FROM sales WHERE id = $1`,
      [saleId, staffId, at],
    );
  }
  const sql = {
    under_review: 'UPDATE sales SET status = $2, status_changed_at = $3, decided_at = NULL WHERE id = $1',
    approved:
      'UPDATE sales SET status = $2, status_changed_at = $3, decided_at = $3, decided_by = $4, payout_amount_kobo = value_kobo WHERE id = $1',
    paid: "UPDATE sales SET status = $2, status_changed_at = $3, paid_at = $3, payout_reference = 'TRF_demo_123' WHERE id = $1",
    rejected:
      "UPDATE sales SET status = $2, status_changed_at = $3, decided_at = $3, decided_by = $4, rejection_code = 'used_card', rejection_reason = 'The card was already redeemed' WHERE id = $1",
  }[to];
  await t.database.query(sql, to === 'approved' || to === 'rejected' ? [saleId, to, at, staffId] : [saleId, to, at]);
}

const page = async (user: TestUser, query: string) => {
  const response = await get(t.app, `/api/transactions${query}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return transactionListResponseSchema.parse(response.json());
};

/** Follows next_cursor to the end, as an infinite list does. */
async function walk(user: TestUser, params: Record<string, string> = {}, onPage?: (n: number) => Promise<void>) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) }).toString();
    const result: TransactionListResponse = await page(user, query ? `?${query}` : '');
    ids.push(...result.transactions.map((row) => row.id));
    sizes.push(result.transactions.length);
    cursor = result.next_cursor;
    await onPage?.(sizes.length);
  } while (cursor && sizes.length < 100);
  return { ids, sizes };
}

const expectedOrder = async (userId: string, listStatus?: string) =>
  (
    await t.database.query<{ id: string }>(
      `SELECT id FROM sales WHERE user_id = $1 ${listStatus ? 'AND list_status = $2' : ''} ORDER BY created_at DESC, id DESC`,
      listStatus ? [userId, listStatus] : [userId],
    )
  ).map((row) => row.id);

let all: SaleDetail[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-transactions-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t);
  other = await createCustomer(t);
  await addBankDetails(t, seller);
  await addBankDetails(t, other, '0456789123');
  const [first] = (await cardDetail(t, seller, 'amazon')).subcategories;
  if (!first) throw new Error('no sub-category');
  usa = first;
  image = await sharp(await cardPhoto('jpeg'))
    .webp()
    .toBuffer();
  // 27 sales in groups of three with the same instant: the id must break the ties.
  for (let i = 0; i < 27; i += 1) {
    if (i % 3 === 0) clock.advance(1000);
    all.push(await makeSale(seller, String(25 + i)));
  }
  await makeSale(other, '99');
  // Statuses: every 4th under review, every 5th rejected, every 6th paid.
  for (const [i, sale] of all.entries()) {
    if (i % 5 === 0) await setStatus(sale.id, 'rejected');
    else if (i % 6 === 0) {
      await setStatus(sale.id, 'under_review');
      await setStatus(sale.id, 'approved');
      await setStatus(sale.id, 'paid');
    } else if (i % 4 === 0) await setStatus(sale.id, 'under_review');
  }
  all = all.reverse();
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the transactions list', () => {
  it('pages newest first with the default page size, no duplicates or gaps, ties broken by id', async () => {
    const first = await page(seller, '');
    expect(first.transactions).toHaveLength(20);
    expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const { ids, sizes } = await walk(seller);
    expect(sizes).toEqual([20, 7]);
    expect(new Set(ids).size).toBe(27);
    expect(ids).toEqual(await expectedOrder(seller.id));
    expect(first.transactions[0]).toMatchObject({
      transaction_type: 'giftcard',
      title: 'Amazon · USA physical',
      image_path_url: '/api/giftcards/art/amazon.svg',
      crypto_logo_url: null,
    });
  });

  it('walks any page size to the same list, and a sale made meanwhile does not shift the pages', async () => {
    for (const limit of ['1', '4', '7', '26', '27', '50']) {
      const { ids } = await walk(seller, { limit });
      expect(ids, `limit ${limit}`).toEqual(await expectedOrder(seller.id));
    }
    const before = await expectedOrder(seller.id);
    let added: SaleDetail | undefined;
    const { ids } = await walk(seller, { limit: '5' }, async (n) => {
      if (n === 2) {
        clock.advance(5000);
        added = await makeSale(seller, '77');
      }
    });
    expect(ids).toEqual(before);
    expect((await page(seller, '?limit=1')).transactions[0]?.id).toBe(added?.id);
  });

  it('searches by status (docs/product.md §2), each page of the same status, walked to the end', async () => {
    for (const status of ['pending', 'successful', 'rejected'] as const) {
      const { ids } = await walk(seller, { status, limit: '3' });
      expect(ids.length, status).toBeGreaterThan(0);
      expect(ids, status).toEqual(await expectedOrder(seller.id, status));
      const rows = (await page(seller, `?status=${status}&limit=50`)).transactions;
      expect(rows.every((row) => row.status === status)).toBe(true);
    }
    const everything = await walk(seller, { status: '' });
    expect(everything.ids).toEqual(await expectedOrder(seller.id));
  });

  it('answers a status with no sale with an empty page', async () => {
    const fresh = await createCustomer(t);
    expect(await page(fresh, '?status=successful')).toEqual({ transactions: [], next_cursor: null });
    expect(await page(fresh, '')).toEqual({ transactions: [], next_cursor: null });
  });

  it('refuses a forged cursor, a bad limit or status with 400', async () => {
    const forged = [
      'not-a-cursor',
      Buffer.from('2026-04-01T09:00:00.000000Z|not-a-uuid').toString('base64url'),
      Buffer.from("2026-04-01'; DROP TABLE sales; --|00000000-0000-4000-8000-000000000000").toString('base64url'),
      Buffer.from('2026-13-45T99:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url'),
      'a'.repeat(201),
      'abc%2Fdef',
    ];
    for (const cursor of forged) {
      const response = await get(t.app, `/api/transactions?cursor=${cursor}`, seller.cookie);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { cursor: 'Invalid entry' } });
    }
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'limit=-1', 'limit=1.5', 'status=lost']) {
      expect((await get(t.app, `/api/transactions?${query}`, seller.cookie)).statusCode, query).toBe(400);
    }
  });

  it("shows a customer only their own sales, even with another customer's cursor", async () => {
    const theirs = await page(other, '');
    expect(theirs.transactions).toHaveLength(1);
    const mine = await page(seller, '?limit=2');
    const crossed = await page(other, `?cursor=${mine.next_cursor ?? ''}`);
    expect(crossed.transactions.every((row) => !all.some((sale) => sale.id === row.id))).toBe(true);
  });

  it('uses the indexes that match its order (no sort), for all and for one status', async () => {
    const plans = await t.database.withConnection(async (connection) => {
      // Tiny tables make a sequential scan cheapest; this asks whether the index CAN serve the query.
      await connection.exec('SET enable_seqscan = off');
      try {
        const explain = async (where: string) =>
          (
            await connection.query<Record<string, string>>(
              `EXPLAIN SELECT id FROM sales WHERE user_id = '${seller.id}' ${where} AND (created_at, id) < ('2030-01-01T00:00:00Z'::timestamptz, '00000000-0000-4000-8000-000000000000'::uuid) ORDER BY created_at DESC, id DESC LIMIT 21`,
            )
          )
            .map((row) => Object.values(row).join(' '))
            .join('\n');
        return { all: await explain(''), pending: await explain("AND list_status = 'pending'") };
      } finally {
        await connection.exec('RESET enable_seqscan');
      }
    });
    expect(plans.all).toContain('sales_user_list_idx');
    expect(plans.pending).toContain('sales_user_status_list_idx');
    expect(plans.all).not.toMatch(/\bSort\b/);
    expect(plans.pending).not.toMatch(/\bSort\b/);
  });
});

describe('one transaction', () => {
  it('shows the sale in full, with its timeline of customer milestones', async () => {
    // all is newest first: all.at(-7) is the 7th sale made (i = 6), paid after review and approval.
    const paid = all.at(-7);
    if (!paid) throw new Error('no sale');
    const response = await get(t.app, `/api/transactions/${paid.id}`, seller.cookie);
    expect(response.statusCode).toBe(200);
    const { transaction } = transactionDetailResponseSchema.parse(response.json());
    expect(transaction).toMatchObject({ id: paid.id, status: 'successful', payout_reference: 'TRF_demo_123', rejection_reason: null });
    expect(transaction.timeline.map((step) => step.status)).toEqual(['submitted', 'under_review', 'paid']);
    const times = transaction.timeline.map((step) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const rejected = all.at(-1); // i = 0
    const rejectedDetail = (await get(t.app, `/api/transactions/${rejected?.id}`, seller.cookie)).json<{ transaction: SaleDetail }>()
      .transaction;
    expect(rejectedDetail).toMatchObject({ status: 'rejected', rejection_reason: 'The card was already redeemed', payout_reference: null });
    expect(rejectedDetail.timeline.map((step) => step.status)).toEqual(['submitted', 'rejected']);
  });

  it("is 404 for another customer's sale or an unknown id, 400 for a malformed one, 401 logged out", async () => {
    const mine = all[0];
    const response = await get(t.app, `/api/transactions/${mine?.id}`, other.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(seller.email);
    expect((await get(t.app, '/api/transactions/6f1c1c52-3f8e-4d3a-9a52-0a4b5c6d7e8f', seller.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/transactions/42', seller.cookie)).statusCode).toBe(400);
    expect((await get(t.app, `/api/transactions/${mine?.id}`)).statusCode).toBe(401);
  });
});

describe('sale images', () => {
  it('are served to their owner only: another customer 404, logged out 401', async () => {
    const sale = all[0];
    const url = sale?.images[0];
    if (!sale || !url) throw new Error('no image');
    const own = await get(t.app, url, seller.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    const stranger = await get(t.app, url, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).toContain('application/json');
    expect((await get(t.app, url)).statusCode).toBe(401);
  });

  it("are 404 under another sale's id (even the same customer's) and 400 for a name that is not ours", async () => {
    const [a, b] = all;
    const name = a?.images[0]?.split('/').at(-1);
    expect((await get(t.app, `/api/sales/${b?.id}/images/${name}`, seller.cookie)).statusCode).toBe(404);
    expect((await get(t.app, `/api/sales/${a?.id}/images/${'f'.repeat(32)}.webp`, seller.cookie)).statusCode).toBe(404);
    expect((await get(t.app, `/api/sales/${a?.id}/images/..%2F..%2Fetc%2Fpasswd`, seller.cookie)).statusCode).toBe(400);
    expect((await get(t.app, `/api/sales/not-a-sale/images/${name}`, seller.cookie)).statusCode).toBe(400);
  });

  it('a profile photo is not reachable as a sale image', async () => {
    const photoSale = all[1];
    const [row] = await t.database.query<{ storage_key: string }>(
      "INSERT INTO uploads (user_id, storage_key, purpose, content_type, size_bytes) VALUES ($1, $2, 'profile_photo', 'image/webp', 10) RETURNING storage_key",
      [seller.id, `${'b'.repeat(32)}.webp`],
    );
    expect((await get(t.app, `/api/sales/${photoSale?.id}/images/${row?.storage_key}`, seller.cookie)).statusCode).toBe(404);
  });

  it('an HTTP sale shows in the list at once', async () => {
    const response = await postSale(t, {
      cookie: other.cookie,
      fields: saleFields(usa, '45'),
      files: [{ data: await cardPhoto('png', 4) }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { sale } = response.json<{ sale: SaleDetail }>();
    expect((await page(other, '?limit=1')).transactions[0]).toEqual({
      id: sale.id,
      transaction_date: sale.transaction_date,
      transaction_type: 'giftcard',
      title: 'Amazon · USA physical',
      amount_kobo: 45 * 118_000,
      status: 'pending',
      image_path_url: '/api/giftcards/art/amazon.svg',
      crypto_logo_url: null,
      comment: null,
    });
  });
});
