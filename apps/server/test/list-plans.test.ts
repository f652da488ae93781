import { randomUUID } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSaleListQuery } from '@wise/shared/admin';
import { SEARCH_NEEDLES, scaleSeedStatements } from '../../../scripts/bench/scale-seed.mjs';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { searchAuditLog } from '../src/domain/admin/audit-log';
import { listAdminBillOrders } from '../src/domain/admin/bills';
import { searchCustomers } from '../src/domain/admin/customers';
import { encodeCursor as encodeAdminCursor } from '../src/domain/admin/customers-paging';
import { listSaleQueue } from '../src/domain/admin/review/queue';
import { encodeStatementCursor, getGemStatement } from '../src/domain/gems/statement';
import { listNotifications } from '../src/domain/notifications/service';
import { getRewardHistory } from '../src/domain/rewards/rewards';
import { encodeCursor, listTransactions } from '../src/domain/transactions/service';
import { systemClock } from '../src/lib/clock';
import { openTestDatabase } from './support/db';

/**
 * Every list that can grow reads one index range in its own order (docs/decisions.md §7b.4): the exact SQL each
 * domain function runs — captured through drizzle's logger, cursor included — is EXPLAINed, and
 * the plan must show an Index Scan on the index made for it and no Sort or Incremental Sort node.
 * A change to a query or an index that would make a page cost grow with the table fails here.
 *
 * A few thousand seeded rows (scripts/bench/scale-seed.mjs) keep it fast; on tables that small a
 * sequential or bitmap scan and a sort of the few matches is honestly cheapest, which is why the
 * EXPLAIN runs with `enable_seqscan` and `enable_bitmapscan` off (at a million rows the planner
 * chooses the same ordered index scan by itself: scripts/bench/scale.mjs). Nothing can stand in
 * for an index in the right order except a Sort, which is what this test looks for, and the index
 * is named, so a filter read through another index is caught too (enable_sort stays on).
 */

const ROWS = 2000;

let database: Database;
let logged: Db;
const captured: { sql: string; params: unknown[] }[] = [];
let heavyId: string;
let staffId: string;
let cardId: string;

const logger: Logger = { logQuery: (sql, params) => void captured.push({ sql, params }) };

/** A drizzle over the same client whose every query is recorded (both engines are reached through a `pg` Pool). */
function loggingDb(db: Db): Db {
  const client = (db as unknown as { $client: pg.Pool }).$client;
  return drizzlePg(client, { schema, logger }) as unknown as Db;
}

/** The queries one call ran. */
async function queriesOf(run: () => Promise<unknown>) {
  captured.length = 0;
  await run();
  return [...captured];
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** `off`: the scans the plan may not use (each list: seqscan and bitmapscan; a search: seqscan and indexscan). */
async function planOf(
  query: { sql: string; params: unknown[] },
  off: readonly string[] = ['enable_seqscan', 'enable_bitmapscan'],
): Promise<PlanNode[]> {
  // Settings are per session: one connection for the SET, the EXPLAIN and the RESET.
  const [row] = await database.withConnection(async (connection) => {
    await connection.exec(off.map((setting) => `SET ${setting} = off`).join('; '));
    try {
      return await connection.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
    } finally {
      await connection.exec(off.map((setting) => `RESET ${setting}`).join('; '));
    }
  });
  const raw = row?.['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  if (!parsed) throw new Error(`no plan for ${query.sql}`);
  return nodes(parsed[0].Plan);
}

/** The one query among `queries` that reads `table` in list order, EXPLAINed: an index scan on `index`, no sort. */
async function expectIndexOrder(queries: { sql: string; params: unknown[] }[], table: string, index: string | string[]) {
  const indexes = Array.isArray(index) ? index : [index];
  const query = queries.find((q) => q.sql.includes(`from "${table}"`) && q.sql.includes('order by'));
  expect(query, `a list query on ${table}`).toBeDefined();
  if (!query) return;
  const plan = await planOf(query);
  const types = plan.map((n) => n['Node Type']);
  expect(
    types.filter((t) => t === 'Sort' || t === 'Incremental Sort'),
    `${index}: ${types.join(' > ')}`,
  ).toEqual([]);
  expect(
    plan.some((n) => (n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Index Only Scan') && indexes.includes(n['Index Name'] ?? '')),
    `${index} in ${types.join(' > ')} (${plan
      .map((n) => n['Index Name'])
      .filter(Boolean)
      .join(', ')})`,
  ).toBe(true);
}

/**
 * The customer search's query, EXPLAINed: each of its contains-matches a Bitmap Index Scan on that
 * column's trigram index (0042), and no Seq Scan. A Sort of the matches is expected: a search reads
 * what it matches, not the list in order. The ordered list index is switched off as well as the
 * sequential scan: on the test's few hundred customers, reading them in order and filtering is
 * honestly cheapest, where from 10 k customers the planner picks the trigram indexes by itself
 * (docs/decisions.md §2.14). A predicate the trigram indexes cannot
 * answer (a lower(...) around a column, a cast) leaves the planner no index but a full one: caught.
 */
async function expectTrigramSearch(queries: { sql: string; params: unknown[] }[], indexes: string[]) {
  const query = queries.find((q) => q.sql.includes('from "users"') && q.sql.includes('order by'));
  expect(query, 'the customer search query').toBeDefined();
  if (!query) return;
  const plan = await planOf(query, ['enable_seqscan', 'enable_indexscan']);
  const types = plan.map((n) => n['Node Type']);
  const bitmapIndexes = plan.filter((n) => n['Node Type'] === 'Bitmap Index Scan').map((n) => n['Index Name']);
  expect(
    types.filter((t) => t === 'Seq Scan'),
    types.join(' > '),
  ).toEqual([]);
  expect([...new Set(bitmapIndexes)].sort(), types.join(' > ')).toEqual([...indexes].sort());
}

const midCursor = () => encodeCursor({ at: '2026-06-01T12:00:00.123456Z', id: randomUUID() });

beforeAll(async () => {
  database = await openTestDatabase();
  logged = loggingDb(database.db);
  [{ id: heavyId }] = (await database.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, phone, password_hash) VALUES ('Heavy Customer', 'heavyplans', 'heavy@plans.test', '+2348011111111', 'x') RETURNING id`,
  )) as [{ id: string }];
  [{ id: staffId }] = (await database.query<{ id: string }>(
    `INSERT INTO staff (email, name, role, password_hash, created_at, updated_at) VALUES ('plans@wise.test', 'Plans', 'reviewer', 'x', now(), now()) RETURNING id`,
  )) as [{ id: string }];
  // One session: the seed's session_replication_role and temporary tables are that session's.
  await database.withConnection(async (connection) => {
    for (const statement of scaleSeedStatements({ rows: ROWS, heavyUserId: heavyId, staffId })) await connection.exec(statement);
  });
  [{ id: cardId }] = (await database.query<{ id: string }>('SELECT gift_card_id AS id FROM sales LIMIT 1')) as [{ id: string }];
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const queue = (query: Partial<AdminSaleListQuery>): AdminSaleListQuery =>
  ({ status: 'pending', limit: 20, ...query }) as AdminSaleListQuery;

describe('every growing list reads its own index in order, a cursor page included (no Sort node)', () => {
  it("the customer's transactions, all and by status (sales and bill orders)", async () => {
    const all = await queriesOf(() => listTransactions(logged, heavyId, { cursor: midCursor() }));
    await expectIndexOrder(all, 'sales', 'sales_user_list_idx');
    await expectIndexOrder(all, 'bill_orders', 'bill_orders_user_idx');
    const pending = await queriesOf(() => listTransactions(logged, heavyId, { status: 'pending', cursor: midCursor() }));
    await expectIndexOrder(pending, 'sales', 'sales_user_status_list_idx');
    // The seed has no bill orders (each needs its gem hold on the ledger): on an empty table the
    // planner cannot tell the customer's status index from the back office's one; both are ordered.
    await expectIndexOrder(pending, 'bill_orders', ['bill_orders_user_status_list_idx', 'bill_orders_status_list_idx']);
  });

  it('notifications and rewards history', async () => {
    await expectIndexOrder(
      await queriesOf(() => listNotifications(logged, heavyId, { cursor: midCursor() })),
      'notifications',
      'notifications_user_list_idx',
    );
    await expectIndexOrder(
      await queriesOf(() => getRewardHistory(logged, heavyId, { cursor: midCursor() })),
      'gem_reward_claims',
      'gem_reward_claims_user_list_idx',
    );
  });

  it('the gem statement', async () => {
    const secret = 'list-plans-secret-0123456789abcdef';
    const cursor = encodeStatementCursor(secret, heavyId, { seq: 1_000_000, balance: 500 });
    await expectIndexOrder(
      await queriesOf(() => getGemStatement(logged, secret, heavyId, { cursor })),
      'gem_entries',
      'gem_entries_user_seq_idx',
    );
    // The seed is a sound ledger: a tenth of the movements are the heavy customer's, 10 gems each.
    const page = await getGemStatement(database.db, secret, heavyId, { limit: 3 });
    expect(page.movements.map((m) => [m.kind, m.amount, m.balance])).toEqual([
      ['daily_collection', 10, ROWS],
      ['daily_collection', 10, ROWS - 10],
      ['daily_collection', 10, ROWS - 20],
    ]);
  });

  it('the review queue: waiting oldest first, each decided view newest first, by kind, card and coin', async () => {
    const run = (query: Partial<AdminSaleListQuery>) =>
      queriesOf(() => listSaleQueue(logged, systemClock, queue({ cursor: midCursor(), ...query })));
    const pending = await run({ status: 'pending' });
    await expectIndexOrder(pending, 'sales', 'sales_review_queue_idx');
    // Each row's risk flags (risk-flags.ts) are subqueries of the page's statement: every one reads an
    // index (the lowest photo band, spelled unlike its index, read every image of every sale), and
    // the customer's paid history is read in order from its index and stops at the tenth sale.
    const page = pending.find((q) => q.sql.includes('from "sales"') && q.sql.includes('order by'));
    const plan = page ? await planOf(page) : [];
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    expect(plan.some((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === 'sales_user_status_list_idx')).toBe(true);
    // The flags are one column: their count is the array's length, not each subquery run again.
    expect(plan.filter((n) => n['Index Name'] === 'sales_user_status_list_idx')).toHaveLength(1);
    await expectIndexOrder(await run({ status: 'pending', kind: 'giftcard' }), 'sales', 'sales_review_queue_kind_idx');
    await expectIndexOrder(await run({ status: 'pending', gift_card_id: cardId }), 'sales', 'sales_review_queue_card_idx');
    await expectIndexOrder(await run({ status: 'pending', coin: 'btc' }), 'sales', 'sales_review_queue_coin_idx');
    for (const status of ['approved', 'payout_failed', 'paid', 'rejected'] as const) {
      await expectIndexOrder(await run({ status }), 'sales', 'sales_decided_status_idx');
    }
    await expectIndexOrder(await run({ status: 'paid', gift_card_id: cardId }), 'sales', 'sales_decided_card_idx');
    await expectIndexOrder(await run({ status: 'rejected', coin: 'usdt' }), 'sales', 'sales_decided_coin_idx');
  });

  it("the customer search finds the seed's handful by a name fragment or a local phone's start, newest first", async () => {
    const byName = await searchCustomers(database.db, { q: SEARCH_NEEDLES.name.toUpperCase(), limit: 20 });
    expect(byName.items).toHaveLength(SEARCH_NEEDLES.count);
    expect(byName.items.every((c) => c.full_name.endsWith(' Olanrewaju'))).toBe(true);
    const created = byName.items.map((c) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const byPhone = await searchCustomers(database.db, { q: SEARCH_NEEDLES.phone, limit: 20 });
    expect(byPhone.items.map((c) => c.id)).toEqual(byName.items.map((c) => c.id));
  });

  it("the back office's customers, audit log and bill orders", async () => {
    const adminCursor = encodeAdminCursor({ at: '2026-06-01 12:00:00.123456+00', id: randomUUID() });
    await expectIndexOrder(
      await queriesOf(() => searchCustomers(logged, { cursor: adminCursor, limit: 20 })),
      'users',
      'users_created_list_idx',
    );
    const byText = ['users_full_name_trgm_idx', 'users_email_trgm_idx', 'users_username_trgm_idx'];
    await expectTrigramSearch(await queriesOf(() => searchCustomers(logged, { q: SEARCH_NEEDLES.name, limit: 20 })), byText);
    await expectTrigramSearch(await queriesOf(() => searchCustomers(logged, { q: SEARCH_NEEDLES.phone, limit: 20 })), [
      ...byText,
      'users_phone_trgm_idx',
    ]);
    const auditCursor = encodeAdminCursor({ at: '2026-06-01 12:00:00.123456+00', id: '12345' });
    const audit = (query: object) =>
      queriesOf(() => searchAuditLog(logged, { limit: 20, cursor: auditCursor, ...query } as Parameters<typeof searchAuditLog>[1]));
    await expectIndexOrder(await audit({}), 'staff_audit_log', 'staff_audit_log_at_idx');
    await expectIndexOrder(await audit({ staff_id: staffId }), 'staff_audit_log', 'staff_audit_log_staff_idx');
    const billCursor = Buffer.from(`2026-06-01T12:00:00.123456Z|${randomUUID()}`).toString('base64url');
    const bills = (filter: object) =>
      queriesOf(() => listAdminBillOrders(logged, systemClock, { limit: 20, cursor: billCursor, ...filter }));
    await expectIndexOrder(await bills({}), 'bill_orders', 'bill_orders_list_idx');
    await expectIndexOrder(await bills({ status: 'processing' }), 'bill_orders', 'bill_orders_status_list_idx');
    await expectIndexOrder(await bills({ kind: 'data' }), 'bill_orders', 'bill_orders_kind_list_idx');
  });
});
