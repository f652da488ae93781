import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { giftCardArtUrl, saleMessages, saleResponseSchema, type SaleDetail, type SubCategory } from '@wise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitGiftCardSale } from '../src/domain/sales/submit';
import type { FileStore } from '../src/providers/file-store/index';
import { DiskFileStore } from '../src/providers/file-store/index';
import { createTestApp, get, type TestApp } from './support/app';
import { addBankDetails, cardDetail, cardPhoto, exifHasGps, jpegWithGps, postSale, saleFields, type FilePart } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/** POST /api/giftcards/sales: real multipart uploads, the value recomputed, every refusal clear. */
let t: TestApp;
let dir: string;
let seller: TestUser;
let amazon: SubCategory[];

const files = async () => (await readdir(dir)).filter((name) => name.endsWith('.webp'));
const countRows = async (userId: string) => {
  const [row] = await t.database.query<{ sales: number; uploads: number }>(
    "SELECT (SELECT count(*)::int FROM sales WHERE user_id = $1) AS sales, (SELECT count(*)::int FROM uploads WHERE user_id = $1 AND purpose = 'sale_image') AS uploads",
    [userId],
  );
  return row;
};
const sub = (i: number) => {
  const found = amazon[i];
  if (!found) throw new Error(`no amazon sub-category ${i}`);
  return found;
};
const jpeg = async (seed = 0): Promise<FilePart> => ({ data: await cardPhoto('jpeg', seed) });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-sales-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t, { full_name: 'Chidi Nwosu' });
  await addBankDetails(t, seller, '0123456789');
  amazon = (await cardDetail(t, seller, 'amazon')).subcategories;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a gift-card sale', () => {
  it('is recorded with its value recomputed, its images re-encoded, the bank details snapshotted (201)', async () => {
    const ecode = sub(2);
    expect(ecode).toMatchObject({ subcategory: 'USA e-code · $25–$500', exchange_rate: '1100.00' });
    const before = (await files()).length;
    const response = await postSale(t, {
      cookie: seller.cookie,
      fields: saleFields(ecode, '50.5', { comment: 'Bought in\nNew York', card_code: 'X7Q2-9KLM-ZZ81' }),
      files: [
        { data: await cardPhoto('jpeg', 1), filename: 'front.jpg' },
        { data: await cardPhoto('png', 2), filename: 'back.png', contentType: 'image/png' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { sale } = saleResponseSchema.parse(response.json());
    expect(sale).toMatchObject({
      transaction_type: 'giftcard',
      kind: 'giftcard',
      title: 'Amazon · USA e-code',
      status: 'pending',
      // 50.50 × ₦1,100.00 = ₦55,550.00
      amount_kobo: 5_555_000,
      value_kobo: 5_555_000,
      currency_amount: '50.50',
      currency: 'USD',
      exchange_rate: '1100.00',
      subcategory: 'USA e-code · $25–$500',
      card: { name: 'Amazon', slug: 'amazon', image_url: giftCardArtUrl('amazon') },
      image_path_url: giftCardArtUrl('amazon'),
      crypto_logo_url: null,
      comment: 'Bought in\nNew York',
      card_code: 'X7Q2-9KLM-ZZ81',
      bank: { bank_name: 'Guaranty Trust Bank', account_number: '0123456789' },
      rejection_reason: null,
      rejection_message: null,
      rejection_code: null,
      crypto_return: null,
      payout_reference: null,
    });
    expect(sale.bank.account_name.length).toBeGreaterThan(3);
    expect(sale.timeline).toEqual([{ status: 'submitted', at: sale.transaction_date }]);
    expect(sale.images).toHaveLength(2);
    for (const url of sale.images) expect(url).toMatch(new RegExp(`^/api/sales/${sale.id}/images/[a-f0-9]{32}\\.webp$`));
    expect((await files()).length).toBe(before + 2);

    for (const url of sale.images) {
      const served = await get(t.app, url, seller.cookie);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('private');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 200 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes('SECRET-EXIF-MARKER')).toBe(false);
    }

    const list = (await get(t.app, '/api/transactions', seller.cookie)).json<{ transactions: { id: string }[] }>();
    expect(list.transactions.map((row) => row.id)).toContain(sale.id);
    const detail = (await get(t.app, `/api/transactions/${sale.id}`, seller.cookie)).json<{ transaction: SaleDetail }>();
    expect(detail.transaction).toEqual(sale);
  });

  it('strips EXIF, GPS position included, from a phone JPEG', async () => {
    const original = await jpegWithGps();
    expect(exifHasGps((await sharp(original).metadata()).exif)).toBe(true);
    const response = await postSale(t, { cookie: seller.cookie, fields: saleFields(sub(0), '30'), files: [{ data: original }] });
    expect(response.statusCode, response.body).toBe(201);
    const [url] = response.json<{ sale: SaleDetail }>().sale.images;
    const served = await get(t.app, url ?? '', seller.cookie);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(exifHasGps(meta.exif)).toBe(false);
    expect(served.rawPayload.includes('PhoneCam')).toBe(false);
    expect(served.rawPayload.includes('SECRET-EXIF-MARKER')).toBe(false);
  });

  it('accepts WebP and HEIF (AVIF) by content, whatever the file is called', async () => {
    expect(sharp.format.heif.input.buffer).toBe(true);
    const response = await postSale(t, {
      cookie: seller.cookie,
      fields: saleFields(sub(0), '40'),
      files: [
        { data: await cardPhoto('webp', 3), filename: 'card.txt', contentType: 'text/plain' },
        { data: await cardPhoto('avif', 4), filename: 'IMG_0001.HEIC', contentType: 'image/heic' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ sale: SaleDetail }>().sale.images).toHaveLength(2);
  });

  it('answers a HEIC photo this server cannot decode with its own message (415), not a crash', async () => {
    // An ISO-BMFF "heic" header with nothing decodable behind it (prebuilt sharp has no HEVC decoder).
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(2000, 1)]);
    const response = await postSale(t, {
      cookie: seller.cookie,
      fields: saleFields(sub(0), '40'),
      files: [{ data: heic, filename: 'IMG_0002.HEIC' }],
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: saleMessages.heicUnsupported });
  });
});

describe('bad input: a clear message each, never a 5xx, nothing stored', () => {
  it('refuses each bad field', async () => {
    const other = await createCustomer(t);
    await addBankDetails(t, other, '0234567891');
    const steam = (await cardDetail(t, other, 'steam')).card;
    const before = await files();
    const usa = sub(0); // $25–$100 at ₦1,180.00
    const withAmount = (amount: string) => saleFields(usa, amount);
    const photo = [await jpeg(7)];
    const cases: { name: string; fields: Record<string, string>; files?: FilePart[]; status: number; field?: string; message: string }[] = [
      { name: 'amount empty', fields: withAmount(''), status: 400, field: 'amount', message: saleMessages.amountRequired },
      {
        name: 'amount missing',
        fields: { subcategory_id: usa.id, expected_rate: usa.exchange_rate },
        status: 400,
        field: 'amount',
        message: saleMessages.amountRequired,
      },
      { name: 'amount zero', fields: withAmount('0'), status: 400, field: 'amount', message: saleMessages.amountNotPositive },
      { name: 'amount negative', fields: withAmount('-50'), status: 400, field: 'amount', message: saleMessages.amountNotPositive },
      { name: 'amount not a number', fields: withAmount('fifty'), status: 400, field: 'amount', message: saleMessages.amountNotNumber },
      {
        name: 'amount too many decimals',
        fields: withAmount('50.001'),
        status: 400,
        field: 'amount',
        message: saleMessages.amountTooManyDecimals,
      },
      {
        name: 'amount absurdly large',
        fields: withAmount('99999999999999999999'),
        status: 400,
        field: 'amount',
        message: saleMessages.amountTooLarge,
      },
      {
        name: 'amount below the band',
        fields: withAmount('24.99'),
        status: 400,
        field: 'amount',
        message: 'Enter an amount between $25.00 and $100.00 for this card',
      },
      {
        name: 'amount above the band',
        fields: withAmount('100.01'),
        status: 400,
        field: 'amount',
        message: 'Enter an amount between $25.00 and $100.00 for this card',
      },
      {
        name: 'no sub-category',
        fields: { amount: '50', expected_rate: usa.exchange_rate },
        status: 400,
        field: 'subcategory_id',
        message: saleMessages.subcategoryRequired,
      },
      {
        name: 'malformed sub-category',
        fields: { ...withAmount('50'), subcategory_id: 'amazon-usa' },
        status: 400,
        field: 'subcategory_id',
        message: saleMessages.subcategoryRequired,
      },
      {
        name: 'unknown sub-category',
        fields: { ...withAmount('50'), subcategory_id: '6f1c1c52-3f8e-4d3a-9a52-0a4b5c6d7e8f' },
        status: 404,
        field: 'subcategory_id',
        message: saleMessages.subcategoryUnavailable,
      },
      {
        name: "another card's sub-category",
        fields: { ...withAmount('50'), gift_card_id: steam.id },
        status: 400,
        field: 'subcategory_id',
        message: saleMessages.subcategoryUnavailable,
      },
      { name: 'no image', fields: withAmount('50'), files: [], status: 400, field: 'images', message: saleMessages.imagesRequired },
      {
        name: 'an empty file input',
        fields: withAmount('50'),
        files: [{ data: Buffer.alloc(0), filename: '' }],
        status: 400,
        field: 'images',
        message: saleMessages.imagesRequired,
      },
      {
        name: 'a text file called .jpg',
        fields: withAmount('50'),
        files: [{ data: Buffer.from('not a picture at all') }],
        status: 415,
        message: saleMessages.imageNotImage,
      },
      {
        name: 'an SVG',
        fields: withAmount('50'),
        files: [{ data: Buffer.from('<svg onload="alert(1)"/>'), contentType: 'image/svg+xml' }],
        status: 415,
        message: saleMessages.imageNotImage,
      },
      {
        name: 'a GIF',
        fields: withAmount('50'),
        files: [{ data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') }],
        status: 415,
        message: saleMessages.imageNotImage,
      },
      {
        name: 'a broken JPEG',
        fields: withAmount('50'),
        files: [{ data: (await cardPhoto('jpeg')).subarray(0, 300) }],
        status: 400,
        message: saleMessages.imageUnreadable,
      },
      {
        name: 'an image in another field',
        fields: withAmount('50'),
        files: [{ data: (await jpeg()).data, field: 'photo' }],
        status: 400,
        field: 'images',
        message: saleMessages.imageNotImage,
      },
      {
        name: 'NUL in comment',
        fields: { ...withAmount('50'), comment: 'hello\u0000world' },
        status: 400,
        field: 'comment',
        message: 'Invalid characters',
      },
      {
        name: 'escape code in comment',
        fields: { ...withAmount('50'), comment: 'red \u001b[31m text' },
        status: 400,
        field: 'comment',
        message: 'Invalid characters',
      },
      {
        name: 'comment too long',
        fields: { ...withAmount('50'), comment: 'x'.repeat(501) },
        status: 400,
        field: 'comment',
        message: saleMessages.commentTooLong,
      },
      {
        name: 'comment far too long',
        fields: { ...withAmount('50'), comment: 'x'.repeat(20_000) },
        status: 400,
        field: 'comment',
        message: saleMessages.commentTooLong,
      },
      {
        name: 'card code too long',
        fields: { ...withAmount('50'), card_code: 'C'.repeat(101) },
        status: 400,
        field: 'card_code',
        message: saleMessages.cardCodeTooLong,
      },
      {
        name: 'no expected rate',
        fields: { subcategory_id: usa.id, amount: '50' },
        status: 400,
        field: 'expected_rate',
        message: saleMessages.expectedRateRequired,
      },
      {
        name: 'an unknown field',
        fields: { ...withAmount('50'), value_kobo: '1' },
        status: 400,
        message: 'The request could not be understood',
      },
    ];
    for (const c of cases) {
      const response = await postSale(t, { cookie: other.cookie, fields: c.fields, files: c.files ?? photo });
      expect(response.statusCode, `${c.name}: ${response.body}`).toBe(c.status);
      const json = response.json<{ error: string; fields?: Record<string, string> }>();
      expect(json.error, c.name).toBe(c.message);
      if (c.field) expect(json.fields?.[c.field], c.name).toBe(c.message);
    }
    expect(await files()).toEqual(before);
    expect(await countRows(other.id)).toEqual({ sales: 0, uploads: 0 });
  });

  it('refuses a field sent twice', async () => {
    const usa = sub(0);
    const boundary = '----wiseTwice';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.from(
      part('subcategory_id', usa.id) +
        part('amount', '50') +
        part('amount', '5000') +
        part('expected_rate', usa.exchange_rate) +
        `--${boundary}--\r\n`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/giftcards/sales',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: seller.cookie, 'idempotency-key': 'twice-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { amount: 'The request could not be understood' } });
  });

  it('refuses an oversized image (413) and more than 10 images (400)', async () => {
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10, 7)]);
    const oversized = await postSale(t, { cookie: seller.cookie, fields: saleFields(sub(0), '50'), files: [{ data: huge }] });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toMatchObject({ error: saleMessages.imageTooLarge, fields: { images: saleMessages.imageTooLarge } });

    const small = await cardPhoto('jpeg', 9, 40, 30);
    const eleven = await postSale(t, {
      cookie: seller.cookie,
      fields: saleFields(sub(0), '50'),
      files: Array.from({ length: 11 }, () => ({ data: small })),
    });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toMatchObject({ error: saleMessages.imagesTooMany, fields: { images: saleMessages.imagesTooMany } });

    const ten = await postSale(t, {
      cookie: seller.cookie,
      fields: saleFields(sub(0), '50'),
      files: Array.from({ length: 10 }, () => ({ data: small })),
    });
    expect(ten.statusCode, ten.body).toBe(201);
    expect(ten.json<{ sale: SaleDetail }>().sale.images).toHaveLength(10);
  });

  it('refuses a disabled card or sub-category (404)', async () => {
    const walmart = await cardDetail(t, seller, 'walmart');
    const walmartSub = walmart.subcategories[0];
    if (!walmartSub) throw new Error('walmart has no sub-category');
    await t.database.query("UPDATE gift_cards SET enabled = false WHERE slug = 'walmart'");
    const disabledCard = await postSale(t, { cookie: seller.cookie, fields: saleFields(walmartSub, '50'), files: [await jpeg()] });
    expect(disabledCard.statusCode).toBe(404);
    expect(disabledCard.json()).toMatchObject({ code: 'GIFTCARD_NOT_FOUND', error: saleMessages.subcategoryUnavailable });
    await t.database.query("UPDATE gift_cards SET enabled = true WHERE slug = 'walmart'");

    await t.database.query('UPDATE gift_card_subcategories SET enabled = false WHERE id = $1', [walmartSub.id]);
    const disabledSub = await postSale(t, { cookie: seller.cookie, fields: saleFields(walmartSub, '50'), files: [await jpeg()] });
    expect(disabledSub.statusCode).toBe(404);
    await t.database.query('UPDATE gift_card_subcategories SET enabled = true WHERE id = $1', [walmartSub.id]);
  });

  it('refuses a rate that changed since the customer saw it: 409 RATE_CHANGED with the new rate and value', async () => {
    const before = await files();
    const seen = await cardDetail(t, seller, 'apple-itunes');
    const first = seen.subcategories[0];
    if (!first) throw new Error('no sub-category');
    // Within a lone admin's reach (a change over RATE_CHANGE_SECOND_APPROVAL_PERCENT waits for another).
    await t.database.query("UPDATE gift_card_subcategories SET exchange_rate = '1400.00' WHERE id = $1", [first.id]);
    const response = await postSale(t, { cookie: seller.cookie, fields: saleFields(first, '25'), files: [await jpeg()] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'The rate has changed to ₦1,400.00/$. Check the new value and submit again.',
      code: 'RATE_CHANGED',
      meta: { exchange_rate: '1400.00', value_kobo: 3_500_000 },
    });
    expect(await files()).toEqual(before);
    // Submitting again with the new rate goes through.
    const again = await postSale(t, {
      cookie: seller.cookie,
      fields: { ...saleFields(first, '25'), expected_rate: '1400' },
      files: [await jpeg()],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<{ sale: SaleDetail }>().sale).toMatchObject({ exchange_rate: '1400.00', value_kobo: 3_500_000 });
  });

  it('needs bank details on file (409 BANK_DETAILS_REQUIRED)', async () => {
    const newcomer = await createCustomer(t);
    const before = await files();
    const response = await postSale(t, { cookie: newcomer.cookie, fields: saleFields(sub(0), '50'), files: [await jpeg()] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: saleMessages.bankDetailsRequired, code: 'BANK_DETAILS_REQUIRED' });
    expect(await files()).toEqual(before);
    expect(await countRows(newcomer.id)).toEqual({ sales: 0, uploads: 0 });
  });

  it('needs an Idempotency-Key, a multipart body, a session, and the session user only', async () => {
    const missing = await postSale(t, { cookie: seller.cookie, fields: saleFields(sub(0), '50'), files: [await jpeg()], key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: saleMessages.idempotencyKeyRequired });
    const bad = await postSale(t, { cookie: seller.cookie, fields: saleFields(sub(0), '50'), files: [await jpeg()], key: 'a b/c' });
    expect(bad.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/giftcards/sales',
      payload: saleFields(sub(0), '50'),
      headers: { cookie: seller.cookie, 'idempotency-key': 'json-body-1' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ error: saleMessages.notMultipart });
    const loggedOut = await postSale(t, { fields: saleFields(sub(0), '50'), files: [await jpeg()] });
    expect(loggedOut.statusCode).toBe(401);
    const other = await createCustomer(t);
    const impersonating = await postSale(t, {
      cookie: seller.cookie,
      fields: { ...saleFields(sub(0), '50'), user_id: other.id },
      files: [await jpeg()],
    });
    expect(impersonating.statusCode).toBe(403);
    const own = await postSale(t, {
      cookie: seller.cookie,
      fields: { ...saleFields(sub(0), '50'), user_id: seller.id },
      files: [await jpeg(11)],
    });
    expect(own.statusCode, own.body).toBe(201);
  });
});

describe('a failure after the files are written', () => {
  it('leaves no file and no row when the database refuses the sale', async () => {
    // A stand-in for any failure inside the sale's transaction (lost connection, a constraint).
    await t.database.query("ALTER TABLE sales ADD CONSTRAINT test_refuse_boom CHECK (comment IS DISTINCT FROM 'boom')");
    try {
      const before = await files();
      const rows = await countRows(seller.id);
      const response = await postSale(t, {
        cookie: seller.cookie,
        fields: saleFields(sub(0), '50', { comment: 'boom' }),
        files: [await jpeg(21), await jpeg(22), await jpeg(23)],
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'INTERNAL' });
      expect(await files()).toEqual(before);
      expect(await countRows(seller.id)).toEqual(rows);
    } finally {
      await t.database.query('ALTER TABLE sales DROP CONSTRAINT test_refuse_boom');
    }
  });

  it('leaves no file when the store fails half-way (the domain, with a failing store)', async () => {
    const disk = new DiskFileStore(dir);
    let puts = 0;
    const flaky: FileStore = {
      kind: 'disk',
      put: async (key, body) => {
        puts += 1;
        if (puts === 3) throw new Error('disk full');
        await disk.put(key, body);
      },
      get: (key) => disk.get(key),
      delete: (key) => disk.delete(key),
    };
    const before = await files();
    const rows = await countRows(seller.id);
    const image = {
      body: await sharp(await cardPhoto('jpeg', 31))
        .webp()
        .toBuffer(),
      sourceDigest: 'a'.repeat(64),
    };
    await expect(
      submitGiftCardSale(
        t.database.db,
        { clock: t.clock, store: flaky, onCleanupError: () => undefined },
        {
          userId: seller.id,
          idempotencyKey: 'flaky-store-1',
          fields: {
            subcategory_id: sub(0).id,
            amount: '50',
            expected_rate: sub(0).exchange_rate,
            comment: undefined,
            card_code: undefined,
          },
          images: [image, image, image, image],
        },
      ),
    ).rejects.toThrow('disk full');
    expect(await files()).toEqual(before);
    expect(await countRows(seller.id)).toEqual(rows);
  });
});

describe('rate limit', () => {
  it('limits sale submissions per customer (429)', async () => {
    const limited = await createTestApp({ rateLimitMultiplier: 0.1, env: { UPLOAD_DIR: dir } });
    try {
      const c = await createCustomer(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await postSale(limited, { cookie: c.cookie, fields: { amount: '50' }, files: [] })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
      const other = await createCustomer(limited);
      expect((await postSale(limited, { cookie: other.cookie, fields: { amount: '50' }, files: [] })).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
