/**
 * Rows for the scale benchmark (scripts/bench/scale.mjs) and the list-plan test
 * (apps/server/test/list-plans.test.ts): `rows` sales, `rows` notifications and `rows` gem
 * movements (daily collections of 10 gems, with their ledger lines and balances) spread over many
 * customers (one per 10 rows, at least 50), a tenth of each going to one heavy customer whose own
 * lists are long, over a year of timestamps. Written with INSERT … SELECT generate_series, so a
 * million rows take seconds.
 *
 * The customers look like real ones to the back office's search: a first name and a surname drawn
 * from common Nigerian names, an e-mail and a username made from them, a +234 mobile number with a
 * real network prefix and scrambled digits. Whatever the size, exactly SEARCH_NEEDLES.count of them
 * carry a surname the generator never draws and a phone under a prefix it never uses, so a search
 * for SEARCH_NEEDLES.name or SEARCH_NEEDLES.phone matches that handful at 10 k rows as at 1 M.
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

const FIRST_NAMES = [
  'Chinedu',
  'Ngozi',
  'Emeka',
  'Aisha',
  'Tunde',
  'Funmilayo',
  'Ibrahim',
  'Chiamaka',
  'Segun',
  'Halima',
  'Obinna',
  'Yetunde',
  'Musa',
  'Adaeze',
  'Kelechi',
  'Bukola',
  'Uche',
  'Zainab',
  'Femi',
  'Amaka',
  'Sani',
  'Folake',
  'Ikenna',
  'Hauwa',
  'Damilola',
  'Nnamdi',
  'Blessing',
  'Yusuf',
  'Temitope',
  'Chidi',
  'Fatima',
  'Gbenga',
  'Ifeoma',
  'Abubakar',
  'Kemi',
  'Tobi',
];
const SURNAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Okonkwo',
  'Abubakar',
  'Ogunleye',
  'Nwosu',
  'Balogun',
  'Obi',
  'Suleiman',
  'Afolabi',
  'Chukwu',
  'Ibrahim',
  'Oyelaran',
  'Nwachukwu',
  'Danjuma',
  'Akinola',
  'Ojo',
  'Umeh',
  'Lawal',
  'Onyeka',
  'Usman',
  'Bakare',
  'Ekwueme',
  'Garba',
  'Adebayo',
  'Okoro',
  'Yakubu',
  'Oladipo',
  'Anyanwu',
  'Mohammed',
  'Ogbonna',
  'Salami',
  'Uzor',
  'Aliyu',
];
/** No real hash: the seeded customers never sign in, and the seed finds its own customers by it. */
const SEED_PASSWORD_HASH = 'not-a-password-hash';
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com'];
/** Mobile prefixes after +234 (MTN, Glo, Airtel, 9mobile): a local number reads 0803…, 0705… */
const PREFIXES = ['803', '806', '813', '816', '703', '706', '810', '814', '903', '906', '705', '805', '807', '815', '802', '808'];

/**
 * The handful every size holds: `name` is a fragment of a surname the generator never draws (and no
 * e-mail or username contains), `phone` a local number's start under +234 909, a prefix it never uses.
 */
export const SEARCH_NEEDLES = { count: 5, name: 'lanrewa', phone: '09095550' };

/** Statements to run in one session, in order; `heavyUserId` and `staffId` must exist. */
export function scaleSeedStatements({ rows, heavyUserId, staffId }) {
  const n = Math.max(1, Math.floor(rows));
  const customers = Math.max(50, Math.floor(n / 10));
  const heavyShare = 10; // every 10th row is the heavy customer's
  const span = 365 * 24 * 3600; // one year of seconds, spread evenly over the rows
  const lit = (text) => `'${String(text).replaceAll("'", "''")}'`;
  const list = (texts) => `(ARRAY[${texts.map(lit).join(', ')}])`;
  const at = (g) => `now() - interval '2 hours' - make_interval(secs => ${span}::float8 * (${n} - ${g}) / ${n})`;
  return [
    'SET session_replication_role = replica',
    // Names, e-mails and usernames from the lists (first and surname drawn independently); the
    // phone's 7 digits are g times a number prime to 10^7, modulo 10^7: unique, and scattered.
    `INSERT INTO users (full_name, username, email, phone, password_hash, email_verified_at, created_at)
     SELECT p.first || ' ' || p.last, lower(p.first) || g, lower(p.first || '.' || p.last) || g || '@' || p.domain,
            '+234' || p.prefix || lpad(((g::bigint * 4576543) % 10000000)::text, 7, '0'),
            ${lit(SEED_PASSWORD_HASH)}, now(), now() - interval '2 hours' - make_interval(secs => ${span}::float8 * (${customers} - g) / ${customers})
     FROM generate_series(1, ${customers}) g
     CROSS JOIN LATERAL (SELECT ${list(FIRST_NAMES)}[1 + g % ${FIRST_NAMES.length}] AS first,
                                ${list(SURNAMES)}[1 + (g / ${FIRST_NAMES.length}) % ${SURNAMES.length}] AS last,
                                ${list(DOMAINS)}[1 + g % ${DOMAINS.length}] AS domain,
                                ${list(PREFIXES)}[1 + (g * 7) % ${PREFIXES.length}] AS prefix) p`,
    // The needles, spread over the year like everyone else (and over the list's pages).
    `UPDATE users u SET full_name = initcap(split_part(u.email, '.', 1)) || ' Olanrewaju',
            phone = '+2349095550' || lpad(k::text, 3, '0')
     FROM (SELECT k, id FROM (SELECT row_number() OVER (ORDER BY created_at) AS r, id FROM users WHERE password_hash = ${lit(SEED_PASSWORD_HASH)}) c
           CROSS JOIN generate_series(1, ${SEARCH_NEEDLES.count}) k
           WHERE c.r = k * (${customers} / ${SEARCH_NEEDLES.count + 1})) pick
     WHERE u.id = pick.id`,
    `CREATE TEMP TABLE scale_customers AS
     SELECT row_number() OVER (ORDER BY id) AS n, id FROM users WHERE password_hash = ${lit(SEED_PASSWORD_HASH)}`,
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
