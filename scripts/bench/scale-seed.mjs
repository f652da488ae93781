/**
 * Rows for the scale benchmark (scripts/bench/scale.mjs) and the list-plan test
 * (apps/server/test/list-plans.test.ts): `rows` sales, `rows` notifications and `rows` gem
 * movements (daily collections of 10 gems, with their ledger lines and balances) spread over many
 * customers (one per 100 rows, at least 50), a tenth of each going to one heavy customer whose own
 * lists are long, over a year of timestamps. Written with INSERT … SELECT generate_series, so a
 * million rows take seconds.
 *
 * Sales are inserted already decided, which the ledger's triggers only allow step by step
 * (submitted → under_review → approved → paid): the seeding session sets
 * session_replication_role = replica, which skips triggers for that session only. Every CHECK
 * still holds and each row is what the app would have written at the end of its life — the gift
 * card's own currency and rate, value_kobo = amount × rate, a paid sale with its approved amount,
 * payout reference and times in order, a rejected one with its code and reason, decided by a
 * real staff member. What is left out, because no measured list reads it: the card images, the
 * status history rows and payout attempts of each sale.
 */

/** Statements to run in one session, in order; `heavyUserId` and `staffId` must exist. */
export function scaleSeedStatements({ rows, heavyUserId, staffId }) {
  const n = Math.max(1, Math.floor(rows));
  const customers = Math.max(50, Math.floor(n / 100));
  const heavyShare = 10; // every 10th row is the heavy customer's
  const span = 365 * 24 * 3600; // one year of seconds, spread evenly over the rows
  const lit = (text) => `'${String(text).replaceAll("'", "''")}'`;
  const at = (g) => `now() - interval '2 hours' - make_interval(secs => ${span}::float8 * (${n} - ${g}) / ${n})`;
  return [
    'SET session_replication_role = replica',
    `INSERT INTO users (full_name, username, email, phone, password_hash, email_verified_at, created_at)
     SELECT 'Scale Customer ' || g, 'scale' || g, 'scale' || g || '@scale.test', '+23490' || lpad(g::text, 8, '0'),
            'not-a-password-hash', now(), ${at('g')}
     FROM generate_series(1, ${customers}) g`,
    `CREATE TEMP TABLE scale_customers AS
     SELECT row_number() OVER (ORDER BY id) AS n, id FROM users WHERE email LIKE '%@scale.test'`,
    `CREATE TEMP TABLE scale_cards AS
     SELECT row_number() OVER (ORDER BY s.id) AS n, s.id, s.gift_card_id, c.name, s.country, s.kind, s.currency, s.exchange_rate
     FROM gift_card_subcategories s JOIN gift_cards c ON c.id = s.gift_card_id`,
    // Keyed and analysed, so the joins below are hash or index lookups, not a scan per row.
    'ALTER TABLE scale_customers ADD PRIMARY KEY (n)',
    'ALTER TABLE scale_cards ADD PRIMARY KEY (n)',
    'ANALYZE scale_customers',
    'ANALYZE scale_cards',
    `INSERT INTO sales (user_id, kind, status, status_changed_at, gift_card_id, subcategory_id, title, subcategory_label,
                        currency, currency_amount, exchange_rate, value_kobo, bank_code, bank_name, account_number, account_name,
                        idempotency_key, request_hash, decided_by, decided_at, rejection_reason, rejection_code,
                        payout_amount_kobo, payout_reference, paid_at, created_at)
     SELECT CASE WHEN g % ${heavyShare} = 0 THEN ${lit(heavyUserId)}::uuid ELSE u.id END,
            'giftcard', st.status,
            CASE st.status WHEN 'submitted' THEN t.created WHEN 'rejected' THEN t.created + interval '1 hour'
                           ELSE t.created + interval '61 minutes' END,
            c.gift_card_id, c.id, c.name || ' · ' || c.country, c.country || ' ' || c.kind,
            c.currency, 100, c.exchange_rate, round(100 * c.exchange_rate * 100)::bigint,
            '058', 'Guaranty Trust Bank', '0123456789', 'Scale Customer',
            'scale-' || g, md5(g::text) || md5('x' || g::text),
            CASE WHEN st.status = 'submitted' THEN NULL ELSE ${lit(staffId)}::uuid END,
            CASE WHEN st.status = 'submitted' THEN NULL ELSE t.created + interval '1 hour' END,
            CASE WHEN st.status = 'rejected' THEN 'The card has already been used.' END,
            CASE WHEN st.status = 'rejected' THEN 'used_card' END,
            CASE WHEN st.status = 'paid' THEN round(100 * c.exchange_rate * 100)::bigint END,
            CASE WHEN st.status = 'paid' THEN 'scale-payout-' || g END,
            CASE WHEN st.status = 'paid' THEN t.created + interval '61 minutes' END,
            t.created
     FROM generate_series(1, ${n}) g
     CROSS JOIN LATERAL (SELECT ${at('g')} AS created) t
     -- One sale in 20 waits for review, three are rejected, the rest paid.
     CROSS JOIN LATERAL (SELECT CASE WHEN g % 20 = 1 THEN 'submitted' WHEN g % 20 IN (2, 3, 4) THEN 'rejected' ELSE 'paid' END AS status) st
     JOIN scale_customers u ON u.n = 1 + (g::bigint * 7919) % ${customers}
     JOIN scale_cards c ON c.n = 1 + g % (SELECT count(*) FROM scale_cards)`,
    `INSERT INTO notifications (user_id, message, read_at, created_at)
     SELECT CASE WHEN g % ${heavyShare} = 0 THEN ${lit(heavyUserId)}::uuid ELSE u.id END,
            'your Amazon · USA physical sale of ₦72,500.00 was paid (' || g || ').',
            CASE WHEN g > ${n} - ${Math.max(1, Math.floor(n / 20))} THEN NULL ELSE ${at('g')} + interval '1 hour' END,
            ${at('g')}
     FROM generate_series(1, ${n}) g
     JOIN scale_customers u ON u.n = 1 + (g::bigint * 7919) % ${customers}`,
    // Gem movements: each an entry with its two lines, as collectDailyGems writes them; with the
    // triggers off, the cached balances are set from the lines afterwards (the audit agrees).
    `INSERT INTO gem_accounts (kind, user_id, balance)
     SELECT 'available', id, 0 FROM (SELECT id FROM scale_customers UNION SELECT ${lit(heavyUserId)}::uuid) u
     ON CONFLICT (user_id, kind) DO NOTHING`,
    `INSERT INTO gem_entries (id, idempotency_key, reason, user_id, memo, created_at)
     SELECT md5('scale-gem-' || g)::uuid, 'scale-gem-' || g, 'daily_collection',
            CASE WHEN g % ${heavyShare} = 0 THEN ${lit(heavyUserId)}::uuid ELSE u.id END, NULL, ${at('g')}
     FROM generate_series(1, ${n}) g
     JOIN scale_customers u ON u.n = 1 + (g::bigint * 7919) % ${customers}
     ORDER BY g`,
    `INSERT INTO gem_entry_lines (entry_id, account_id, amount)
     SELECT e.id, a.id, 10 FROM gem_entries e JOIN gem_accounts a ON a.user_id = e.user_id AND a.kind = 'available'
     WHERE e.idempotency_key LIKE 'scale-gem-%'
     UNION ALL
     SELECT e.id, (SELECT id FROM gem_accounts WHERE code = 'daily_collection'), -10 FROM gem_entries e
     WHERE e.idempotency_key LIKE 'scale-gem-%'`,
    `UPDATE gem_accounts a SET balance = a.balance + s.total
     FROM (SELECT l.account_id, sum(l.amount) AS total FROM gem_entry_lines l
           JOIN gem_entries e ON e.id = l.entry_id AND e.idempotency_key LIKE 'scale-gem-%'
           GROUP BY l.account_id) s
     WHERE a.id = s.account_id AND a.kind = 'available'`,
    'SET session_replication_role = origin',
    'DROP TABLE scale_customers',
    'DROP TABLE scale_cards',
    'ANALYZE users',
    'ANALYZE sales',
    'ANALYZE notifications',
    'ANALYZE gem_accounts',
    'ANALYZE gem_entries',
    'ANALYZE gem_entry_lines',
  ];
}
