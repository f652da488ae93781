import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saleErrorCodes, saleMessages, type Quote, type SaleDetail, type SubCategory } from '@wise/shared';
import { adminSaleDetailResponseSchema, adminSaleListResponseSchema, type RiskFlagCode } from '@wise/shared/admin';
import {
  cardCodeHash,
  cardCodeKeyring,
  cardCodeOf,
  openCardCode,
  parseCardCodeKeys,
  resealCardCodes,
  sealCardCode,
  type CardCodeKeyring,
} from '../src/domain/sales/card-codes';
import { hammingDistance, perceptualHash } from '../src/domain/uploads/perceptual-hash';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { commitSql } from './support/gem-users';
import { addBankDetails, cardDetail, postSale, saleFields, type FilePart } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * One deposit, one code, one photo, one sale (domain/sales/README.md "Duplicates") and the risk
 * flags staff see (domain/admin/review/README.md "Risk flags"), on both engines.
 */

const HOUR = 60 * 60_000;
const startedAt = new Date('2026-07-01T09:00:00Z');
const clock = new ManualClock(startedAt);
let t: TestApp;
let dir: string;
let reviewer: TestStaff | undefined;
let reviewerSince = 0;

/** A reviewer signed in now (the clock jumps hours in these tests: a staff session idles out after 30 minutes). */
async function staffCookieNow(): Promise<string> {
  if (!reviewer || clock.now().getTime() - reviewerSince > 20 * 60_000) {
    reviewer = await createStaff(t, { role: 'reviewer', name: 'Risk Reviewer' });
    reviewerSince = clock.now().getTime();
  }
  return reviewer.cookie;
}

async function reject(saleId: string, reason: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/sales/${saleId}/reject`,
    headers: { cookie: await staffCookieNow() },
    payload: { reason },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A photo-like picture (random blocks, so its perceptual hash has bits to compare); the same seed, the same picture. */
async function textured(seed: number, width = 480, height = 320): Promise<Buffer> {
  const bytes: Buffer[] = [];
  for (let block = 0; block * 32 < 12 * 8 * 3; block += 1) bytes.push(createHash('sha256').update(`${seed}:${block}`).digest());
  const raw = Buffer.concat(bytes).subarray(0, 12 * 8 * 3);
  return sharp(raw, { raw: { width: 12, height: 8, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function customer(name: string): Promise<TestUser> {
  const user = await createCustomer(t, { full_name: name });
  // Accounts are made "now" by the database; these tests live on the manual clock.
  await t.database.query('UPDATE users SET created_at = $2 WHERE id = $1', [user.id, clock.now().toISOString()]);
  await addBankDetails(t, user, `01${randomBytes(4).readUInt32BE(0).toString().padStart(8, '0').slice(0, 8)}`);
  return user;
}

let ecode: SubCategory;
let physical: SubCategory;
let physicalLarge: SubCategory;

async function sellCard(user: TestUser, options: { code?: string; photo?: FilePart; amount?: string; sub?: SubCategory } = {}) {
  const sub = options.sub ?? (options.code ? ecode : physical);
  return postSale(t, {
    cookie: user.cookie,
    fields: saleFields(sub, options.amount ?? '50', options.code ? { card_code: options.code } : {}),
    files: [options.photo ?? { data: await textured(Number.parseInt(randomBytes(3).toString('hex'), 16)) }],
  });
}

async function sellCoin(user: TestUser, coin: 'btc' | 'usdt' | 'sol' | 'bnb', transactionId: string, photoSeed?: number) {
  const quote = await quoteFor(t, user, coin, coin === 'btc' ? '0.001' : coin === 'usdt' ? '20' : '0.5');
  return postCryptoSale(t, {
    cookie: user.cookie,
    fields: { quote_id: quote.id, transaction_id: transactionId, ...(coin === 'usdt' ? { network: 'tron' } : {}) },
    files: [
      { data: await textured(photoSeed ?? Number.parseInt(randomBytes(3).toString('hex'), 16), 240, 420), contentType: 'image/jpeg' },
    ],
  });
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A 64-byte signature in base58, as Solana writes a transaction ID (no leading zero byte). */
function solanaSignature(): string {
  let value = BigInt(`0x${randomBytes(64).toString('hex')}`) | (1n << 511n);
  let text = '';
  for (; value > 0n; value /= 58n) text = BASE58[Number(value % 58n)] + text;
  return text;
}

const saleOf = (response: { statusCode: number; body: string; json: <T>() => T }) => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ sale: SaleDetail }>().sale;
};

async function review(saleId: string) {
  const response = await get(t.app, `/api/admin/sales/${saleId}`, await staffCookieNow());
  expect(response.statusCode, response.body).toBe(200);
  return adminSaleDetailResponseSchema.parse(response.json()).sale;
}
/** The card code as the desk shows it on request: to an admin (a reviewer would need the claim). */
async function shownCode(saleId: string) {
  const admin = await createStaff(t, { role: 'admin', name: 'Code Admin' });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/sales/${saleId}/card-code`,
    headers: { cookie: admin.cookie },
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ card_code: string }>().card_code;
}
const flagsOf = async (saleId: string): Promise<RiskFlagCode[]> => (await review(saleId)).risk_flags.map((flag) => flag.code);

/** Runs statements with the sale guards off, as data written by an older version would be. */
const asLegacy = (statements: string) => commitSql(t.database, `SET LOCAL session_replication_role = replica;\n${statements}`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-duplicates-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  const probe = await createCustomer(t);
  const detail = await cardDetail(t, probe, 'amazon');
  const found = detail.subcategories.find((sub) => sub.kind === 'ecode');
  const card = detail.subcategories.find((sub) => sub.kind === 'physical');
  if (!found || !card) throw new Error('the demo catalogue has an Amazon e-code and a physical card');
  const large = detail.subcategories.find((sub) => sub.kind === 'physical' && Number(sub.min_amount) > 100);
  if (!large) throw new Error('the demo catalogue has an Amazon card over $100');
  ecode = found;
  physical = card;
  physicalLarge = large;
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  clock.advance(3 * HOUR);
  await refreshPrices(t);
});

describe('crypto transaction IDs', () => {
  it('stores the one form of an ID (docs/identifiers.md), whatever spelling of it the customer sent', async () => {
    const user = await customer('Form Seller');
    const hex = randomBytes(32).toString('hex');
    const sold = saleOf(await sellCoin(user, 'bnb', `https://bscscan.com/tx/0x${hex.toUpperCase()}`));
    expect(sold.transaction_id).toBe(hex);
    const [row] = await t.database.query<{ transaction_id: string; transaction_id_normalized: string }>(
      'SELECT transaction_id, transaction_id_normalized FROM sales WHERE id = $1',
      [sold.id],
    );
    expect(row).toEqual({ transaction_id: hex, transaction_id_normalized: hex });
  });

  it('refuses a second sale of one deposit by another customer, written differently (409 TRANSACTION_ID_USED on the field); staff see the first', async () => {
    const first = await customer('First Seller');
    const second = await customer('Second Seller');
    const hex = randomBytes(32).toString('hex');
    const sold = saleOf(await sellCoin(first, 'usdt', `0x${hex.toUpperCase()}`));

    const again = await sellCoin(second, 'usdt', `  ${hex} `);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: saleErrorCodes.transactionIdUsed,
      error: saleMessages.transactionIdUsed,
      fields: { transaction_id: saleMessages.transactionIdUsed },
    });
    // Nothing was written for the refused sale.
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sales WHERE user_id = $1', [second.id]);
    expect(count?.n).toBe(0);
    // The same customer cannot sell it twice either, nor can it pass as another coin's… it can: IDs are per coin.
    expect((await sellCoin(first, 'usdt', hex)).statusCode).toBe(409);
    saleOf(await sellCoin(second, 'bnb', hex));

    // Staff can find the sale by the ID as the customer typed it, or any other way of writing it.
    const search = await get(t.app, `/api/admin/customers?q=${encodeURIComponent(`0x${hex}`)}`, await staffCookieNow());
    expect(search.statusCode, search.body).toBe(200);
    const page = search.json<{ items: { id: string }[]; sales: { id: string; coin: string | null }[] }>();
    expect(page.sales.map((sale) => sale.id)).toContain(sold.id);
    expect(page.items.map((item) => item.id)).toContain(first.id);
  });

  it('keeps the case of a Solana signature: two signatures differing only in case are two deposits', async () => {
    const user = await customer('Sol Seller');
    const signature = solanaSignature();
    const at = signature.search(/[a-hjkmnp-z]/);
    const other = `${signature.slice(0, at)}${signature.charAt(at).toUpperCase()}${signature.slice(at + 1)}`;
    saleOf(await sellCoin(user, 'sol', signature));
    saleOf(await sellCoin(user, 'sol', other));
    expect((await sellCoin(user, 'sol', ` ${signature}`)).statusCode).toBe(409);
    expect((await sellCoin(user, 'sol', `https://solscan.io/tx/${signature}`)).statusCode).toBe(409);
    // A 0x is no part of a Solana signature: refused as no ID at all.
    expect((await sellCoin(user, 'sol', `0x${signature}`)).statusCode).toBe(400);
  });

  it('answers two customers racing with one deposit with one sale and one 409, never a 500', async () => {
    const racers = [await customer('Racer One'), await customer('Racer Two'), await customer('Racer Three')];
    const hex = randomBytes(32).toString('hex');
    const quotes: Quote[] = [];
    for (const racer of racers) quotes.push(await quoteFor(t, racer, 'btc', '0.001'));
    const photo = await textured(7, 240, 420);
    // Each insert of this deposit waits a moment, so every racer passes the checks before the first
    // commits and the losers meet the unique index itself.
    await t.database.query(`CREATE FUNCTION test_slow_sale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF lower(NEW.transaction_id) LIKE '%${hex}' THEN PERFORM pg_sleep(0.5); END IF; RETURN NEW; END $$`);
    await t.database.query('CREATE TRIGGER test_slow_sale BEFORE INSERT ON sales FOR EACH ROW EXECUTE FUNCTION test_slow_sale()');
    const responses = await Promise.all(
      racers.map((racer, i) =>
        postCryptoSale(t, {
          cookie: racer.cookie,
          fields: { quote_id: quotes[i]?.id ?? '', transaction_id: i === 0 ? hex : hex.toUpperCase() },
          files: [{ data: photo, contentType: 'image/jpeg' }],
        }),
      ),
    );
    await t.database.query('DROP TRIGGER test_slow_sale ON sales');
    await t.database.query('DROP FUNCTION test_slow_sale()');
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({
        code: saleErrorCodes.transactionIdUsed,
        fields: { transaction_id: saleMessages.transactionIdUsed },
      });
    }
  });

  it('is refused by the database itself: the unique index, and the generated column nobody can write', async () => {
    const user = await customer('Raw Seller');
    const hex = randomBytes(32).toString('hex');
    const sold = saleOf(await sellCoin(user, 'btc', hex));
    const quote = await quoteFor(t, user, 'btc', '0.001');
    const copy = `INSERT INTO sales (user_id, kind, status, status_changed_at, title, currency, currency_amount, exchange_rate, value_kobo,
        coin, coin_amount, quote_id, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn, transaction_id,
        bank_code, bank_name, account_number, account_name, idempotency_key, request_hash, created_at)
      SELECT s.user_id, 'crypto', 'submitted', q.created_at, s.title, 'USD', q.amount * q.price_usd, q.rate_ngn_per_usd, q.value_kobo,
        q.coin, q.amount, q.id, q.price_usd, q.usdt_market_rate_ngn, q.usdt_adjustment_ngn, q.usdt_rate_ngn, q.coin_adjustment_ngn, $3,
        s.bank_code, s.bank_name, s.account_number, s.account_name, 'raw-copy', s.request_hash, q.created_at
      FROM sales s, crypto_quotes q WHERE s.id = $1 AND q.id = $2`;
    await expect(t.database.query(copy, [sold.id, quote.id, hex])).rejects.toThrow(/sales_transaction_id_key|duplicate key/);
    // Another spelling of it is no stored form at all (0044's CHECK).
    await expect(t.database.query(copy, [sold.id, quote.id, `0X${hex.toUpperCase()}`])).rejects.toThrow(/sales_transaction_id_stored_form/);
    await expect(t.database.query("UPDATE sales SET transaction_id_normalized = 'x' WHERE id = $1", [sold.id])).rejects.toThrow();
    await expect(t.database.query('UPDATE sales SET transaction_id_reused = true WHERE id = $1', [sold.id])).rejects.toThrow(
      /never change/,
    );
  });
});

describe('gift-card codes', () => {
  it('are stored encrypted with their key id and a keyed hash, never in plain text; the seller and staff read them', async () => {
    const user = await customer('Code Seller');
    const code = `WISE-${randomBytes(6).toString('hex').toUpperCase()}`;
    const sale = saleOf(await sellCard(user, { code }));
    expect(sale.card_code).toBe(code);
    const [row] = await t.database.query<Record<string, string | null>>(
      'SELECT card_code, card_code_ciphertext, card_code_key_id, card_code_hash, row_to_json(sales)::text AS whole FROM sales WHERE id = $1',
      [sale.id],
    );
    expect(row?.card_code).toBeNull();
    expect(row?.card_code_key_id).toBe('dev');
    expect(row?.card_code_ciphertext).toMatch(/^v1\./);
    expect(row?.card_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.whole).not.toContain(code);
    expect(row?.whole).not.toContain(code.slice(5));
    expect(await shownCode(sale.id)).toBe(code);
    const own = await get(t.app, `/api/transactions/${sale.id}`, user.cookie);
    expect(own.json<{ transaction: SaleDetail }>().transaction.card_code).toBe(code);
    // The database refuses a plain code on a new row, and any other change of the sealed one.
    await expect(t.database.query("UPDATE sales SET card_code_hash = repeat('a', 64) WHERE id = $1", [sale.id])).rejects.toThrow(
      /never change/,
    );
    await expect(
      t.database.query('UPDATE sales SET card_code_ciphertext = NULL, card_code_key_id = NULL, card_code_hash = NULL WHERE id = $1', [
        sale.id,
      ]),
    ).rejects.toThrow();
  });

  it('refuses the same code (written differently) in a pending sale of another customer; accepts it after a rejection, flagged', async () => {
    const first = await customer('Card Owner');
    const second = await customer('Card Copier');
    const raw = randomBytes(6).toString('hex');
    const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
    const sold = saleOf(await sellCard(first, { code }));

    const again = await sellCard(second, { code: ` ${code.toUpperCase().replaceAll('-', ' ')} ` });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: saleErrorCodes.cardCodeUsed, fields: { card_code: saleMessages.cardCodeUsed } });
    expect(again.body).not.toContain(raw);

    // Staff reject the first: the code may be sold again, and the new sale says so.
    await reject(sold.id, 'unclear_images');
    const resold = saleOf(await sellCard(second, { code: code.toLowerCase() }));
    const flags = (await review(resold.id)).risk_flags;
    const duplicate = flags.find((flag) => flag.code === 'duplicate_card_code');
    expect(duplicate?.related_sales.map((other) => other.id)).toEqual([sold.id]);
    expect(duplicate?.related_sales[0]?.customer.id).toBe(first.id);
  });

  it('serialises two submissions of one code at once: one sale, one 409', async () => {
    const a = await customer('Code Racer A');
    const b = await customer('Code Racer B');
    const code = `RACE${randomBytes(5).toString('hex')}`;
    // The insert of this code waits a moment: without the lock both would pass the check first.
    const hash = cardCodeHash(cardCodeKeyring().current, code);
    await t.database.query(`CREATE FUNCTION test_slow_code() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.card_code_hash = '${hash}' THEN PERFORM pg_sleep(0.5); END IF; RETURN NEW; END $$`);
    await t.database.query('CREATE TRIGGER test_slow_code BEFORE INSERT ON sales FOR EACH ROW EXECUTE FUNCTION test_slow_code()');
    const responses = await Promise.all([sellCard(a, { code }), sellCard(b, { code })]);
    await t.database.query('DROP TRIGGER test_slow_code ON sales');
    await t.database.query('DROP FUNCTION test_slow_code()');
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('reads a code under an older key, and re-encrypts it under the current one (key rotation)', async () => {
    const oldKey = parseCardCodeKeys(`k1:${randomBytes(32).toString('base64')}`);
    const rotated: CardCodeKeyring = parseCardCodeKeys(
      `k2:${randomBytes(32).toString('base64')},k1:${oldKey.current.secret.toString('base64')}`,
    );
    const sealed = sealCardCode(oldKey, 'user-1', 'ABCD-1234');
    expect(openCardCode(rotated, 'user-1', sealed)).toBe('ABCD-1234');
    expect(() => openCardCode(rotated, 'user-2', sealed)).toThrow(/could not be read/);
    expect(() => parseCardCodeKeys('k1:short')).toThrow(/32 bytes/);
    expect(cardCodeHash(oldKey.current, 'abcd 1234')).toBe(sealed.hash);

    // A sale sealed under k1 (as the server did before k2 was added), then the start-up step under [k2, k1].
    const user = await customer('Rotation Seller');
    const sale = saleOf(await sellCard(user, { code: 'ROTATE-ME-1' }));
    const underOld = sealCardCode(oldKey, user.id, 'ROTATE-ME-1');
    await asLegacy(
      `UPDATE sales SET card_code_ciphertext = '${underOld.ciphertext}', card_code_key_id = 'k1', card_code_hash = '${underOld.hash}' WHERE id = '${sale.id}';`,
    );
    const result = await resealCardCodes(t.database.db, rotated);
    expect(result.rekeyed).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.query<{
      card_code_key_id: string;
      card_code_ciphertext: string;
      card_code_user: string;
      user_id: string;
      card_code: string | null;
    }>('SELECT card_code, card_code_key_id, card_code_ciphertext, user_id FROM sales WHERE id = $1', [sale.id]);
    expect(row?.card_code_key_id).toBe('k2');
    // Now k1 can go.
    const onlyNew = parseCardCodeKeys(`k2:${rotated.current.secret.toString('base64')}`);
    expect(
      cardCodeOf({ userId: user.id, cardCode: null, cardCodeCiphertext: row?.card_code_ciphertext ?? '', cardCodeKeyId: 'k2' }, onlyNew),
    ).toBe('ROTATE-ME-1');
    // Back under the app's own (development) key for the rest of the file.
    const dev = cardCodeKeyring().current;
    await resealCardCodes(t.database.db, { current: dev, keys: [dev, ...rotated.keys] });
    expect(await shownCode(sale.id)).toBe('ROTATE-ME-1');
  });

  it('encrypts a plain-text code left from before at start, and the database allows exactly that change', async () => {
    const user = await customer('Legacy Seller');
    const sale = saleOf(await sellCard(user, { code: 'PLACEHOLDER-1' }));
    await asLegacy(
      `UPDATE sales SET card_code = 'LEGACY-CODE-77', card_code_ciphertext = NULL, card_code_key_id = NULL, card_code_hash = NULL, card_code_hash_version = NULL WHERE id = '${sale.id}';`,
    );
    // A plain code can only become sealed, not another plain code.
    await expect(t.database.query("UPDATE sales SET card_code = 'OTHER' WHERE id = $1", [sale.id])).rejects.toThrow(/never change/);

    const result = await resealCardCodes(t.database.db);
    expect(result.sealed).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.query<{ card_code: string | null; card_code_key_id: string | null }>(
      'SELECT card_code, card_code_key_id FROM sales WHERE id = $1',
      [sale.id],
    );
    expect(row).toEqual({ card_code: null, card_code_key_id: 'dev' });
    expect(await shownCode(sale.id)).toBe('LEGACY-CODE-77');
    // Once sealed, it stays sealed.
    await expect(
      t.database.query(
        "UPDATE sales SET card_code = 'LEGACY-CODE-77', card_code_ciphertext = NULL, card_code_key_id = NULL, card_code_hash = NULL WHERE id = $1",
        [sale.id],
      ),
    ).rejects.toThrow();
  });
});

describe('perceptual hashes', () => {
  it('hash the same picture re-encoded to nearby values and different pictures far apart', async () => {
    const original = await textured(42);
    const png = await sharp(original).resize(300).png().toBuffer();
    const recompressed = await sharp(original).jpeg({ quality: 40 }).toBuffer();
    const a = await perceptualHash(original);
    expect(hammingDistance(a, await perceptualHash(png))).toBeLessThanOrEqual(3);
    expect(hammingDistance(a, await perceptualHash(recompressed))).toBeLessThanOrEqual(3);
    expect(hammingDistance(a, await perceptualHash(await textured(43)))).toBeGreaterThan(10);
  });

  it("flag the same photo in another customer's sale, re-encoded, with a link to it; not the customer's own", async () => {
    const owner = await customer('Photo Owner');
    const copier = await customer('Photo Copier');
    const original = await textured(4242);
    const first = saleOf(await sellCard(owner, { photo: { data: original } }));
    const own = saleOf(await sellCard(owner, { photo: { data: await sharp(original).jpeg({ quality: 70 }).toBuffer() } }));
    expect(await flagsOf(own.id)).not.toContain('duplicate_photo');

    const copy = saleOf(
      await sellCard(copier, {
        photo: { data: await sharp(original).resize(400).png().toBuffer(), contentType: 'image/png', filename: 'copy.png' },
      }),
    );
    const flag = (await review(copy.id)).risk_flags.find((f) => f.code === 'duplicate_photo');
    expect(flag?.related_sales.map((other) => other.id).sort()).toEqual([first.id, own.id].sort());
    expect(await flagsOf(first.id)).toContain('duplicate_photo');
    const unrelated = saleOf(await sellCard(copier, { photo: { data: await textured(777) } }));
    expect(await flagsOf(unrelated.id)).not.toContain('duplicate_photo');
  });
});

describe('risk flags', () => {
  it('first sale, new account, many sales at once, far above usual — each by its documented rule', async () => {
    const user = await customer('Flag Subject');
    const first = saleOf(await sellCard(user, { amount: '30' }));
    expect(await flagsOf(first.id)).toEqual(expect.arrayContaining(['first_sale', 'new_account']));

    clock.advance(25 * HOUR);
    const second = saleOf(await sellCard(user, { amount: '30' }));
    expect(await flagsOf(second.id)).toEqual([]);
    clock.advance(10 * 60_000);
    saleOf(await sellCard(user, { amount: '30' }));
    clock.advance(10 * 60_000);
    const third = saleOf(await sellCard(user, { amount: '30' }));
    expect(await flagsOf(third.id)).toEqual(['velocity']);
    expect(await flagsOf(second.id)).toEqual(['velocity']);

    await staffCookieNow();
    // Four paid sales of $30 make the usual; $80 is within three times it, $500 of the larger band is not.
    await asLegacy(
      `UPDATE sales SET status = 'paid', decided_at = created_at, decided_by = '${reviewer?.id ?? ''}', payout_amount_kobo = value_kobo,
         paid_at = created_at, payout_reference = 'ref-' || left(id::text, 8) WHERE user_id = '${user.id}';`,
    );
    clock.advance(5 * HOUR);
    const usual = saleOf(await sellCard(user, { amount: '80' }));
    expect(await flagsOf(usual.id)).toEqual([]);
    clock.advance(5 * HOUR);
    const big = saleOf(await sellCard(user, { amount: '500', sub: physicalLarge }));
    expect(await flagsOf(big.id)).toEqual(['amount_above_usual']);
  });

  it("name mismatch: a payout account whose name only partly fits the customer's, as it stood at the sale", async () => {
    const partly = await customer('Name Partly');
    clock.advance(25 * HOUR);
    // The sandbox resolves every account to the customer's own name; a partial fit (the surname
    // alone, say) is what a real lookup gives for a relative's account.
    await asLegacy(`UPDATE bank_details SET name_match = 'partial' WHERE user_id = '${partly.id}';`);
    const flagged = saleOf(await sellCard(partly, { amount: '30' }));
    expect(await flagsOf(flagged.id)).toContain('name_mismatch');
    const fits = await customer('Name Fits');
    const clean = saleOf(await sellCard(fits, { amount: '30' }));
    expect(await flagsOf(clean.id)).not.toContain('name_mismatch');
    // The verdict is the sale's own: fixing the details later does not unflag it.
    await asLegacy(`UPDATE bank_details SET name_match = 'match' WHERE user_id = '${partly.id}';`);
    expect(await flagsOf(flagged.id)).toContain('name_mismatch');
    const queue = await get(t.app, '/api/admin/sales?status=pending&flag=name_mismatch', await staffCookieNow());
    const ids = adminSaleListResponseSchema.parse(queue.json()).items.map((item) => item.id);
    expect(ids).toContain(flagged.id);
    expect(ids).not.toContain(clean.id);
  });

  it('filter and sort the queue, page by page', async () => {
    const a = await customer('Queue Subject');
    clock.advance(25 * HOUR);
    const code = `Q${randomBytes(5).toString('hex')}`;
    const owner = await customer('Queue Owner');
    const original = saleOf(await sellCard(owner, { code }));
    await reject(original.id, 'used_card');
    const flagged = saleOf(await sellCard(a, { code }));

    const list = async (query: string) => {
      const response = await get(t.app, `/api/admin/sales?${query}`, await staffCookieNow());
      expect(response.statusCode, response.body).toBe(200);
      return adminSaleListResponseSchema.parse(response.json());
    };
    const filtered = await list('flag=duplicate_card_code&limit=100');
    expect(filtered.items.map((item) => item.id)).toContain(flagged.id);
    expect(filtered.items.every((item) => item.risk_flags.includes('duplicate_card_code'))).toBe(true);

    const all = await list('limit=100');
    const sortedIds: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(`sort=flags&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      sortedIds.push(...page.items.map((item) => item.id));
      const counts = page.items.map((item) => item.risk_flags.length);
      expect([...counts].sort((x, y) => y - x)).toEqual(counts);
      cursor = page.next_cursor;
    }
    expect([...sortedIds].sort()).toEqual(all.items.map((item) => item.id).sort());
    const countOf = new Map(all.items.map((item) => [item.id, item.risk_flags.length]));
    const counts = sortedIds.map((id) => countOf.get(id) ?? 0);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);

    expect((await get(t.app, '/api/admin/sales?flag=nope', await staffCookieNow())).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/sales?status=paid&sort=flags', await staffCookieNow())).statusCode).toBe(400);
    // Decided views hold every sale ever decided: no per-row flag filter there.
    expect((await get(t.app, '/api/admin/sales?status=rejected&flag=first_sale', await staffCookieNow())).statusCode).toBe(400);
    expect((await list('status=payout_failed&flag=first_sale')).items).toEqual([]);
  });
});
