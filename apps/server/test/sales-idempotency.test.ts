import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { saleMessages, type SaleDetail, type SubCategory } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { addBankDetails, cardDetail, cardPhoto, newIdempotencyKey, postSale, saleFields } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/** Idempotency-Key on POST /api/giftcards/sales: one sale per key and request, per customer. */
let t: TestApp;
let dir: string;
let seller: TestUser;
let usa: SubCategory;

const files = async () => (await readdir(dir)).filter((name) => name.endsWith('.webp')).length;
const salesOf = async (userId: string) =>
  (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sales WHERE user_id = $1', [userId]))[0]?.n;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-sales-idem-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t);
  await addBankDetails(t, seller);
  const [first] = (await cardDetail(t, seller, 'amazon')).subcategories;
  if (!first) throw new Error('no sub-category');
  usa = first;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the same Idempotency-Key', () => {
  it('with the same request returns the first sale (201, same body) and makes nothing new', async () => {
    const key = newIdempotencyKey();
    const images = [{ data: await cardPhoto('jpeg', 1) }, { data: await cardPhoto('png', 2) }];
    const first = await postSale(t, { cookie: seller.cookie, key, fields: saleFields(usa, '25.5', { comment: 'first' }), files: images });
    expect(first.statusCode, first.body).toBe(201);
    const filesAfterFirst = await files();
    const salesAfterFirst = await salesOf(seller.id);
    // "25.50" is the same amount as "25.5", and a rate of "1180" the same as "1180.00".
    const again = await postSale(t, {
      cookie: seller.cookie,
      key,
      fields: { ...saleFields(usa, '25.50', { comment: ' first ' }), expected_rate: '1180' },
      files: images,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await files()).toBe(filesAfterFirst);
    expect(await salesOf(seller.id)).toBe(salesAfterFirst);
  });

  it('with a different request is refused (422 IDEMPOTENCY_KEY_REUSED): fields, image bytes or their order', async () => {
    const key = newIdempotencyKey();
    const a = { data: await cardPhoto('jpeg', 3) };
    const b = { data: await cardPhoto('jpeg', 4) };
    const first = await postSale(t, { cookie: seller.cookie, key, fields: saleFields(usa, '30'), files: [a, b] });
    expect(first.statusCode, first.body).toBe(201);
    const before = { files: await files(), sales: await salesOf(seller.id) };
    const variants = [
      { fields: saleFields(usa, '31'), files: [a, b] },
      { fields: saleFields(usa, '30', { comment: 'changed my mind' }), files: [a, b] },
      { fields: saleFields(usa, '30', { card_code: 'ABC' }), files: [a, b] },
      { fields: saleFields(usa, '30'), files: [a] },
      { fields: saleFields(usa, '30'), files: [b, a] },
      { fields: saleFields(usa, '30'), files: [a, { data: await cardPhoto('jpeg', 5) }] },
    ];
    for (const variant of variants) {
      const response = await postSale(t, { cookie: seller.cookie, key, ...variant });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: saleMessages.idempotencyKeyReused, code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    expect({ files: await files(), sales: await salesOf(seller.id) }).toEqual(before);
  });

  it('belongs to one customer: another customer using it makes their own sale', async () => {
    const key = newIdempotencyKey();
    const other = await createCustomer(t);
    await addBankDetails(t, other, '0345678912');
    const image = [{ data: await cardPhoto('jpeg', 6) }];
    const mine = await postSale(t, { cookie: seller.cookie, key, fields: saleFields(usa, '40'), files: image });
    const theirs = await postSale(t, { cookie: other.cookie, key, fields: saleFields(usa, '40'), files: image });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<{ sale: SaleDetail }>().sale.id).not.toBe(mine.json<{ sale: SaleDetail }>().sale.id);
    expect(theirs.json<{ sale: SaleDetail }>().sale.bank.account_number).toBe('0345678912');
  });

  it('is not spent by a refusal: after RATE_CHANGED the same key goes through with the new rate', async () => {
    const key = newIdempotencyKey();
    const image = [{ data: await cardPhoto('jpeg', 8) }];
    const stale = await postSale(t, {
      cookie: seller.cookie,
      key,
      fields: { ...saleFields(usa, '30'), expected_rate: '1.00' },
      files: image,
    });
    expect(stale.statusCode).toBe(409);
    const fresh = await postSale(t, { cookie: seller.cookie, key, fields: saleFields(usa, '30'), files: image });
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('sent twice at once (a double tap) makes one sale and leaves no orphan files', async () => {
    const key = newIdempotencyKey();
    const image = [{ data: await cardPhoto('jpeg', 9) }, { data: await cardPhoto('jpeg', 10) }];
    const before = { files: await files(), sales: await salesOf(seller.id) };
    const responses = await Promise.all(
      Array.from({ length: 3 }, () => postSale(t, { cookie: seller.cookie, key, fields: saleFields(usa, '60'), files: image })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(responses.map((r) => r.json<{ sale: SaleDetail }>().sale.id));
    expect(ids.size).toBe(1);
    expect(await salesOf(seller.id)).toBe((before.sales ?? 0) + 1);
    // Only the winner's two images remain: the others' files were deleted when their insert lost.
    expect(await files()).toBe(before.files + 2);
    const [row] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM uploads WHERE user_id = $1 AND purpose = 'sale_image' AND id NOT IN (SELECT upload_id FROM sale_images)",
      [seller.id],
    );
    expect(row?.n).toBe(0);
  });
});
