import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { billAdminMessages, BILL_ORDER_STUCK_MINUTES, type AdminBillOrder, type AdminBillOrderPage } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { billOrders, users } from '#server/db/schema/index';
import { requeryBillOrder } from '../bills/requery';
import type { BillDeps } from '../bills/settings';
import { DomainError, validationError } from '../errors';
import { recordStaffAction } from './audit';
import type { StaffCall } from './catalogue';
import type { Clock } from '#server/lib/clock';

/**
 * Bill orders as staff see them (reviewers and admins; docs/decisions.md §8): every order
 * with its provider status, newest first, and a re-query of one stuck in `processing` through the
 * same status query the background job uses (domain/bills/requery.ts), so a staff click and the
 * job settle an order the same way, once.
 */

type OrderRow = typeof billOrders.$inferSelect;
type Customer = { id: string; fullName: string; username: string };

export const billAdminErrorCodes = { notFound: 'BILL_ORDER_NOT_FOUND', notProcessing: 'ORDER_NOT_PROCESSING' } as const;

const STUCK_MS = BILL_ORDER_STUCK_MINUTES * 60_000;

const toAdminBillOrder = (row: OrderRow, customer: Customer, now: Date): AdminBillOrder => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  customer: { id: customer.id, full_name: customer.fullName, username: customer.username },
  amount: row.amount,
  service: row.service,
  phone: row.phone,
  plan_name: row.planName,
  variation_code: row.variationCode,
  customer_number: row.customerId,
  meter_type: row.meterType,
  request_id: row.requestId,
  message: row.message,
  provider_message: row.providerMessage,
  units: row.units,
  // The electricity token is the customer's to read, not staff's: whether one was issued is enough here.
  has_token: row.token !== null,
  created_at: row.createdAt.toISOString(),
  authorised_at: row.authorisedAt?.toISOString() ?? null,
  settled_at: row.settledAt?.toISOString() ?? null,
  stuck: row.status === 'processing' && row.authorisedAt !== null && now.getTime() - row.authorisedAt.getTime() > STUCK_MS,
});

/**
 * `<created_at>|<id>` in base64url: where the next page starts (keyset on (created_at, id)
 * descending). created_at to the microsecond as PostgreSQL holds it: a JS Date would round it
 * and skip the rows between the rounded and the real instant.
 */
const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
const cursorAt = sql<string>`to_char(${billOrders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !UUID.test(id) || !CURSOR_AT.test(at) || Number.isNaN(Date.parse(at))) {
    throw validationError(billAdminMessages.cursorInvalid, { cursor: billAdminMessages.cursorInvalid });
  }
  return { at, id };
}

export interface BillOrderFilter {
  status?: OrderRow['status'];
  kind?: OrderRow['kind'];
  cursor?: string;
  limit: number;
}

export async function listAdminBillOrders(db: Db, clock: Clock, filter: BillOrderFilter): Promise<AdminBillOrderPage> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(billOrders.status, filter.status));
  if (filter.kind) conditions.push(eq(billOrders.kind, filter.kind));
  if (filter.cursor) {
    const after = decodeCursor(filter.cursor);
    // A row comparison is an index range (0012's bill_orders_*list_idx); an OR of two would be a filter.
    conditions.push(sql`(${billOrders.createdAt}, ${billOrders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ order: billOrders, cursorAt, customer: { id: users.id, fullName: users.fullName, username: users.username } })
    .from(billOrders)
    .innerJoin(users, eq(users.id, billOrders.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(billOrders.createdAt), desc(billOrders.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const now = clock.now();
  return {
    items: page.map((r) => toAdminBillOrder(r.order, r.customer, now)),
    next_cursor: rows.length > filter.limit && last ? encodeCursor(last.cursorAt, last.order.id) : null,
  };
}

async function adminBillOrder(db: Db, clock: Clock, orderId: string): Promise<AdminBillOrder> {
  const [row] = await db
    .select({ order: billOrders, customer: { id: users.id, fullName: users.fullName, username: users.username } })
    .from(billOrders)
    .innerJoin(users, eq(users.id, billOrders.userId))
    .where(eq(billOrders.id, orderId))
    .limit(1);
  if (!row) throw new DomainError(billAdminErrorCodes.notFound, billAdminMessages.notFound, 404);
  return toAdminBillOrder(row.order, row.customer, clock.now());
}

/**
 * Asks the provider about a processing order now and settles it on a definite answer (capture or
 * release, exactly as the job would). The provider call is made outside any transaction; the
 * settlement is settleBillOrder's own transaction (under the order's row lock, so the job and this
 * click never settle twice), and the audit line records what staff did and what came of it.
 */
export async function requeryOrderNow(
  db: Db,
  deps: BillDeps,
  call: StaffCall,
  orderId: string,
): Promise<{ outcome: 'settled' | 'pending'; order: AdminBillOrder }> {
  const before = await adminBillOrder(db, deps.clock, orderId);
  if (before.status !== 'processing') {
    throw new DomainError(billAdminErrorCodes.notProcessing, billAdminMessages.notProcessing, 409, { meta: { status: before.status } });
  }
  const result = await requeryBillOrder(db, deps, orderId);
  const order = await adminBillOrder(db, deps.clock, orderId);
  // 'not-processing': settled by the job between our read and the query; either way it is settled.
  const outcome = result === 'pending' ? 'pending' : 'settled';
  await db.transaction(async (tx) => {
    await recordStaffAction(tx, deps.clock, call.staff, {
      action: 'bill_order.requery',
      targetType: 'bill_order',
      targetId: orderId,
      before: { status: before.status },
      after: { status: order.status, outcome, provider_message: order.provider_message },
      ip: call.ip,
    });
  });
  return { outcome, order };
}
