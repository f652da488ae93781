import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PayoutStatus } from '@wise/shared/admin';
import type { AdminSaleListItem, AdminSaleListQuery, AdminSaleListResponse } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { alias } from 'drizzle-orm/pg-core';
import { saleApprovalRequests, staff, users, sales } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { decodeCursor, encodeCursor } from '#server/domain/transactions/service';
import { parseFlagArray, riskFlagCountColumn, riskFlagPredicates, riskFlagsColumn } from './risk-flags';
import { saleSearchPredicate } from './search';

const assignee = alias(staff, 'assignee');

/** The cursor of the sort by flags: the flag count, then (created_at, id) as usual. */
const encodeFlagsCursor = (cursor: { flags: number; at: string; id: string }) => `f${cursor.flags}.${encodeCursor(cursor)}`;
function decodeFlagsCursor(text: string): { flags: number; at: string; id: string } {
  const match = /^f(\d{1,2})\.(.+)$/.exec(text);
  // An ordinary cursor (or garbage) is refused by decodeCursor with the usual 400.
  if (!match?.[1] || !match[2]) return { ...decodeCursor('-'), flags: 0 };
  return { flags: Number(match[1]), ...decodeCursor(match[2]) };
}

/**
 * The review queue (docs/decisions.md §8): sales waiting for a decision oldest first — the longest wait is
 * the first one a reviewer sees — and decided ones newest first by decision time. Keyset paged on
 * (created_at, id) or (decided_at, id), the orders of sales_review_queue_idx and sales_decided_idx.
 */

/** The latest payout attempt's status; null before approval. */
export const latestPayoutStatus = sql<PayoutStatus | null>`(
  SELECT p.status FROM payouts p WHERE p.sale_id = ${sales.id} ORDER BY p.attempt DESC LIMIT 1
)`;

const microseconds = (column: typeof sales.createdAt | typeof sales.decidedAt) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const minutesSince = (clock: Clock, at: Date) => Math.max(0, Math.floor((clock.now().getTime() - at.getTime()) / 60_000));

/** The sales one status view shows. */
function statusConditions(status: AdminSaleListQuery['status']): SQL[] {
  switch (status) {
    case 'pending':
      // Waiting for a first decision: a sale already approved once and waiting for a second admin
      // has its own view (awaiting_approval), so it never heads this one for someone who cannot act on it.
      return [
        sql`${sales.status} IN ('submitted', 'under_review')`,
        sql`NOT EXISTS (SELECT 1 FROM ${saleApprovalRequests} r WHERE r.sale_id = ${sales.id} AND r.outcome IS NULL)`,
      ];
    case 'awaiting_approval':
      return [
        eq(sales.status, 'under_review'),
        sql`EXISTS (SELECT 1 FROM ${saleApprovalRequests} r WHERE r.sale_id = ${sales.id} AND r.outcome IS NULL)`,
      ];
    case 'approved':
      return [eq(sales.status, 'approved'), sql`coalesce(${latestPayoutStatus} NOT IN ('failed', 'reversed', 'needs_review'), true)`];
    case 'payout_failed':
      return [eq(sales.status, 'approved'), sql`${latestPayoutStatus} IN ('failed', 'reversed', 'needs_review')`];
    case 'paid':
    case 'rejected':
      return [eq(sales.status, status)];
  }
  return [];
}

/** The filters beside the status view: kind, card, coin, age, flag, search and `assigned=me`. */
function filterConditions(clock: Clock, query: AdminSaleListQuery, viewerId: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(sales.kind, query.kind));
  if (query.gift_card_id) conditions.push(eq(sales.giftCardId, query.gift_card_id));
  if (query.coin) conditions.push(eq(sales.coin, query.coin));
  if (query.older_than_minutes !== undefined) {
    conditions.push(
      sql`${sales.createdAt} <= ${new Date(clock.now().getTime() - query.older_than_minutes * 60_000).toISOString()}::timestamptz`,
    );
  }
  if (query.flag) conditions.push(riskFlagPredicates[query.flag]);
  if (query.q) conditions.push(saleSearchPredicate(query.q));
  if (query.assigned === 'me') conditions.push(viewerId ? eq(sales.assignedTo, viewerId) : sql`false`);
  return conditions;
}

/** How a view is ordered: waiting sales oldest first (or by flags), decided ones newest first. */
interface QueueOrder {
  pending: boolean;
  byFlags: boolean;
}

/** The rows after the cursor, in the view's order. */
function afterCursor(cursor: string, { pending, byFlags }: QueueOrder): SQL {
  const after = byFlags ? decodeFlagsCursor(cursor) : { ...decodeCursor(cursor), flags: 0 };
  if (byFlags) {
    return sql`(${riskFlagCountColumn} < ${after.flags} OR (${riskFlagCountColumn} = ${after.flags} AND (${sales.createdAt}, ${sales.id}) > (${after.at}::timestamptz, ${after.id}::uuid)))`;
  }
  return pending
    ? sql`(${sales.createdAt}, ${sales.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql`(${sales.decidedAt}, ${sales.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
}

function orderBy({ pending, byFlags }: QueueOrder): SQL[] {
  if (byFlags) return [sql`${riskFlagCountColumn} DESC`, asc(sales.createdAt), asc(sales.id)];
  return pending ? [asc(sales.createdAt), asc(sales.id)] : [desc(sales.decidedAt), desc(sales.id)];
}

/**
 * Ordered by flags, the count is computed for every waiting sale (that view is bounded: what
 * staff have not decided yet); the page is chosen on it alone, then only its rows are read in full.
 */
async function pageIdsByFlags(db: Db, conditions: SQL[], limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(...conditions))
    .orderBy(...orderBy({ pending: true, byFlags: true }))
    .limit(limit + 1);
  return rows.map((row) => row.id);
}

/** The rows of one page (and one more, which tells whether another page exists without a count). */
async function readQueueRows(db: Db, where: SQL | undefined, order: QueueOrder, limit: number) {
  const keyColumn = order.pending ? sales.createdAt : sales.decidedAt;
  return db
    .select({
      id: sales.id,
      kind: sales.kind,
      title: sales.title,
      status: sales.status,
      valueKobo: sales.valueKobo,
      currency: sales.currency,
      currencyAmount: sales.currencyAmount,
      coin: sales.coin,
      coinAmount: sales.coinAmount,
      createdAt: sales.createdAt,
      decidedAt: sales.decidedAt,
      claimedBy: sales.claimedBy,
      claimedUntil: sales.claimedUntil,
      claimerName: staff.name,
      assignedTo: sales.assignedTo,
      assigneeName: assignee.name,
      // A closed account's photos went with it: no thumbnail to ask for.
      hasImage: sql<boolean>`${users.closedAt} IS NULL AND EXISTS (SELECT 1 FROM sale_images i WHERE i.sale_id = ${sales.id} AND i.position = 0)`,
      customerId: users.id,
      customerName: users.fullName,
      customerUsername: users.username,
      payoutStatus: latestPayoutStatus,
      cursorAt: microseconds(keyColumn),
      // The flags once per row: their count (the sort by flags' cursor) is the array's length, not
      // a second column that would plan and run every flag's subquery again.
      riskFlags: riskFlagsColumn,
    })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.userId))
    .leftJoin(staff, eq(staff.id, sales.claimedBy))
    .leftJoin(assignee, eq(assignee.id, sales.assignedTo))
    .where(where)
    .orderBy(...orderBy(order))
    .limit(limit + 1);
}

type QueueRow = Awaited<ReturnType<typeof readQueueRows>>[number] & { flags: ReturnType<typeof parseFlagArray> };
type SecondApproval = NonNullable<AdminSaleListItem['second_approval']>;

/** The open requests for a second approval among the given sales, in one query. */
async function openApprovalRequests(db: Db, saleIds: string[]): Promise<Map<string, SecondApproval>> {
  if (saleIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: saleApprovalRequests.id,
      saleId: saleApprovalRequests.saleId,
      amountKobo: saleApprovalRequests.amountKobo,
      createdAt: saleApprovalRequests.createdAt,
      by: staff.id,
      name: staff.name,
    })
    .from(saleApprovalRequests)
    .innerJoin(staff, eq(staff.id, saleApprovalRequests.requestedBy))
    .where(and(inArray(saleApprovalRequests.saleId, saleIds), isNull(saleApprovalRequests.outcome)));
  return new Map(
    rows.map((r) => [
      r.saleId,
      { id: r.id, amount_kobo: r.amountKobo, requested_by: { id: r.by, name: r.name }, created_at: r.createdAt.toISOString() },
    ]),
  );
}

function toListItem(row: QueueRow, clock: Clock, now: Date, secondApproval: SecondApproval | undefined): AdminSaleListItem {
  const liveClaim = row.claimedBy && row.claimedUntil && row.claimedUntil > now ? { id: row.claimedBy, name: row.claimerName ?? '' } : null;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    customer: { id: row.customerId, full_name: row.customerName, username: row.customerUsername },
    value_kobo: row.valueKobo,
    currency: row.currency,
    currency_amount: row.currencyAmount,
    coin: row.coin,
    coin_amount: row.coinAmount,
    created_at: row.createdAt.toISOString(),
    age_minutes: row.decidedAt ? null : minutesSince(clock, row.createdAt),
    status: row.status,
    payout_status: row.payoutStatus,
    decided_at: row.decidedAt?.toISOString() ?? null,
    claimed_by: liveClaim,
    claimed_until: liveClaim && row.claimedUntil ? row.claimedUntil.toISOString() : null,
    second_approval: secondApproval ?? null,
    risk_flags: row.flags,
    assigned_to: row.assignedTo ? { id: row.assignedTo, name: row.assigneeName ?? '' } : null,
    has_image: Boolean(row.hasImage),
  };
}

function nextCursor(last: QueueRow | undefined, hasMore: boolean, { byFlags }: QueueOrder): string | null {
  if (!hasMore || !last) return null;
  return byFlags
    ? encodeFlagsCursor({ flags: last.flags.length, at: last.cursorAt, id: last.id })
    : encodeCursor({ at: last.cursorAt, id: last.id });
}

/**
 * `viewerId`: the staff member asking, for `assigned=me` (their assigned sales only; without a
 * viewer that filter finds nothing).
 */
export async function listSaleQueue(db: Db, clock: Clock, query: AdminSaleListQuery, viewerId?: string): Promise<AdminSaleListResponse> {
  const pending = query.status === 'pending' || query.status === 'awaiting_approval';
  // Sorting by flags (pending view only): the most flags first, then oldest first as usual.
  const order: QueueOrder = { pending, byFlags: pending && query.sort === 'flags' };
  const conditions = [...statusConditions(query.status), ...filterConditions(clock, query, viewerId)];
  if (query.cursor) conditions.push(afterCursor(query.cursor, order));
  const pageIds = order.byFlags ? await pageIdsByFlags(db, conditions, query.limit) : undefined;
  if (pageIds?.length === 0) return { items: [], next_cursor: null };
  const unordered = await readQueueRows(db, pageIds ? inArray(sales.id, pageIds) : and(...conditions), order, query.limit);
  const position = new Map(pageIds?.map((id, index) => [id, index]));
  const rows = pageIds ? [...unordered].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)) : unordered;
  const page = rows.slice(0, query.limit).map((row) => ({ ...row, flags: parseFlagArray(row.riskFlags) }));
  const requests = await openApprovalRequests(
    db,
    page.filter((row) => row.status === 'under_review').map((row) => row.id),
  );
  const now = clock.now();
  return {
    items: page.map((row) => toListItem(row, clock, now, requests.get(row.id))),
    next_cursor: nextCursor(page.at(-1), rows.length > query.limit, order),
  };
}
