import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  coinArtUrl,
  quoteExpiredMetaSchema,
  saleMessages,
  saleResponseSchema,
  transactionDetailResponseSchema,
  transactionListResponseSchema,
  type Quote,
  transactionIdMessages,
  type SaleDetail,
} from '@wise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Dec } from '../src/domain/crypto/money';
import { submitCryptoSale } from '../src/domain/sales/crypto';
import { ManualClock } from '../src/lib/clock';
import { DiskFileStore } from '../src/providers/file-store/index';
import { SandboxMarketData } from '../src/providers/market-data/sandbox';
import { createTestApp, get, type TestApp } from './support/app';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { addBankDetails, cardPhoto, jpegWithGps, multipartForm, newIdempotencyKey, type FilePart } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * POST /api/crypto/sales (docs/product.md §7 sell_cryptocurrency.php) over real
 * multipart with the sandbox prices and a clock moved by hand: the sale is its quote's, one quote
 * sells once, an expired quote comes back fresh, and every bad input has a clear answer.
 */

const MINUTE = 60_000;
const startedAt = new Date('2026-06-01T12:00:00Z');
const clock = new ManualClock(startedAt);
let t: TestApp;
let dir: string;
let seller: TestUser;

const files = async () => (await readdir(dir)).filter((name) => name.endsWith('.webp')).sort();
const rowsOf = async (userId: string) => {
  const [row] = await t.database.query<{ sales: number; uploads: number }>(
    "SELECT (SELECT count(*)::int FROM sales WHERE user_id = $1) AS sales, (SELECT count(*)::int FROM uploads WHERE user_id = $1 AND purpose = 'sale_image') AS uploads",
    [userId],
  );
  return row;
};
const screenshot = async (seed = 0): Promise<FilePart> => ({ data: await cardPhoto('png', seed, 240, 420) });
/** The value a quote promises, worked out here from its own prices (docs/decisions.md §4). */
const valueOf = (quote: Quote) =>
  new Dec(quote.amount).times(quote.price_usd).times(quote.rate_ngn_per_usd).times(100).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-crypto-sales-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t, { full_name: 'Tunde Bakare' });
  await addBankDetails(t, seller, '0123456789');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  clock.set(startedAt);
  await refreshPrices(t);
});

/** USDT is sold on a network the customer chose (0052): these sales say TRC20; the other coins have one network each. */
const sentOn = (quote: { coin: string }): Record<string, string> => (quote.coin === 'usdt' ? { network: 'tron' } : {});

describe('a crypto sale', () => {
  it("is recorded at its quote's value with the prices it used, the screenshot re-encoded and the bank details snapshotted (201)", async () => {
    const quote = await quoteFor(t, seller, 'btc', '0.0150');
    expect(quote.amount).toBe('0.015');
    const before = await files();
    clock.advance(3 * MINUTE);
    const response = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: {
        quote_id: quote.id,
        ...sentOn(quote),
        transaction_id: '  9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f  ',
      },
      files: [{ data: await jpegWithGps(), filename: 'IMG_2041.jpg', contentType: 'image/jpeg' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { sale } = saleResponseSchema.parse(response.json());
    expect(sale).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      transaction_date: new Date(startedAt.getTime() + 3 * MINUTE).toISOString(),
      transaction_type: 'crypto',
      kind: 'crypto',
      title: 'BTC · 0.015',
      status: 'pending',
      amount_kobo: quote.value_kobo,
      value_kobo: quote.value_kobo,
      image_path_url: null,
      crypto_logo_url: coinArtUrl('btc'),
      comment: null,
      card: null,
      subcategory: null,
      card_code: null,
      // The coins' worth in dollars at naira per dollar: the detail screen's "amount at a rate".
      currency: 'USD',
      currency_amount: new Dec('0.015').times(quote.price_usd).toFixed(),
      exchange_rate: quote.rate_ngn_per_usd,
      coin: 'btc',
      coin_amount: '0.015',
      transaction_id: '9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f',
      crypto: {
        symbol: 'BTC',
        price_usd: quote.price_usd,
        usdt_rate_ngn: quote.usdt_rate_ngn,
        coin_adjustment_ngn: '-20',
        rate_ngn_per_usd: quote.rate_ngn_per_usd,
      },
      images: [expect.stringMatching(/^\/api\/sales\/[0-9a-f-]{36}\/images\/[a-f0-9]{32}\.webp$/)],
      bank: { bank_name: 'Guaranty Trust Bank', account_number: '0123456789', account_name: expect.any(String) },
      timeline: [{ status: 'submitted', at: new Date(startedAt.getTime() + 3 * MINUTE).toISOString() }],
      rejection_reason: null,
      rejection_message: null,
      rejection_code: null,
      crypto_return: null,
      payout_reference: null,
    } satisfies SaleDetail);
    expect(sale.value_kobo).toBe(valueOf(quote));
    expect((await files()).length).toBe(before.length + 1);

    // The prices and adjustments the value was computed with are stored with the sale.
    const [row] = await t.database.query<Record<string, string>>(
      'SELECT quote_id, coin_amount::text, price_usd::text, usdt_market_rate_ngn::text, usdt_adjustment_ngn::text, usdt_rate_ngn::text, coin_adjustment_ngn::text, exchange_rate::text FROM sales WHERE id = $1',
      [sale.id],
    );
    const [stored] = await t.database.query<Record<string, string>>('SELECT usdt_market_rate_ngn::text FROM crypto_quotes WHERE id = $1', [
      quote.id,
    ]);
    expect(row).toEqual({
      quote_id: quote.id,
      ...sentOn(quote),
      coin_amount: '0.015',
      price_usd: quote.price_usd,
      usdt_market_rate_ngn: stored?.usdt_market_rate_ngn,
      usdt_adjustment_ngn: '15.00',
      usdt_rate_ngn: quote.usdt_rate_ngn,
      coin_adjustment_ngn: '-20.00',
      exchange_rate: quote.rate_ngn_per_usd,
    });

    // The screenshot: served to its owner only, re-encoded, no EXIF (GPS included) left.
    const [url = ''] = sale.images;
    const served = await get(t.app, url, seller.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('private');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('SECRET-EXIF-MARKER')).toBe(false);
    expect(served.rawPayload.includes('PhoneCam')).toBe(false);
    const stranger = await createCustomer(t);
    expect((await get(t.app, url, stranger.cookie)).statusCode).toBe(404);
    expect((await get(t.app, url)).statusCode).toBe(401);

    // The transactions list and the detail screen show it, with the coin's logo, amount and rate.
    const list = transactionListResponseSchema.parse((await get(t.app, '/api/transactions', seller.cookie)).json());
    expect(list.transactions.find((item) => item.id === sale.id)).toEqual({
      id: sale.id,
      transaction_date: sale.transaction_date,
      transaction_type: 'crypto',
      title: 'BTC · 0.015',
      amount_kobo: quote.value_kobo,
      status: 'pending',
      image_path_url: null,
      crypto_logo_url: '/api/crypto/art/btc.svg',
      comment: null,
    });
    const pending = transactionListResponseSchema.parse((await get(t.app, '/api/transactions?status=pending', seller.cookie)).json());
    expect(pending.transactions.map((item) => item.id)).toContain(sale.id);
    const detail = await get(t.app, `/api/transactions/${sale.id}`, seller.cookie);
    expect(detail.statusCode).toBe(200);
    expect(transactionDetailResponseSchema.parse(detail.json()).transaction).toEqual(sale);
    expect((await get(t.app, `/api/transactions/${sale.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(t.app, coinArtUrl('btc'))).statusCode).toBe(200);
  });

  it.each([
    ['usdt', '250.5', 'USDT', '0'],
    ['bnb', '1.5', 'BNB', '+10'],
    ['sol', '2.123456789', 'SOL', '-10'],
  ] as const)('sells %s at its own rate (adjustment %s)', async (coin, amount, symbol, adjustment) => {
    const quote = await quoteFor(t, seller, coin, amount);
    const response = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(coin.length)],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(saleResponseSchema.parse(response.json()).sale).toMatchObject({
      title: `${symbol} · ${amount}`,
      coin,
      coin_amount: amount,
      value_kobo: valueOf(quote),
      crypto_logo_url: coinArtUrl(coin),
      transaction_id: null,
      crypto: { symbol, coin_adjustment_ngn: adjustment, rate_ngn_per_usd: quote.rate_ngn_per_usd },
    });
  });

  it("ignores any figure the browser sends: the quote's value stands", async () => {
    const quote = await quoteFor(t, seller, 'sol', '3');
    const response = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: {
        quote_id: quote.id,
        ...sentOn(quote),
        amount: '999999999',
        value_kobo: '100000000000',
        value_ngn: '1000000000.00',
        rate_ngn_per_usd: '99999',
        price_usd: '1000000',
        coin: 'btc',
        transaction_type: 'crypto',
        crypto_logo: 'https://evil.example/logo.png',
      },
      files: [await screenshot(40)],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { sale } = saleResponseSchema.parse(response.json());
    expect(sale).toMatchObject({
      coin: 'sol',
      coin_amount: '3',
      value_kobo: quote.value_kobo,
      exchange_rate: quote.rate_ngn_per_usd,
      crypto_logo_url: coinArtUrl('sol'),
    });
    expect(response.body).not.toContain('evil.example');
  });
});

describe('the quote', () => {
  it('expired: 409 QUOTE_EXPIRED with a fresh quote for the same coin and amount, nothing stored; the fresh one then sells', async () => {
    const quote = await quoteFor(t, seller, 'bnb', '0.75');
    clock.advance(15 * MINUTE); // expires_at exactly: no longer honoured
    await refreshPrices(t);
    const before = { files: await files(), rows: await rowsOf(seller.id) };
    const key = newIdempotencyKey();
    const image = await screenshot(50);
    const refused = await postCryptoSale(t, {
      cookie: seller.cookie,
      key,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [image],
    });
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ error: string; code: string; meta: unknown }>();
    expect(body).toMatchObject({ error: 'This quote has expired. Check the new value and confirm', code: 'QUOTE_EXPIRED' });
    const fresh = quoteExpiredMetaSchema.parse(body.meta).quote;
    expect(fresh).toMatchObject({ coin: 'bnb', amount: '0.75', expires_at: new Date(clock.now().getTime() + 15 * MINUTE).toISOString() });
    expect(fresh.id).not.toBe(quote.id);
    expect(fresh.prices_at).toBe(clock.now().toISOString());
    expect(fresh.value_kobo).toBe(valueOf(fresh));
    expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);

    // The customer confirms the new value: the same submission with the fresh quote (the key was not spent).
    const sold = await postCryptoSale(t, { cookie: seller.cookie, key, fields: { quote_id: fresh.id, ...sentOn(fresh) }, files: [image] });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(saleResponseSchema.parse(sold.json()).sale).toMatchObject({ coin: 'bnb', coin_amount: '0.75', value_kobo: fresh.value_kobo });
  });

  it('is honoured until the last millisecond before it expires', async () => {
    const quote = await quoteFor(t, seller, 'usdt', '40');
    clock.advance(15 * MINUTE - 1);
    const response = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(51)],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ sale: SaleDetail }>().sale.value_kobo).toBe(quote.value_kobo);
  });

  it('expired while prices are stale: 503 PRICES_STALE (no fresh value can be promised), nothing stored', async () => {
    const quote = await quoteFor(t, seller, 'btc', '0.002');
    clock.advance(15 * MINUTE); // the cached prices are now 900 s old: stale
    const before = { files: await files(), rows: await rowsOf(seller.id) };
    const response = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(52)],
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'PRICES_STALE', error: 'Prices are being updated. Try again in a minute.' });
    expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);
  });

  it("another customer's quote, or one that does not exist, is not found (404)", async () => {
    const other = await createCustomer(t);
    await addBankDetails(t, other, '0234567891');
    const theirs = await quoteFor(t, other, 'usdt', '10');
    const before = { files: await files(), rows: await rowsOf(seller.id) };
    for (const quoteId of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await postCryptoSale(t, { cookie: seller.cookie, fields: { quote_id: quoteId }, files: [await screenshot(53)] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'This quote does not exist', code: 'QUOTE_NOT_FOUND' });
    }
    expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);
    // Still theirs to sell.
    const own = await postCryptoSale(t, {
      cookie: other.cookie,
      fields: { quote_id: theirs.id, ...sentOn(theirs) },
      files: [await screenshot(54)],
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('sells once: a second sale of it is 409 QUOTE_USED, also after it has expired', async () => {
    const quote = await quoteFor(t, seller, 'sol', '1.25');
    const first = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(55)],
    });
    expect(first.statusCode, first.body).toBe(201);
    const before = { files: await files(), rows: await rowsOf(seller.id) };
    const used = { error: 'This quote has already been used for a sale. Get a new quote to sell again', code: 'QUOTE_USED' };
    const again = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote), transaction_id: '7'.repeat(64) },
      files: [await screenshot(56)],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(used);
    // Expired too: still "used", never a fresh quote for coins already sold.
    clock.advance(16 * MINUTE);
    await refreshPrices(t);
    const later = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(57)],
    });
    expect(later.statusCode).toBe(409);
    expect(later.json()).toEqual(used);
    expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);
  });

  it('sent twice at once with different keys: one sale, the other 409 QUOTE_USED, no orphan file', async () => {
    const quote = await quoteFor(t, seller, 'usdt', '75');
    const before = { files: (await files()).length, rows: await rowsOf(seller.id) };
    const responses = await Promise.all(
      [60, 61, 62].map(async (seed) =>
        postCryptoSale(t, { cookie: seller.cookie, fields: { quote_id: quote.id, ...sentOn(quote) }, files: [await screenshot(seed)] }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) expect(refused.json()).toMatchObject({ code: 'QUOTE_USED' });
    expect(await rowsOf(seller.id)).toEqual({ sales: (before.rows?.sales ?? 0) + 1, uploads: (before.rows?.uploads ?? 0) + 1 });
    expect((await files()).length).toBe(before.files + 1);
  });
});

describe('the Idempotency-Key', () => {
  it('with the same request returns the first sale (201, same body), even once the quote has expired', async () => {
    const quote = await quoteFor(t, seller, 'btc', '0.001');
    const key = newIdempotencyKey();
    const image = await screenshot(70);
    const first = await postCryptoSale(t, {
      cookie: seller.cookie,
      key,
      fields: { quote_id: quote.id, ...sentOn(quote), transaction_id: '70'.repeat(32) },
      files: [image],
    });
    expect(first.statusCode, first.body).toBe(201);
    const before = { files: await files(), rows: await rowsOf(seller.id) };
    // The answer was lost; the phone retries later, with the same key and the same request.
    clock.advance(20 * MINUTE);
    const again = await postCryptoSale(t, {
      cookie: seller.cookie,
      key,
      fields: { quote_id: quote.id.toUpperCase(), ...sentOn(quote), transaction_id: ` https://mempool.space/tx/${'70'.repeat(32)} ` },
      files: [image],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);
  });

  it('with a different request is refused (422): another transaction ID, screenshot or quote', async () => {
    const quote = await quoteFor(t, seller, 'usdt', '20');
    const other = await quoteFor(t, seller, 'usdt', '21');
    const key = newIdempotencyKey();
    const image = await screenshot(71);
    const first = await postCryptoSale(t, { cookie: seller.cookie, key, fields: { quote_id: quote.id, ...sentOn(quote) }, files: [image] });
    expect(first.statusCode, first.body).toBe(201);
    const before = { files: await files(), rows: await rowsOf(seller.id) };
    const variants: { fields: Record<string, string>; files: FilePart[] }[] = [
      { fields: { quote_id: quote.id, ...sentOn(quote), transaction_id: '71'.repeat(32) }, files: [image] },
      { fields: { quote_id: quote.id, ...sentOn(quote) }, files: [await screenshot(72)] },
      { fields: { quote_id: other.id, ...sentOn(other) }, files: [image] },
    ];
    for (const variant of variants) {
      const response = await postCryptoSale(t, { cookie: seller.cookie, key, ...variant });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: saleMessages.idempotencyKeyReused, code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);
  });

  it('used by a gift-card sale cannot make a crypto sale (422)', async () => {
    const key = newIdempotencyKey();
    const [sub] = await t.database.query<{ id: string; exchange_rate: string }>(
      "SELECT s.id, s.exchange_rate::text FROM gift_card_subcategories s JOIN gift_cards c ON c.id = s.gift_card_id WHERE c.slug = 'amazon' ORDER BY s.position LIMIT 1",
    );
    const body = multipartForm({ subcategory_id: sub?.id ?? '', amount: '50', expected_rate: sub?.exchange_rate ?? '' }, [
      { data: await cardPhoto('jpeg', 73) },
    ]);
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/giftcards/sales',
      payload: body.payload,
      headers: { ...body.headers, cookie: seller.cookie, 'idempotency-key': key },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const quote = await quoteFor(t, seller, 'usdt', '22');
    const crypto = await postCryptoSale(t, {
      cookie: seller.cookie,
      key,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(73)],
    });
    expect(crypto.statusCode).toBe(422);
  });

  it('sent three times at once (a double tap) makes one sale and leaves no orphan file', async () => {
    const quote = await quoteFor(t, seller, 'bnb', '0.2');
    const key = newIdempotencyKey();
    const image = await screenshot(74);
    const before = { files: (await files()).length, rows: await rowsOf(seller.id) };
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        postCryptoSale(t, { cookie: seller.cookie, key, fields: { quote_id: quote.id, ...sentOn(quote) }, files: [image] }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(responses.map((r) => r.json<{ sale: SaleDetail }>().sale.id)).size).toBe(1);
    expect(await rowsOf(seller.id)).toEqual({ sales: (before.rows?.sales ?? 0) + 1, uploads: (before.rows?.uploads ?? 0) + 1 });
    expect((await files()).length).toBe(before.files + 1);
  });
});

describe('bad input: a clear message each, never a 5xx, nothing stored', () => {
  it('refuses each bad field or file', async () => {
    const customer = await createCustomer(t);
    await addBankDetails(t, customer, '0345678912');
    const quote = await quoteFor(t, customer, 'usdt', '15');
    const valid = { quote_id: quote.id, ...sentOn(quote) };
    const shot = [await screenshot(80)];
    const huge = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(10 * 1024 * 1024 + 10, 7)]);
    const before = await files();
    const cases: { name: string; fields: Record<string, string>; files?: FilePart[]; status: number; field?: string; message: string }[] = [
      { name: 'no screenshot', fields: valid, files: [], status: 400, field: 'screenshot', message: saleMessages.screenshotRequired },
      {
        name: 'an empty file input',
        fields: valid,
        files: [{ data: Buffer.alloc(0), filename: '' }],
        status: 400,
        field: 'screenshot',
        message: saleMessages.screenshotRequired,
      },
      {
        name: 'an empty file',
        fields: valid,
        files: [{ data: Buffer.alloc(0) }],
        status: 400,
        field: 'screenshot',
        message: saleMessages.screenshotRequired,
      },
      {
        name: 'a text file called .png',
        fields: valid,
        files: [{ data: Buffer.from('not a picture at all') }],
        status: 415,
        field: 'screenshot',
        message: saleMessages.screenshotNotImage,
      },
      {
        name: 'a PDF',
        fields: valid,
        files: [{ data: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), contentType: 'application/pdf' }],
        status: 415,
        field: 'screenshot',
        message: saleMessages.screenshotNotImage,
      },
      {
        name: 'an SVG',
        fields: valid,
        files: [{ data: Buffer.from('<svg onload="alert(1)"/>'), contentType: 'image/svg+xml' }],
        status: 415,
        field: 'screenshot',
        message: saleMessages.screenshotNotImage,
      },
      {
        name: 'a broken PNG',
        fields: valid,
        files: [{ data: (await cardPhoto('png')).subarray(0, 200) }],
        status: 400,
        field: 'screenshot',
        message: saleMessages.screenshotUnreadable,
      },
      {
        name: 'an oversized screenshot',
        fields: valid,
        files: [{ data: huge }],
        status: 413,
        field: 'screenshot',
        message: saleMessages.screenshotTooLarge,
      },
      {
        name: 'two screenshots',
        fields: valid,
        files: [await screenshot(81), await screenshot(82)],
        status: 400,
        field: 'screenshot',
        message: saleMessages.screenshotTooMany,
      },
      {
        name: 'the image in another field',
        fields: valid,
        files: [{ data: (await screenshot(83)).data, field: 'images' }],
        status: 400,
        field: 'screenshot',
        message: saleMessages.screenshotNotImage,
      },
      { name: 'no quote_id', fields: {}, status: 400, field: 'quote_id', message: saleMessages.quoteRequired },
      { name: 'an empty quote_id', fields: { quote_id: '' }, status: 400, field: 'quote_id', message: saleMessages.quoteRequired },
      {
        name: 'a malformed quote_id',
        fields: { quote_id: 'btc-0.015' },
        status: 400,
        field: 'quote_id',
        message: saleMessages.quoteInvalid,
      },
      {
        name: 'an injected quote_id',
        fields: { quote_id: `${quote.id}' OR '1'='1` },
        status: 400,
        field: 'quote_id',
        message: saleMessages.quoteInvalid,
      },
      {
        name: 'NUL in transaction_id',
        fields: { ...valid, transaction_id: 'abc\u0000def' },
        status: 400,
        field: 'transaction_id',
        message: transactionIdMessages.usdtHex,
      },
      {
        name: 'a line break in transaction_id',
        fields: { ...valid, transaction_id: 'abc\ndef' },
        status: 400,
        field: 'transaction_id',
        message: transactionIdMessages.usdtHex,
      },
      {
        name: 'an escape code in transaction_id',
        fields: { ...valid, transaction_id: 'red \u001b[31m' },
        status: 400,
        field: 'transaction_id',
        message: transactionIdMessages.usdtHex,
      },
      {
        name: 'a made-up transaction_id',
        fields: { ...valid, transaction_id: 'tx-70' },
        status: 400,
        field: 'transaction_id',
        message: transactionIdMessages.usdtHex,
      },
      {
        name: 'transaction_id too long',
        fields: { ...valid, transaction_id: 'x'.repeat(301) },
        status: 400,
        field: 'transaction_id',
        message: saleMessages.transactionIdTooLong,
      },
      {
        name: 'transaction_id far too long',
        fields: { ...valid, transaction_id: 'x'.repeat(20_000) },
        status: 400,
        field: 'transaction_id',
        message: saleMessages.transactionIdTooLong,
      },
      {
        name: 'a field sent twice',
        fields: { ...valid, transaction_id: 'a' },
        status: 400,
        field: 'quote_id',
        message: 'The request could not be understood',
      },
      { name: 'an unknown field', fields: { ...valid, card_code: 'X' }, status: 400, message: 'The request could not be understood' },
    ];
    for (const c of cases) {
      const request =
        c.name === 'a field sent twice'
          ? twiceQuoteId(customer.cookie, quote.id)
          : postCryptoSale(t, { cookie: customer.cookie, fields: c.fields, files: c.files ?? shot });
      const response = await request;
      expect(response.statusCode, `${c.name}: ${response.body}`).toBe(c.status);
      const json = response.json<{ error: string; fields?: Record<string, string> }>();
      expect(json.error, c.name).toBe(c.message);
      if (c.field) expect(json.fields?.[c.field], c.name).toBe(c.message);
    }
    expect(await files()).toEqual(before);
    expect(await rowsOf(customer.id)).toEqual({ sales: 0, uploads: 0 });
    // The quote is still good after all of that.
    const sold = await postCryptoSale(t, { cookie: customer.cookie, fields: valid, files: shot });
    expect(sold.statusCode, sold.body).toBe(201);
  });

  it('needs bank details on file (409 BANK_DETAILS_REQUIRED), nothing stored', async () => {
    const newcomer = await createCustomer(t);
    const quote = await quoteFor(t, newcomer, 'btc', '0.01');
    const before = await files();
    const response = await postCryptoSale(t, {
      cookie: newcomer.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(90)],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: saleMessages.bankDetailsRequired, code: 'BANK_DETAILS_REQUIRED' });
    expect(await files()).toEqual(before);
    expect(await rowsOf(newcomer.id)).toEqual({ sales: 0, uploads: 0 });
    // With bank details added, the same quote sells, paid to them.
    await addBankDetails(t, newcomer, '0456789123');
    const sold = await postCryptoSale(t, {
      cookie: newcomer.cookie,
      fields: { quote_id: quote.id, ...sentOn(quote) },
      files: [await screenshot(90)],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(saleResponseSchema.parse(sold.json()).sale.bank.account_number).toBe('0456789123');
  });

  it('needs an Idempotency-Key, a multipart body, a session, and the session user only', async () => {
    const quote = await quoteFor(t, seller, 'usdt', '30');
    const fields = { quote_id: quote.id, ...sentOn(quote) };
    const missing = await postCryptoSale(t, { cookie: seller.cookie, fields, files: [await screenshot(91)], key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: saleMessages.idempotencyKeyRequired });
    const bad = await postCryptoSale(t, { cookie: seller.cookie, fields, files: [await screenshot(91)], key: 'a b/c' });
    expect(bad.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/sales',
      payload: fields,
      headers: { cookie: seller.cookie, 'idempotency-key': 'json-body-1' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ error: saleMessages.notMultipartScreenshot });
    const loggedOut = await postCryptoSale(t, { fields, files: [await screenshot(91)] });
    expect(loggedOut.statusCode).toBe(401);
    const other = await createCustomer(t);
    const impersonating = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { ...fields, user_id: other.id },
      files: [await screenshot(91)],
    });
    expect(impersonating.statusCode).toBe(403);
    const own = await postCryptoSale(t, {
      cookie: seller.cookie,
      fields: { ...fields, user_id: seller.id },
      files: [await screenshot(91)],
    });
    expect(own.statusCode, own.body).toBe(201);
  });
});

/** A body naming quote_id twice (an HTML form cannot, a script can). */
function twiceQuoteId(cookie: string, quoteId: string) {
  const boundary = '----wiseTwiceQuote';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.from(part('quote_id', quoteId) + part('quote_id', '00000000-0000-4000-8000-000000000000') + `--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: '/api/crypto/sales',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, 'idempotency-key': newIdempotencyKey() },
  });
}

describe('a failure after the screenshot is written', () => {
  it('leaves no file and no row when the database refuses the sale', async () => {
    await t.database.query(
      "ALTER TABLE sales ADD CONSTRAINT test_refuse_boom CHECK (transaction_id IS DISTINCT FROM 'b000000000000000000000000000000000000000000000000000000000000000')",
    );
    try {
      const quote = await quoteFor(t, seller, 'usdt', '12');
      const before = { files: await files(), rows: await rowsOf(seller.id) };
      const response = await postCryptoSale(t, {
        cookie: seller.cookie,
        fields: {
          quote_id: quote.id,
          ...sentOn(quote),
          transaction_id: 'b000000000000000000000000000000000000000000000000000000000000000',
        },
        files: [await screenshot(95)],
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'INTERNAL' });
      expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);
      // The quote was not spent by the failure.
      const sold = await postCryptoSale(t, {
        cookie: seller.cookie,
        fields: { quote_id: quote.id, ...sentOn(quote) },
        files: [await screenshot(95)],
      });
      expect(sold.statusCode, sold.body).toBe(201);
    } finally {
      await t.database.query('ALTER TABLE sales DROP CONSTRAINT test_refuse_boom');
    }
  });

  it('a quote that expires while the screenshot uploads: no sale, no file, a fresh quote (the domain, with a clock that moves)', async () => {
    const quote = await quoteFor(t, seller, 'bnb', '0.3');
    const before = { files: await files(), rows: await rowsOf(seller.id) };
    // The first reading of the clock (the check before the upload) is inside the quote's life; the
    // one inside the sale's transaction is after it.
    let reads = 0;
    const movingClock = { now: () => new Date(startedAt.getTime() + (reads++ === 0 ? 14 : 15) * MINUTE) };
    const quoteClock = new ManualClock(new Date(startedAt.getTime() + 15 * MINUTE));
    await refreshPrices(t);
    const error = await submitCryptoSale(
      t.database.db,
      {
        clock: movingClock,
        store: new DiskFileStore(dir),
        onCleanupError: () => undefined,
        quotes: {
          provider: new SandboxMarketData(quoteClock),
          clock: quoteClock,
          settings: { refreshIntervalMs: 60_000, trendingIntervalMs: 600_000, maxPriceAgeMs: 600_000, firstFetchTimeoutMs: 5000 },
          quoteTtlMs: 15 * MINUTE,
        },
      },
      {
        userId: seller.id,
        idempotencyKey: newIdempotencyKey(),
        fields: { quote_id: quote.id, ...sentOn(quote), transaction_id: undefined },
        screenshot: {
          body: await sharp((await screenshot(96)).data)
            .webp()
            .toBuffer(),
          sourceDigest: 'b'.repeat(64),
        },
      },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(error).toMatchObject({ status: 409, code: 'QUOTE_EXPIRED', extra: { meta: { quote: { coin: 'bnb', amount: '0.3' } } } });
    expect({ files: await files(), rows: await rowsOf(seller.id) }).toEqual(before);
  });
});

describe('rate limit', () => {
  it('shares the per-customer sale submission limit (429)', async () => {
    const limited = await createTestApp({ rateLimitMultiplier: 0.1, env: { UPLOAD_DIR: dir } });
    try {
      const c = await createCustomer(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await postCryptoSale(limited, { cookie: c.cookie, fields: {}, files: [] })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
      const other = await createCustomer(limited);
      expect((await postCryptoSale(limited, { cookie: other.cookie, fields: {}, files: [] })).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
