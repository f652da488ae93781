import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { billOrderTitle, billTransactionStatus, type BillTransactionDetail, type TransactionItem, type TransactionStatus } from '@wise/shared';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { billOrders, type BillOrderStatusValue } from '../../db/schema/index';
import { toBillOrder, type BillOrderRow } from './orders';

/**
 * Bill orders in the customer's transactions (BILLS-API.md): type = the kind, the title names what
 * was bought, amount_kobo = gems × 100 (1 gem = ₦1), processing → pending, successful, failed →
 * rejected; an order awaiting its PIN is not listed. domain/transactions merges these rows with
 * the sales, both paged by the same keyset (created_at, id).
 */

const LISTED: BillOrderStatusValue[] = ['processing', 'successful', 'failed'];
const STATUS_OF_LIST: Record<TransactionStatus, BillOrderStatusValue> = { pending: 'processing', successful: 'successful', rejected: 'failed' };

export function billTransactionItem(row: BillOrderRow): TransactionItem {
  const order = toBillOrder(row);
  return {
    id: row.id,
    transaction_date: row.createdAt.toISOString(),
    transaction_type: row.kind,
    title: billOrderTitle(order),
    amount_kobo: row.amount * 100,
    status: billTransactionStatus(row.status) ?? 'pending',
    image_path_url: null,
    crypto_logo_url: null,
    comment: row.status === 'failed' ? row.message : null,
  };
}

export interface BillListQuery {
  status?: TransactionStatus;
  /** Keyset position: rows strictly before (created_at, id), created_at as microsecond ISO text. */
  after?: { at: string; id: string };
  limit: number;
}

/** The bill orders query of the list, one prepared statement per shape (status filter, cursor). */
const billsPage = (db: Db, withStatus: boolean, withCursor: boolean) =>
  prepared(db, `transactions_bills_${Number(withStatus)}${Number(withCursor)}`, (d) => {
    const conditions: SQL[] = [eq(billOrders.userId, sql.placeholder('userId'))];
    conditions.push(withStatus ? eq(billOrders.status, sql.placeholder('status')) : inArray(billOrders.status, LISTED));
    if (withCursor) conditions.push(sql`(${billOrders.createdAt}, ${billOrders.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`);
    return d
      .select({ row: billOrders, cursorAt: sql<string>`to_char(${billOrders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
      .from(billOrders)
      .where(and(...conditions))
      .orderBy(desc(billOrders.createdAt), desc(billOrders.id))
      .limit(sql.placeholder('limit'))
      .prepare(`transactions_bills_${Number(withStatus)}${Number(withCursor)}`);
  });

/** The customer's listed orders, newest first, with each row's keyset position. */
export async function listBillTransactions(db: Db, userId: string, query: BillListQuery): Promise<{ item: TransactionItem; cursorAt: string; id: string }[]> {
  const rows = await billsPage(db, query.status !== undefined, query.after !== undefined).execute({
    userId,
    status: query.status ? STATUS_OF_LIST[query.status] : undefined,
    afterAt: query.after?.at,
    afterId: query.after?.id,
    limit: query.limit,
  });
  return rows.map(({ row, cursorAt }) => ({ item: billTransactionItem(row), cursorAt, id: row.id }));
}

/** One of the customer's listed orders as a transaction; undefined when it is none (or awaits its PIN). */
export async function getBillTransaction(db: Db, userId: string, id: string): Promise<BillTransactionDetail | undefined> {
  const [row] = await db
    .select()
    .from(billOrders)
    .where(and(eq(billOrders.id, id), eq(billOrders.userId, userId), inArray(billOrders.status, LISTED)))
    .limit(1);
  if (!row) return undefined;
  return { ...billTransactionItem(row), kind: row.kind, order: toBillOrder(row) };
}
