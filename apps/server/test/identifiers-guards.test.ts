import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base58ByteLength,
  COIN_IDS,
  isStoredTransactionId,
  parseTransactionId,
  saleResponseSchema,
  type CoinId,
  type SaleDetail,
} from '@wise/shared';
import { cardCodeHash, cardCodeKeyring, legacyCardCodeHash, resealCardCodes } from '../src/domain/sales/card-codes';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, type TestApp } from './support/app';
import { postCryptoSale, quoteFor } from './support/crypto-sales';
import { commitSql } from './support/gem-users';
import { addBankDetails, cardDetail, cardPhoto, postSale, saleFields } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * What the database itself holds about identifiers (0044_identifier_forms.sql), by hand-written
 * SQL on both engines: a transaction ID only in its coin's one form, the same rule as the shared
 * parser; a typed ID only as the migration left it; a card-code hash only over the skeleton for
 * a new sale, and a version-1 hash only re-taken over the skeleton.
 */

const clock = new ManualClock(new Date('2026-07-01T09:00:00Z'));
let t: TestApp;
let dir: string;
let seller: TestUser;
let cryptoSale: SaleDetail;
let cardSale: SaleDetail;
const code = `GUARD-${randomBytes(4).toString('hex').toUpperCase()}`;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

const hex = () => randomBytes(32).toString('hex');
const signature = () => base58(randomBytes(64));

/** Runs statements with the sale guards off, as data written by an older version would be. */
const asLegacy = (statements: string) => commitSql(t.database, `SET LOCAL session_replication_role = replica;\n${statements}`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-identifier-guards-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t);
  await addBankDetails(t, seller);
  const quote = await quoteFor(t, seller, 'usdt', '20');
  const sold = await postCryptoSale(t, {
    cookie: seller.cookie,
    fields: { quote_id: quote.id, network: 'tron', transaction_id: hex() },
    files: [{ data: await cardPhoto('png', 3) }],
  });
  if (sold.statusCode !== 201) throw new Error(`crypto sale failed: ${sold.body}`);
  cryptoSale = saleResponseSchema.parse(sold.json()).sale;
  const sub = (await cardDetail(t, seller, 'amazon')).subcategories.find((candidate) => candidate.kind === 'ecode');
  if (!sub) throw new Error('the demo catalogue has an Amazon e-code');
  const card = await postSale(t, {
    cookie: seller.cookie,
    fields: saleFields(sub, '50', { card_code: code }),
    files: [{ data: await cardPhoto('jpeg', 4) }],
  });
  if (card.statusCode !== 201) throw new Error(`card sale failed: ${card.body}`);
  cardSale = saleResponseSchema.parse(card.json()).sale;
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A copy of the crypto sale at a fresh quote of `coin`, with `transactionId` (a raw INSERT). */
async function insertCryptoCopy(coin: CoinId, transactionId: string, extra = ''): Promise<void> {
  const quote = await quoteFor(t, seller, coin, coin === 'btc' ? '0.001' : coin === 'usdt' ? '20' : '0.5');
  await t.database.query(
    `INSERT INTO sales (user_id, kind, status, status_changed_at, title, currency, currency_amount, exchange_rate, value_kobo,
        coin, coin_amount, quote_id, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn, transaction_id, network,
        bank_code, bank_name, account_number, account_name, idempotency_key, request_hash, created_at${extra ? ', transaction_id_as_typed' : ''})
      SELECT s.user_id, 'crypto', 'submitted', q.created_at, s.title, 'USD', q.amount * q.price_usd, q.rate_ngn_per_usd, q.value_kobo,
        q.coin, q.amount, q.id, q.price_usd, q.usdt_market_rate_ngn, q.usdt_adjustment_ngn, q.usdt_rate_ngn, q.coin_adjustment_ngn, $3, CASE q.coin WHEN 'usdt' THEN 'tron' END,
        s.bank_code, s.bank_name, s.account_number, s.account_name, $4, s.request_hash, q.created_at${extra ? ', $5' : ''}
      FROM sales s, crypto_quotes q WHERE s.id = $1 AND q.id = $2`,
    [cryptoSale.id, quote.id, transactionId, `raw-${randomBytes(6).toString('hex')}`, ...(extra ? [extra] : [])],
  );
}

describe('a transaction ID in the database', () => {
  it('is in its coin’s one form, by the same rule as the shared parser, for every coin and every form', async () => {
    const samples = {
      hex: hex(),
      upper: hex().toUpperCase(),
      prefixed: `0x${hex()}`,
      short: hex().slice(1),
      signature: signature(),
      shortSignature: base58(randomBytes(32)),
      zeros: '1'.repeat(64),
      cyrillic: `${hex().slice(1)}\u0430`,
      invisible: `${hex().slice(0, 10)}\u200c${hex().slice(10)}`,
    };
    for (const coin of COIN_IDS) {
      for (const [name, id] of Object.entries(samples)) {
        const [row] = await t.database.query<{ ok: boolean }>('SELECT transaction_id_in_stored_form($1, $2) AS ok', [coin, id]);
        expect(row?.ok, `${coin} ${name}`).toBe(isStoredTransactionId(coin, id));
      }
    }
    // The shared parser's reading of the forms the stored one is made from.
    expect(isStoredTransactionId('btc', samples.hex)).toBe(true);
    expect(isStoredTransactionId('sol', samples.signature)).toBe(true);
    expect(isStoredTransactionId('usdt', samples.signature)).toBe(true);
    expect(isStoredTransactionId('bnb', samples.signature)).toBe(false);
    expect(isStoredTransactionId('sol', samples.hex)).toBe(false);
  });

  it('decodes base58 to the same length as the shared parser', async () => {
    for (const bytes of [64, 63, 32, 1]) {
      for (const lead of [0, 1, 3]) {
        const text = base58(Buffer.concat([Buffer.alloc(lead), randomBytes(bytes - Math.min(lead, bytes))]));
        const [row] = await t.database.query<{ n: number }>('SELECT base58_byte_length($1) AS n', [text]);
        expect(row?.n, text).toBe(base58ByteLength(text));
      }
    }
    const [bad] = await t.database.query<{ n: number | null }>("SELECT base58_byte_length('0OIl') AS n");
    expect(bad?.n).toBeNull();
  });

  it('refuses any other form on INSERT, and a typed ID that the migration did not keep', async () => {
    const id = hex();
    for (const spelling of [
      id.toUpperCase(),
      `0x${id}`,
      `${id}.`,
      `${id.slice(0, 20)}\u200d${id.slice(20)}`,
      `https://tronscan.org/#/transaction/${id}`,
      signature().slice(0, 40),
    ]) {
      await expect(insertCryptoCopy('usdt', spelling), spelling).rejects.toThrow(/sales_transaction_id_stored_form/);
    }
    await expect(insertCryptoCopy('sol', hex())).rejects.toThrow(/sales_transaction_id_stored_form/);
    await expect(insertCryptoCopy('btc', hex(), 'as typed')).rejects.toThrow(/one form only/);
    // The one form passes the CHECK (and is then stopped only for having no screenshot).
    await expect(insertCryptoCopy('sol', signature())).rejects.toThrow(/exactly 1 required/);
    await expect(insertCryptoCopy('btc', id)).rejects.toThrow(/exactly 1 required/);
    // One deposit, one sale: the ID of a sale again is the unique index's.
    await expect(insertCryptoCopy('usdt', cryptoSale.transaction_id ?? '')).rejects.toThrow(/sales_transaction_id_key|duplicate key/);
  });

  it('never changes, nor does what was typed', async () => {
    await expect(t.database.query("UPDATE sales SET transaction_id_as_typed = 'x' WHERE id = $1", [cryptoSale.id])).rejects.toThrow(
      /never change/,
    );
    await expect(t.database.query('UPDATE sales SET transaction_id = $2 WHERE id = $1', [cryptoSale.id, hex()])).rejects.toThrow(
      /never change/,
    );
  });

  it('is read out of an older sale’s text as the migration does: the one ID it names, or none', async () => {
    const id = `a1${hex().slice(2)}`;
    const cases: [string, string | null][] = [
      [id, id],
      [id.toUpperCase(), id],
      [`0x${id}`, id],
      [` ${id}\u00a0`, id],
      [`https://tronscan.org/#/transaction/${id}`, id],
      [`"${id}".`, id],
      [`#${id}`, id],
      [`${id.slice(0, 20)}\u200c${id.slice(20)}`, id],
      [`${id.slice(0, 20)}\u00ad${id.slice(20)}`, id],
      [id.replace('1', '\uff11'), id],
      [id.replace('a', '\u0430'), null],
      [`0x0x${id}`, null],
      [`${id} ${hex()}`, null],
      ['tx-70', null],
    ];
    for (const [typed, expected] of cases) {
      const [row] = await t.database.query<{ id: string | null }>('SELECT transaction_id_read_legacy($1, $2) AS id', ['usdt', typed]);
      expect(row?.id, JSON.stringify(typed)).toBe(expected);
    }
    const sig = signature();
    const [sol] = await t.database.query<{ id: string | null }>('SELECT transaction_id_read_legacy($1, $2) AS id', [
      'sol',
      `https://solscan.io/tx/${sig}?cluster=mainnet-beta`,
    ]);
    expect(sol?.id).toBe(sig);
    // Whatever the migration reads is what the shared parser keeps (or refuses): never another ID.
    for (const [typed, expected] of cases) {
      const parsed = parseTransactionId('usdt', typed);
      if (parsed.ok && parsed.id !== undefined) expect(parsed.id, JSON.stringify(typed)).toBe(expected);
    }
  });
});

describe('a card-code hash in the database', () => {
  it('is over the skeleton for a new sale (version 2), and never goes back to version 1', async () => {
    const [row] = await t.database.query<{ card_code_hash: string; card_code_hash_version: number }>(
      'SELECT card_code_hash, card_code_hash_version FROM sales WHERE id = $1',
      [cardSale.id],
    );
    expect(row).toEqual({ card_code_hash: cardCodeHash(cardCodeKeyring().current, code), card_code_hash_version: 2 });
    await expect(t.database.query('UPDATE sales SET card_code_hash_version = 1 WHERE id = $1', [cardSale.id])).rejects.toThrow(
      /never change/,
    );
    await expect(t.database.query('UPDATE sales SET card_code_hash_version = NULL WHERE id = $1', [cardSale.id])).rejects.toThrow();
    await expect(t.database.query("UPDATE sales SET card_code_hash = repeat('b', 64) WHERE id = $1", [cardSale.id])).rejects.toThrow(
      /never change/,
    );
  });

  it('of version 1 is re-taken over the skeleton at start, and only that change is allowed', async () => {
    const legacy = legacyCardCodeHash(cardCodeKeyring().current, code);
    await asLegacy(`UPDATE sales SET card_code_hash = '${legacy}', card_code_hash_version = 1 WHERE id = '${cardSale.id}';`);
    // A version-1 hash may not become just any hash: the ciphertext or key must stay, the version go to 2.
    await expect(t.database.query("UPDATE sales SET card_code_hash = repeat('c', 64) WHERE id = $1", [cardSale.id])).rejects.toThrow(
      /never change/,
    );
    await expect(
      t.database.query(
        "UPDATE sales SET card_code_hash_version = 2, card_code_ciphertext = 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA' WHERE id = $1",
        [cardSale.id],
      ),
    ).rejects.toThrow(/never change/);
    const result = await resealCardCodes(t.database.db);
    expect(result.rehashed).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.query<{ card_code_hash: string; card_code_hash_version: number }>(
      'SELECT card_code_hash, card_code_hash_version FROM sales WHERE id = $1',
      [cardSale.id],
    );
    expect(row).toEqual({ card_code_hash: cardCodeHash(cardCodeKeyring().current, code), card_code_hash_version: 2 });
  });

  it('refuses a new sale hashed the old way, and a hash without its version', async () => {
    const copy = (version: string) =>
      t.database.query(
        `INSERT INTO sales (user_id, kind, status, status_changed_at, title, currency, currency_amount, exchange_rate, value_kobo, gift_card_id, subcategory_id,
            subcategory_label, card_code_ciphertext, card_code_key_id, card_code_hash, card_code_hash_version,
            bank_code, bank_name, account_number, account_name, idempotency_key, request_hash, created_at)
          SELECT user_id, kind, 'submitted', created_at, title, currency, currency_amount, exchange_rate, value_kobo, gift_card_id, subcategory_id,
            subcategory_label, card_code_ciphertext, card_code_key_id, card_code_hash, ${version},
            bank_code, bank_name, account_number, account_name, $2, request_hash, created_at
          FROM sales WHERE id = $1`,
        [cardSale.id, `raw-${randomBytes(6).toString('hex')}`],
      );
    await expect(copy('1')).rejects.toThrow(/skeleton/);
    await expect(copy('NULL')).rejects.toThrow(/sales_card_code_hash_version/);
  });
});
