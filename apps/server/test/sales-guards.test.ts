import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SaleDetail } from '@wise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * What the database refuses on its own, whatever code or hand-typed SQL runs
 * (0007_giftcards_sales.sql): raw SQL on both engines.
 */
let t: TestApp;
let dir: string;
let seller: TestUser;
let stranger: TestUser;
let sale: SaleDetail;

const refused = async (sql: string, params: unknown[], pattern: RegExp) => {
  await expect(t.database.query(sql, params)).rejects.toThrow(pattern);
};

/** A complete, valid gift-card sale row, to be spoilt one column at a time. */
async function baseRow(): Promise<Record<string, unknown>> {
  const [sub] = await t.database.query<{ id: string; gift_card_id: string }>(
    "SELECT s.id, s.gift_card_id FROM gift_card_subcategories s JOIN gift_cards c ON c.id = s.gift_card_id WHERE c.slug = 'amazon' ORDER BY s.position LIMIT 1",
  );
  return {
    user_id: seller.id,
    kind: 'giftcard',
    status: 'submitted',
    status_changed_at: '2026-05-01T10:00:00Z',
    created_at: '2026-05-01T10:00:00Z',
    gift_card_id: sub?.gift_card_id,
    subcategory_id: sub?.id,
    title: 'Amazon · USA physical',
    subcategory_label: 'USA physical · $25–$100',
    currency: 'USD',
    currency_amount: '50.00',
    exchange_rate: '1180.00',
    value_kobo: 5_900_000,
    bank_code: '058',
    bank_name: 'Guaranty Trust Bank',
    account_number: '0123456789',
    account_name: 'NWOSU CHIDI',
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

const insertSale = async (overrides: Record<string, unknown>, pattern: RegExp) => {
  const { sql, params } = insertSql({ ...(await baseRow()), ...overrides });
  await refused(sql, params, pattern);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-sales-guards-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t);
  stranger = await createCustomer(t);
  await addBankDetails(t, seller);
  await addBankDetails(t, stranger, '0567891234');
  await sellGiftCard(t, stranger, { seed: 2 });
});
beforeEach(async () => {
  sale = await sellGiftCard(t, seller, { seed: Math.floor(Math.random() * 1000) });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a new sale', () => {
  it('is refused with a non-positive amount, rate or value, or a value that does not follow from them', async () => {
    await insertSale({ currency_amount: '0', value_kobo: 1 }, /check constraint/);
    await insertSale({ currency_amount: '-50.00', value_kobo: 1 }, /check constraint/);
    await insertSale({ exchange_rate: '0' }, /check constraint/);
    await insertSale({ value_kobo: 0 }, /check constraint/);
    await insertSale({ value_kobo: -5_900_000 }, /check constraint/);
    await insertSale({ value_kobo: 5_900_001 }, /sales_giftcard_shape/);
    await insertSale({ currency_amount: '50.005', value_kobo: 5_900_590 }, /sales_giftcard_shape/);
    await insertSale({ value_kobo: 9_007_199_254_740_992 }, /check constraint/);
  });

  it('is refused with an unknown kind or status, or starting anywhere but submitted', async () => {
    await insertSale({ kind: 'bitcoin' }, /check constraint/);
    await insertSale({ status: 'lost' }, /starts as submitted, not lost/);
    await refused(
      "UPDATE sales SET status = 'lost', status_changed_at = now() + interval '1 day' WHERE id = $1",
      [sale.id],
      /cannot go from submitted to lost/,
    );
    await insertSale(
      { status: 'paid', paid_at: '2026-05-01T10:00:00Z', payout_reference: 'x', decided_at: '2026-05-01T10:00:00Z' },
      /starts as submitted/,
    );
    await insertSale({ status_changed_at: '2026-05-01T11:00:00Z' }, /status time is its submission time/);
  });

  it('is refused without its card, with a bad bank snapshot, comment or key', async () => {
    await insertSale({ subcategory_id: null }, /sales_giftcard_shape/);
    await insertSale({ account_number: '12345' }, /check constraint/);
    await insertSale({ comment: 'bell\u0007' }, /check constraint/);
    await insertSale({ comment: 'x'.repeat(501) }, /check constraint/);
    await insertSale({ idempotency_key: 'has space' }, /check constraint/);
    await insertSale({ request_hash: 'short' }, /check constraint/);
    await insertSale({ kind: 'crypto', currency: 'BTC', network: 'bitcoin' }, /sales_card_fields_only_giftcard/);
  });

  it('must have 1 to 10 images when its transaction commits', async () => {
    const { sql, params } = insertSql(await baseRow());
    await refused(sql, params, /has 0 images/);
  });

  it("cannot show another customer's upload as its image", async () => {
    const [upload] = await t.database.query<{ id: string }>(
      "INSERT INTO uploads (user_id, storage_key, purpose, content_type, size_bytes) VALUES ($1, $2, 'sale_image', 'image/webp', 10) RETURNING id",
      [stranger.id, `${'c'.repeat(32)}.webp`],
    );
    const attach = 'INSERT INTO sale_images (sale_id, user_id, position, upload_id) VALUES ($1, $2, 5, $3)';
    await refused(attach, [sale.id, seller.id, upload?.id], /sale_images_upload_fk/);
    await refused(attach, [sale.id, stranger.id, upload?.id], /sale_images_sale_fk/);
  });
});

describe('a submitted sale', () => {
  it('keeps its terms: amount, value, rate, owner and payout account never change', async () => {
    for (const change of [
      'value_kobo = value_kobo + 1',
      "currency_amount = '60.00', value_kobo = 7080000",
      "exchange_rate = '2000.00', value_kobo = 10000000",
      `user_id = '${stranger.id}'`,
      "account_number = '9999999999'",
      "comment = 'edited'",
      "card_code = 'NEW-CODE'",
      "created_at = created_at - interval '1 day'",
    ]) {
      await refused(`UPDATE sales SET ${change} WHERE id = $1`, [sale.id], /never change after submission/);
    }
  });

  it('moves only along its transitions, forward in time, each decision with its facts', async () => {
    const [reviewer] = await t.database.query<{ id: string }>(
      "INSERT INTO staff (email, name, role, password_hash, created_at, updated_at) VALUES ('guard@wise.test', 'Guard', 'reviewer', 'x', now(), now()) RETURNING id",
    );
    const by = `decided_by = '${reviewer?.id}'`;
    const update = (set: string) => t.database.query(`UPDATE sales SET ${set} WHERE id = $1`, [sale.id]);
    await refused(
      `UPDATE sales SET status = 'paid', status_changed_at = now(), paid_at = now(), decided_at = now(), payout_reference = 'x' WHERE id = $1`,
      [sale.id],
      /cannot go from submitted to paid/,
    );
    await refused(
      `UPDATE sales SET status = 'approved', status_changed_at = now(), decided_at = now() WHERE id = $1`,
      [sale.id],
      /cannot go from submitted to approved/,
    );
    await refused(
      `UPDATE sales SET status = 'rejected', status_changed_at = now(), decided_at = now(), ${by}, rejection_code = 'used_card' WHERE id = $1`,
      [sale.id],
      /sales_rejection_reason/,
    );
    await refused(
      `UPDATE sales SET status = 'rejected', status_changed_at = now(), decided_at = now(), ${by}, rejection_reason = 'Used card' WHERE id = $1`,
      [sale.id],
      /sales_rejection_code/,
    );
    await refused(
      `UPDATE sales SET status = 'rejected', status_changed_at = now(), decided_at = now(), rejection_code = 'used_card', rejection_reason = 'Used card' WHERE id = $1`,
      [sale.id],
      /sales_decided_by_staff/,
    );
    await refused(
      `UPDATE sales SET status = 'rejected', status_changed_at = now(), rejection_reason = 'fake' WHERE id = $1`,
      [sale.id],
      /sales_decided/,
    );
    await refused(
      `UPDATE sales SET status = 'under_review', status_changed_at = '2000-01-01T00:00:00Z' WHERE id = $1`,
      [sale.id],
      /back in time|sales_status_time/,
    );
    await refused(
      `UPDATE sales SET status_changed_at = status_changed_at + interval '1 hour' WHERE id = $1`,
      [sale.id],
      /moves only with the status/,
    );
    await update("status = 'under_review', status_changed_at = status_changed_at + interval '1 minute'");
    await refused(
      `UPDATE sales SET status = 'approved', status_changed_at = status_changed_at + interval '1 minute', payout_amount_kobo = value_kobo, ${by} WHERE id = $1`,
      [sale.id],
      /sales_decided/,
    );
    await refused(
      `UPDATE sales SET status = 'approved', status_changed_at = status_changed_at + interval '2 minutes', decided_at = status_changed_at + interval '2 minutes', ${by} WHERE id = $1`,
      [sale.id],
      /sales_approved_amount/,
    );
    await refused(
      `UPDATE sales SET status = 'approved', status_changed_at = status_changed_at + interval '2 minutes', decided_at = status_changed_at + interval '2 minutes', ${by}, payout_amount_kobo = value_kobo + 100 WHERE id = $1`,
      [sale.id],
      /sales_approval_note/,
    );
    await update(
      `status = 'approved', status_changed_at = status_changed_at + interval '2 minutes', decided_at = status_changed_at + interval '2 minutes', ${by}, payout_amount_kobo = value_kobo`,
    );
    await refused(
      `UPDATE sales SET payout_amount_kobo = payout_amount_kobo + 1, approval_note = 'more' WHERE id = $1`,
      [sale.id],
      /never rewritten/,
    );
    await refused(
      `UPDATE sales SET status = 'under_review', status_changed_at = status_changed_at + interval '1 minute' WHERE id = $1`,
      [sale.id],
      /stays approved/,
    );
    // Paid only by a successful payout of the approved amount.
    await refused(
      `UPDATE sales SET status = 'paid', status_changed_at = status_changed_at + interval '3 minutes', paid_at = status_changed_at + interval '3 minutes', payout_reference = 'TRF_1' WHERE id = $1`,
      [sale.id],
      /paid only by a successful payout/,
    );
    await t.database.query(
      `INSERT INTO payouts (sale_id, attempt, reference, method, status, amount_kobo, bank_code, account_number, account_name, provider_reference, note, created_by, created_at, settled_at)
       SELECT id, 1, 'manual-guard-test-0001', 'manual', 'success', payout_amount_kobo, bank_code, account_number, account_name, 'TRF_1', 'paid at the branch', $2, now(), now() FROM sales WHERE id = $1`,
      [sale.id, reviewer?.id],
    );
    await refused(
      `UPDATE sales SET status = 'paid', status_changed_at = status_changed_at + interval '1 minute', paid_at = status_changed_at + interval '1 minute' WHERE id = $1`,
      [sale.id],
      /sales_paid/,
    );
    await update(
      "status = 'paid', status_changed_at = status_changed_at + interval '3 minutes', paid_at = status_changed_at + interval '3 minutes', payout_reference = 'TRF_1'",
    );
    await refused(`UPDATE sales SET payout_reference = 'TRF_2' WHERE id = $1`, [sale.id], /keeps its payout reference/);
    await refused(
      `UPDATE sales SET status = 'rejected', status_changed_at = now() + interval '1 day', rejection_reason = 'late' WHERE id = $1`,
      [sale.id],
      /cannot go from paid to rejected/,
    );
    await refused(
      `UPDATE sales SET status = 'under_review', status_changed_at = now() + interval '1 day', decided_at = NULL, paid_at = NULL WHERE id = $1`,
      [sale.id],
      /cannot go from paid to under_review/,
    );

    const events = await t.database.query<{ status: string }>('SELECT status FROM sale_status_events WHERE sale_id = $1 ORDER BY id', [
      sale.id,
    ]);
    expect(events.map((event) => event.status)).toEqual(['submitted', 'under_review', 'approved', 'paid']);
  });

  it('and its images and history are kept: no delete, no edit, no truncate', async () => {
    await refused('DELETE FROM sales WHERE id = $1', [sale.id], /sale records are kept/);
    await refused('DELETE FROM sale_images WHERE sale_id = $1', [sale.id], /sale records are kept/);
    await refused('UPDATE sale_images SET position = 9 WHERE sale_id = $1', [sale.id], /sale records are kept/);
    await refused("UPDATE sale_status_events SET status = 'paid' WHERE sale_id = $1", [sale.id], /sale records are kept/);
    await refused('DELETE FROM sale_status_events WHERE sale_id = $1', [sale.id], /sale records are kept/);
    await refused('TRUNCATE sale_status_events, sale_images, sales CASCADE', [], /sale records are kept/);
    await refused('DELETE FROM users WHERE id = $1', [seller.id], /foreign key|violates/);
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sales WHERE id = $1', [sale.id]);
    expect(count?.n).toBe(1);
  });
});

describe('the catalogue', () => {
  it('refuses a band upside down, a non-positive rate, a bad colour or a slug the routes use', async () => {
    const [card] = await t.database.query<{ id: string }>("SELECT id FROM gift_cards WHERE slug = 'amazon'");
    const insertSub = (min: string, max: string, rate: string) =>
      t.database.query(
        "INSERT INTO gift_card_subcategories (gift_card_id, country, kind, currency, min_amount, max_amount, exchange_rate) VALUES ($1, 'Test', 'physical', 'USD', $2, $3, $4)",
        [card?.id, min, max, rate],
      );
    await expect(insertSub('100', '25', '1000')).rejects.toThrow(/gift_card_subcategories_band/);
    await expect(insertSub('25', '100', '0')).rejects.toThrow(/check constraint/);
    await expect(insertSub('0', '100', '1000')).rejects.toThrow(/check constraint/);
    for (const [slug, color] of [
      ['search', '#000000'],
      ['art', '#000000'],
      ['Bad Slug', '#000000'],
      ['fine-slug', 'red'],
    ]) {
      await expect(
        t.database.query("INSERT INTO gift_cards (slug, name, currency, brand_color) VALUES ($1, $2, 'USD', $3)", [
          slug,
          `Card ${slug}`,
          color,
        ]),
      ).rejects.toThrow(/check constraint/);
    }
    await expect(
      t.database.query("INSERT INTO gift_cards (slug, name, currency, brand_color) VALUES ('amazon-2', 'AMAZON', 'USD', '#000000')"),
    ).rejects.toThrow(/gift_cards_name_key|duplicate key/);
  });
});
