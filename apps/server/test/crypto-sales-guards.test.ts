import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { saleResponseSchema, type SaleDetail } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/domain/crypto/money';
import { purgeUnusedQuotes } from '../src/domain/sales/crypto';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, type TestApp } from './support/app';
import { postCryptoSale, quoteFor } from './support/crypto-sales';
import { addBankDetails, cardPhoto } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * What the database refuses for a crypto sale on its own, whatever code or hand-typed SQL runs
 * (0010_crypto_sales.sql), on both engines; and the purge of old unused quotes.
 */

const MINUTE = 60_000;
const startedAt = new Date('2026-07-01T09:00:00Z');
const clock = new ManualClock(startedAt);
let t: TestApp;
let dir: string;
let seller: TestUser;
let stranger: TestUser;
/** A crypto sale made through the API. */
let sale: SaleDetail;

const refused = async (sql: string, params: unknown[], pattern: RegExp) => {
  await expect(t.database.query(sql, params)).rejects.toThrow(pattern);
};

interface QuoteRow {
  id: string;
  user_id: string;
  coin: string;
  amount: string;
  price_usd: string;
  usdt_market_rate_ngn: string;
  usdt_adjustment_ngn: string;
  usdt_rate_ngn: string;
  coin_adjustment_ngn: string;
  rate_ngn_per_usd: string;
  value_kobo: string;
  created_at: Date;
  expires_at: Date;
}

/** A quote written by hand (its own CHECKs hold): BTC at $95,123.45, ₦1,593.37 per dollar. */
async function insertQuote(userId: string, options: { amount?: string; createdAt?: Date; ttlMs?: number } = {}): Promise<QuoteRow> {
  const amount = options.amount ?? '0.015';
  const createdAt = options.createdAt ?? startedAt;
  const value = new Dec(amount).times('95123.45').times('1593.37').times(100).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toFixed();
  const [row] = await t.database.query<QuoteRow>(
    `INSERT INTO crypto_quotes (user_id, coin, amount, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn, rate_ngn_per_usd, value_kobo, prices_at, created_at, expires_at)
     VALUES ($1, 'btc', $2, 95123.45, 1598.37, 15, 1613.37, -20, 1593.37, $3, $4, $4, $5)
     RETURNING id, user_id, coin, amount::text, price_usd::text, usdt_market_rate_ngn::text, usdt_adjustment_ngn::text, usdt_rate_ngn::text, coin_adjustment_ngn::text, rate_ngn_per_usd::text, value_kobo::text, created_at, expires_at`,
    [userId, amount, value, createdAt.toISOString(), new Date(createdAt.getTime() + (options.ttlMs ?? 15 * MINUTE)).toISOString()],
  );
  if (!row) throw new Error('quote insert returned nothing');
  return row;
}

/** A complete, valid crypto sale row at `quote`, five minutes into its life, to be spoilt one column at a time. */
function cryptoRow(quote: QuoteRow): Record<string, unknown> {
  const at = new Date(new Date(quote.created_at).getTime() + 5 * MINUTE).toISOString();
  return {
    user_id: quote.user_id,
    kind: 'crypto',
    status: 'submitted',
    status_changed_at: at,
    created_at: at,
    title: `BTC · ${quote.amount}`,
    currency: 'USD',
    currency_amount: new Dec(quote.amount).times(quote.price_usd).toFixed(),
    exchange_rate: quote.rate_ngn_per_usd,
    value_kobo: quote.value_kobo,
    coin: quote.coin,
    coin_amount: quote.amount,
    quote_id: quote.id,
    price_usd: quote.price_usd,
    usdt_market_rate_ngn: quote.usdt_market_rate_ngn,
    usdt_adjustment_ngn: quote.usdt_adjustment_ngn,
    usdt_rate_ngn: quote.usdt_rate_ngn,
    coin_adjustment_ngn: quote.coin_adjustment_ngn,
    bank_code: '058',
    bank_name: 'Guaranty Trust Bank',
    account_number: '0123456789',
    account_name: 'BAKARE TUNDE',
    idempotency_key: `raw-${Math.random().toString(36).slice(2)}`,
    request_hash: 'a'.repeat(64),
  };
}

function insertSql(row: Record<string, unknown>) {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO sales (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    params: Object.values(row),
  };
}

async function insertCrypto(overrides: Record<string, unknown>, pattern: RegExp, quote?: QuoteRow) {
  const { sql, params } = insertSql({ ...cryptoRow(quote ?? (await insertQuote(seller.id))), ...overrides });
  await refused(sql, params, pattern);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-crypto-guards-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t);
  stranger = await createCustomer(t);
  await addBankDetails(t, seller);
  const quote = await quoteFor(t, seller, 'btc', '0.01');
  const response = await postCryptoSale(t, {
    cookie: seller.cookie,
    fields: { quote_id: quote.id, transaction_id: 'ab'.repeat(32) },
    files: [{ data: await cardPhoto('png', 3) }],
  });
  if (response.statusCode !== 201) throw new Error(`crypto sale failed: ${response.body}`);
  sale = saleResponseSchema.parse(response.json()).sale;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a new crypto sale', () => {
  it('must carry figures that follow from its prices, in its coin’s decimals', async () => {
    await insertCrypto({ currency_amount: '1426.85' }, /sales_crypto_shape/);
    await insertCrypto({ currency: 'NGN' }, /sales_crypto_shape/);
    await insertCrypto({ quote_id: null }, /sales_crypto_shape/);
    // A missing price is not the quote's price: the quote check refuses it first.
    await insertCrypto({ price_usd: null }, /figures are its quote's/);
    await insertCrypto({ subcategory_label: 'USA physical' }, /sales_crypto_shape/);
    // A hand-made quote finer than BTC itself: the quote row allows it, the sale does not.
    const fine = await insertQuote(seller.id, { amount: '0.123456789' });
    await insertCrypto({}, /sales_crypto_shape/, fine);
  });

  it("must carry its own quote's figures, not anything else", async () => {
    const quote = await insertQuote(seller.id);
    const base = cryptoRow(quote);
    await insertCrypto({ value_kobo: Number(base.value_kobo) + 1 }, /figures are its quote's/, quote);
    await insertCrypto({ coin: 'usdt', title: 'USDT · 0.015' }, /figures are its quote's/, quote);
    const more = new Dec('0.016');
    await insertCrypto(
      {
        coin_amount: more.toFixed(),
        currency_amount: more.times(quote.price_usd).toFixed(),
        value_kobo: more.times(quote.price_usd).times(quote.rate_ngn_per_usd).times(100).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber(),
      },
      /figures are its quote's/,
      quote,
    );
    // Consistent arithmetic at a better rate is still not what the customer was promised.
    await insertCrypto(
      {
        usdt_adjustment_ngn: '115',
        usdt_rate_ngn: '1713.37',
        exchange_rate: '1693.37',
        value_kobo: new Dec(quote.amount)
          .times(quote.price_usd)
          .times('1693.37')
          .times(100)
          .toDecimalPlaces(0, Dec.ROUND_HALF_UP)
          .toNumber(),
      },
      /figures are its quote's/,
      quote,
    );
  });

  it('is made while its quote is honoured: not before it, not at or after its expiry', async () => {
    const quote = await insertQuote(seller.id);
    const at = (date: Date) => ({ created_at: date.toISOString(), status_changed_at: date.toISOString() });
    await insertCrypto(at(new Date(quote.expires_at)), /while its quote is honoured/, quote);
    await insertCrypto(at(new Date(new Date(quote.expires_at).getTime() + MINUTE)), /while its quote is honoured/, quote);
    await insertCrypto(at(new Date(new Date(quote.created_at).getTime() - 1)), /while its quote is honoured/, quote);
  });

  it("uses its own customer's quote, an existing one, and one that has not sold", async () => {
    const theirs = await insertQuote(stranger.id);
    await insertCrypto({ quote_id: theirs.id }, /sales_quote_fk/);
    await insertCrypto({ ...cryptoRow(theirs), user_id: seller.id }, /sales_quote_fk/, theirs);
    await insertCrypto({ quote_id: '00000000-0000-4000-8000-000000000000' }, /sales_quote_fk/);
    const [sold] = await t.database.query<QuoteRow>(
      'SELECT id, user_id, coin, amount::text, price_usd::text, usdt_market_rate_ngn::text, usdt_adjustment_ngn::text, usdt_rate_ngn::text, coin_adjustment_ngn::text, rate_ngn_per_usd::text, value_kobo::text, created_at, expires_at FROM crypto_quotes q WHERE id = (SELECT quote_id FROM sales WHERE id = $1)',
      [sale.id],
    );
    if (!sold) throw new Error('the sale has no quote');
    await insertCrypto({ created_at: sale.transaction_date, status_changed_at: sale.transaction_date }, /sales_quote_id_key/, sold);
  });

  it('takes a plain transaction ID of at most 120 characters', async () => {
    await insertCrypto({ transaction_id: 'tx\u0007bell' }, /check constraint/);
    await insertCrypto({ transaction_id: 'tx\u009bcsi' }, /check constraint/);
    await insertCrypto({ transaction_id: 'x'.repeat(121) }, /check constraint/);
    await insertCrypto({ transaction_id: '' }, /check constraint/);
  });

  it('has exactly one image when its transaction commits', async () => {
    const { sql, params } = insertSql(cryptoRow(await insertQuote(seller.id)));
    await refused(sql, params, /crypto sale .* has 0 images \(exactly 1 required\)/);
  });

  it('leaves a gift-card sale without crypto facts', async () => {
    const [sub] = await t.database.query<{ id: string; gift_card_id: string }>(
      "SELECT s.id, s.gift_card_id FROM gift_card_subcategories s JOIN gift_cards c ON c.id = s.gift_card_id WHERE c.slug = 'amazon' ORDER BY s.position LIMIT 1",
    );
    const giftCard = {
      ...cryptoRow(await insertQuote(seller.id)),
      kind: 'giftcard',
      gift_card_id: sub?.gift_card_id,
      subcategory_id: sub?.id,
      subcategory_label: 'USA physical · $25–$100',
      title: 'Amazon · USA physical',
      currency_amount: '50.00',
      exchange_rate: '1180.00',
      value_kobo: 5_900_000,
    };
    const { sql, params } = insertSql(giftCard);
    await refused(sql, params, /sales_crypto_fields_only_crypto/);
    const plain = Object.fromEntries(
      Object.entries(giftCard).filter(
        ([key]) =>
          ![
            'coin',
            'coin_amount',
            'quote_id',
            'price_usd',
            'usdt_market_rate_ngn',
            'usdt_adjustment_ngn',
            'usdt_rate_ngn',
            'coin_adjustment_ngn',
          ].includes(key),
      ),
    );
    const withTransactionId = insertSql({ ...plain, transaction_id: 'tx-1' });
    await refused(withTransactionId.sql, withTransactionId.params, /sales_crypto_fields_only_crypto/);
  });
});

describe('a submitted crypto sale', () => {
  it('keeps its terms: coin, amount, quote, prices and transaction ID never change', async () => {
    for (const change of [
      "transaction_id = 'edited'",
      'transaction_id = NULL',
      "coin_amount = '0.02'",
      'quote_id = NULL',
      'price_usd = price_usd + 1',
      "usdt_adjustment_ngn = '0'",
      "coin_adjustment_ngn = '0'",
      'usdt_market_rate_ngn = usdt_market_rate_ngn + 1',
      'usdt_rate_ngn = usdt_rate_ngn + 1',
      "coin = 'usdt'",
    ]) {
      await refused(`UPDATE sales SET ${change} WHERE id = $1`, [sale.id], /never change after submission/);
    }
  });

  it('never gets a second image', async () => {
    const [upload] = await t.database.query<{ id: string }>(
      "INSERT INTO uploads (user_id, storage_key, purpose, content_type, size_bytes) VALUES ($1, $2, 'sale_image', 'image/webp', 10) RETURNING id",
      [seller.id, `${'d'.repeat(32)}.webp`],
    );
    const attach = (position: number) =>
      t.database.query('INSERT INTO sale_images (sale_id, user_id, position, upload_id) VALUES ($1, $2, $3, $4)', [
        sale.id,
        seller.id,
        position,
        upload?.id,
      ]);
    await expect(attach(1)).rejects.toThrow(/a crypto sale has one image/);
    await expect(attach(0)).rejects.toThrow(/duplicate key|sale_images_pkey/);
  });

  it('keeps its quote: the quote cannot be deleted', async () => {
    await refused('DELETE FROM crypto_quotes WHERE id = (SELECT quote_id FROM sales WHERE id = $1)', [sale.id], /sales_quote_fk/);
  });
});

describe('purgeUnusedQuotes (crypto.purge_quotes)', () => {
  it('deletes quotes unused a day past their expiry, in batches, and keeps the rest', async () => {
    const now = new Date('2026-07-10T12:00:00Z');
    const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 24 * 60 * MINUTE - 15 * MINUTE + extraMs);
    const purgeUser = (await createCustomer(t)).id;
    const oldUnused = await Promise.all([2, 3, 4].map((days) => insertQuote(purgeUser, { createdAt: daysAgo(days) })));
    // Expired exactly a day ago less a millisecond: kept for support a little longer.
    const recent = await insertQuote(purgeUser, { createdAt: daysAgo(1, 1) });
    const live = await insertQuote(purgeUser, { createdAt: new Date(now.getTime() - MINUTE) });
    // The other quotes of this file were made on 1 July: by now all long expired, one of them sold.
    const [others] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM crypto_quotes WHERE user_id <> $1', [purgeUser]);
    const eligible = oldUnused.length + (others?.n ?? 0) - 1;
    expect(others?.n).toBeGreaterThan(2);

    expect(await purgeUnusedQuotes(t.database.db, now, undefined, 2)).toBe(2);
    expect(await purgeUnusedQuotes(t.database.db, now)).toBe(eligible - 2);
    expect(await purgeUnusedQuotes(t.database.db, now)).toBe(0);
    const left = await t.database.query<{ id: string }>('SELECT id FROM crypto_quotes WHERE user_id = $1 ORDER BY created_at', [purgeUser]);
    expect(left.map((row) => row.id)).toEqual([recent.id, live.id]);
    expect(oldUnused.every((quote) => !left.some((row) => row.id === quote.id))).toBe(true);

    // Of the others, only the sold one stays.
    const after = await t.database.query<{ id: string }>('SELECT id FROM crypto_quotes WHERE user_id <> $1', [purgeUser]);
    const [soldQuote] = await t.database.query<{ quote_id: string }>('SELECT quote_id FROM sales WHERE id = $1', [sale.id]);
    expect(after.map((row) => row.id)).toEqual([soldQuote?.quote_id]);
  });
});
