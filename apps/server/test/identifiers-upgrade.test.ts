import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { wrapPool } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { insertUsers } from './support/gem-users';
import { cardCodeHash, cardCodeKeyring, legacyCardCodeHash, resealCardCodes, sealCardCode } from '../src/domain/sales/card-codes';

/**
 * 0044 on a database that already holds sales (docs/identifiers.md "Sales stored before 0044"):
 * migrated up to 0043, sales written as the older builds stored them, then the remaining
 * migrations and the start-up step. Every ID ends in its one form, NULL with its text kept, or
 * marked as a deposit sold before; every card-code hash ends over the skeleton. PostgreSQL only:
 * it builds a database of its own from the migration files.
 */
const spec = inject('testDb');
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function signature(): string {
  let value = BigInt(`0x${randomBytes(64).toString('hex')}`) | (1n << 511n);
  let text = '';
  for (; value > 0n; value /= 58n) text = BASE58[Number(value % 58n)] + text;
  return text;
}

describe.runIf(spec.kind === 'postgres')('0044 over sales stored before it', () => {
  it(
    'brings every transaction ID into its one form or keeps its text beside a NULL, and re-hashes card codes at start',
    { timeout: 180_000 },
    async () => {
      if (spec.kind !== 'postgres') throw new Error('PostgreSQL only');
      const name = `${spec.prefix}_up44_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: spec.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(spec.adminUrl);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      const database = wrapPool(pool);
      try {
        // The database as the build before 0044 left it.
        const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql') && file < '0044').sort();
        await pool.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
        for (const file of files) {
          const body = await readFile(path.join(migrationsDir, file), 'utf8');
          await database.withConnection((connection) =>
            connection.exec(`BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`),
          );
        }

        // Sales as the older builds stored them, written without the guards (no quote or image
        // rows needed); the CHECKs of the time still hold them.
        await pool.query('ALTER TABLE sales DISABLE TRIGGER ALL');
        const hex = () => randomBytes(32).toString('hex');
        const [first, second, third, kept] = [`a1${hex().slice(2)}`, hex(), hex(), hex()];
        const sig = signature();
        const legacy: { coin: 'usdt' | 'btc' | 'sol'; typed: string }[] = [
          { coin: 'usdt', typed: `0x${first.toUpperCase()}` },
          { coin: 'usdt', typed: `https://tronscan.org/#/transaction/${second}` },
          // The same deposit as the first, disguised: the finding this closes.
          { coin: 'usdt', typed: `${first.slice(0, 30)}\u200c${first.slice(30)}` },
          { coin: 'usdt', typed: first.replace('a', '\u0430') },
          { coin: 'usdt', typed: `"${third}".` },
          { coin: 'btc', typed: 'tx-70' },
          { coin: 'sol', typed: `https://solscan.io/tx/${sig}` },
          { coin: 'usdt', typed: kept },
        ];
        const [userId] = await insertUsers(database, 1);
        if (!userId) throw new Error('no user');
        const ids: string[] = [];
        const start = Date.parse('2026-06-01T09:00:00Z');
        for (const [i, { coin, typed }] of legacy.entries()) {
          const at = new Date(start + i * 60_000).toISOString();
          const [row] = (
            await pool.query<{ id: string }>(
              `WITH v AS (SELECT $2::text AS coin, CASE $2 WHEN 'usdt' THEN 20 WHEN 'btc' THEN 0.001 ELSE 0.5 END::numeric AS amount,
                 CASE $2 WHEN 'usdt' THEN 1.0002 WHEN 'btc' THEN 95123.45 ELSE 150 END::numeric AS price,
                 CASE $2 WHEN 'usdt' THEN 0 ELSE -10 END::numeric AS adjustment),
             q AS (
               INSERT INTO crypto_quotes (user_id, coin, amount, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn,
                 rate_ngn_per_usd, value_kobo, prices_at, created_at, expires_at)
               SELECT $1, coin, amount, price, 1598.37, 15, 1613.37, adjustment, 1613.37 + adjustment,
                 round(amount * price * (1613.37 + adjustment) * 100), $3, $3, $3::timestamptz + interval '15 minutes'
               FROM v RETURNING id
             )
             INSERT INTO sales (user_id, kind, status, status_changed_at, created_at, title, currency, currency_amount, exchange_rate, value_kobo,
               coin, coin_amount, quote_id, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn, transaction_id,
               bank_code, bank_name, account_number, account_name, idempotency_key, request_hash)
             SELECT $1, 'crypto', 'submitted', $3, $3, 'Legacy', 'USD', amount * price, 1613.37 + adjustment, round(amount * price * (1613.37 + adjustment) * 100),
               coin, amount, q.id, price, 1598.37, 15, 1613.37, adjustment, $4,
               '058', 'Guaranty Trust Bank', '0123456789', 'ADA SELLER', $5, repeat('a', 64)
             FROM v, q RETURNING sales.id`,
              [userId, coin, at, typed, `legacy-${i}`],
            )
          ).rows;
          ids.push(row?.id ?? '');
        }
        // A gift card whose code was hashed the way 0017 normalised it (its sealed columns as then).
        const keyring = cardCodeKeyring();
        const code = 'WISE-\u0410B12-CD34';
        const sealed = sealCardCode(keyring, userId, code);
        const [card] = (
          await pool.query<{ id: string }>(
            `INSERT INTO sales (user_id, kind, status, status_changed_at, created_at, title, currency, currency_amount, exchange_rate, value_kobo,
             gift_card_id, subcategory_id, subcategory_label, card_code_ciphertext, card_code_key_id, card_code_hash,
             bank_code, bank_name, account_number, account_name, idempotency_key, request_hash)
           SELECT $1, 'giftcard', 'submitted', $2, $2, 'Amazon', 'USD', 50, 1180, 5900000, s.gift_card_id, s.id, 'USA e-code',
             $3, $4, $5, '058', 'Guaranty Trust Bank', '0123456789', 'ADA SELLER', 'legacy-card', repeat('a', 64)
           FROM gift_card_subcategories s ORDER BY s.id LIMIT 1
           RETURNING id`,
            [userId, new Date(start).toISOString(), sealed.ciphertext, sealed.keyId, legacyCardCodeHash(keyring.current, code)],
          )
        ).rows;

        // This build starts: the migrations, then the start-up step.
        await pool.query('ALTER TABLE sales ENABLE TRIGGER ALL');
        const applied = await migrate(database);
        expect(applied[0]).toBe('0044_identifier_forms.sql');

        const { rows } = await pool.query<{
          id: string;
          transaction_id: string | null;
          transaction_id_as_typed: string | null;
          transaction_id_reused: boolean;
        }>('SELECT id, transaction_id, transaction_id_as_typed, transaction_id_reused FROM sales WHERE kind = $1', ['crypto']);
        const byId = new Map(rows.map((row) => [row.id, row]));
        const after = ids.map((id) => {
          const row = byId.get(id);
          return [row?.transaction_id, row?.transaction_id_as_typed, row?.transaction_id_reused];
        });
        expect(after).toEqual([
          [first, legacy[0]?.typed, false],
          [second, legacy[1]?.typed, false],
          [first, legacy[2]?.typed, true],
          [null, legacy[3]?.typed, false],
          [third, legacy[4]?.typed, false],
          [null, 'tx-70', false],
          [sig, legacy[6]?.typed, false],
          [kept, null, false],
        ]);

        const before = await pool.query<{ v: number }>('SELECT card_code_hash_version AS v FROM sales WHERE id = $1', [card?.id]);
        expect(before.rows[0]?.v).toBe(1);
        const result = await resealCardCodes(database.db, keyring);
        expect(result).toMatchObject({ rehashed: 1, unreadable: 0 });
        const { rows: cards } = await pool.query<{ h: string; v: number }>(
          'SELECT card_code_hash AS h, card_code_hash_version AS v FROM sales WHERE id = $1',
          [card?.id],
        );
        // Now found by any spelling that looks the same: the Latin A, a dash of another kind.
        expect(cards[0]).toEqual({ h: cardCodeHash(keyring.current, 'wise\u2013ab12 cd34'), v: 2 });
      } finally {
        await database.close();
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await admin.end();
        }
      }
    },
  );
});
