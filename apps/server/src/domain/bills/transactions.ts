import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  billOrderTitle,
  billTransactionStatus,
  type BillTransactionDetail,
  type TransactionItem,
  type TransactionStatus,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { billOrders, type BillOrderStatusValue } from '#server/db/schema/index';
import { toBillOrder, type BillOrderRow } from './orders';

/**
 * Bill orders in the customer's transactions (routes/transactions; /api/docs): type = the kind, the title names what
 * was bought, amount_kobo = gems × 100 (1 gem = ₦1), processing → pending, successful, failed →
 * rejected; an order awaiting its PIN is not listed. domain/transactions reads these rows with
 * the sales in one statement, both paged by the same keyset (created_at, id).
 */

const LISTED: BillOrderStatusValue[] = ['processing', 'successful', 'failed'];
const STATUS_OF_LIST: Record<TransactionStatus, BillOrderStatusValue> = {
  pending: 'processing',
  successful: 'successful',
  rejected: 'failed',
};

/** What a listed order shows: the columns domain/transactions reads for each bill order. */
export type BillListRow = Pick<
  BillOrderRow,
  'id' | 'createdAt' | 'kind' | 'status' | 'service' | 'amount' | 'phone' | 'planName' | 'customerId' | 'message'
>;

export function billTransactionItem(row: BillListRow): TransactionItem {
  return {
    id: row.id,
    transaction_date: row.createdAt.toISOString(),
    transaction_type: row.kind,
    title: billOrderTitle({ kind: row.kind, service: row.service, phone: row.phone, plan_name: row.planName, customer_id: row.customerId }),
    amount_kobo: row.amount * 100,
    status: billTransactionStatus(row.status) ?? 'pending',
    image_path_url: null,
    crypto_logo_url: null,
    comment: row.status === 'failed' ? row.message : null,
  };
}

/** The bill order status a list filter stands for. */
export const billStatusOfList = (status: TransactionStatus): BillOrderStatusValue => STATUS_OF_LIST[status];

/**
 * Which orders a page of the customer's list reads, for domain/transactions' statement: the
 * placeholders are userId, billStatus (withStatus), afterAt and afterId (withCursor). Read in
 * (created_at, id) order they are a range of bill_orders_user_idx (bill_orders_user_status_list_idx
 * with a status).
 */
export function billListConditions(withStatus: boolean, withCursor: boolean): SQL | undefined {
  const conditions: SQL[] = [eq(billOrders.userId, sql.placeholder('userId'))];
  conditions.push(withStatus ? eq(billOrders.status, sql.placeholder('billStatus')) : inArray(billOrders.status, LISTED));
  if (withCursor)
    conditions.push(
      sql`(${billOrders.createdAt}, ${billOrders.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
    );
  return and(...conditions);
}

/** One of the customer's listed orders as a transaction; undefined when it is none (or awaits its PIN). */
export async function getBillTransaction(db: Db, userId: string, id: string): Promise<BillTransactionDetail | undefined> {
  const [row] = await db
    .select()
    .from(billOrders)
    .where(and(eq(billOrders.id, id), eq(billOrders.userId, userId), inArray(billOrders.status, LISTED)))
    .limit(1);
  if (!row) return undefined;
  return {
    ...billTransactionItem(row),
    kind: row.kind,
    order: toBillOrder(row),
    reference: row.requestId,
    authorised_at: row.authorisedAt?.toISOString() ?? null,
  };
}
