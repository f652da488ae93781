import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  fieldMessages,
  TRANSACTIONS_PAGE_SIZE,
  type BillTransactionDetail,
  type SaleDetail,
  type TransactionListResponse,
  type TransactionStatus,
} from '@wise/shared';
import type { Db } from '../../db/client';
import { giftCards, sales } from '../../db/schema/index';
import { prepared } from '../../db/prepared';
import { validationError } from '../errors';
import { getSaleDetail, saleListColumns, toTransactionItem } from '../sales/detail';
import { getBillTransaction, listBillTransactions } from '../bills/transactions';

/**
 * The customer's transactions: every kind of sale, newest first (SPEC §2 "Transactions list",
 * search by status), paged by keyset on (created_at, id) — the order of sales_user_list_idx and
 * sales_user_status_list_idx — so a page never repeats or skips a row when new sales arrive.
 */

export interface TransactionQuery {
  status?: TransactionStatus;
  cursor?: string;
  limit?: number;
}

interface Cursor {
  /** created_at to the microsecond, as PostgreSQL holds it (a JS Date would lose precision). */
  at: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const badCursor = () => validationError(fieldMessages.invalidEntry, { cursor: fieldMessages.invalidEntry });

export const encodeCursor = (cursor: Cursor): string => Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');

export function decodeCursor(text: string): Cursor {
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !CURSOR_AT.test(at) || !UUID.test(id) || Number.isNaN(Date.parse(at))) throw badCursor();
  return { at, id };
}

/** The sales query of the list, one prepared statement per shape (status filter, cursor). */
const salesPage = (db: Db, withStatus: boolean, withCursor: boolean) =>
  prepared(db, `transactions_sales_${Number(withStatus)}${Number(withCursor)}`, (d) => {
    const conditions: SQL[] = [eq(sales.userId, sql.placeholder('userId'))];
    if (withStatus) conditions.push(eq(sales.listStatus, sql.placeholder('status')));
    if (withCursor) conditions.push(sql`(${sales.createdAt}, ${sales.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`);
    return d
      .select({
        ...saleListColumns,
        cursorAt: sql<string>`to_char(${sales.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(sales)
      .leftJoin(giftCards, eq(giftCards.id, sales.giftCardId))
      .where(and(...conditions))
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(sql.placeholder('limit'))
      .prepare(`transactions_sales_${Number(withStatus)}${Number(withCursor)}`);
  });

export async function listTransactions(db: Db, userId: string, query: TransactionQuery = {}): Promise<TransactionListResponse> {
  const limit = query.limit ?? TRANSACTIONS_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One more than asked tells whether another page exists without a count.
  const salesRows = salesPage(db, query.status !== undefined, after !== undefined).execute({
    userId,
    status: query.status,
    afterAt: after?.at,
    afterId: after?.id,
    limit: limit + 1,
  });
  // Bill orders share the list and its keyset (domain/bills/transactions.ts): the first limit + 1
  // of each, merged in the same (created_at, id) order, are the first limit + 1 of both.
  // Both sent at once: two statements on two pooled connections, one round trip of waiting.
  const [rows, bills] = await Promise.all([salesRows, listBillTransactions(db, userId, { status: query.status, after, limit: limit + 1 })]);
  const newestFirst = (a: { cursorAt: string; id: string }, b: { cursorAt: string; id: string }) =>
    a.cursorAt !== b.cursorAt ? (a.cursorAt < b.cursorAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  const merged = [...rows.map((row) => ({ item: toTransactionItem(row), cursorAt: row.cursorAt, id: row.id })), ...bills].sort(newestFirst).slice(0, limit + 1);
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return {
    transactions: page.map((entry) => entry.item),
    next_cursor: merged.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** One of the customer's own transactions in full, a sale or a bill order (another customer's id: 404). */
export async function getTransaction(db: Db, userId: string, id: string): Promise<SaleDetail | BillTransactionDetail> {
  return (await getBillTransaction(db, userId, id)) ?? getSaleDetail(db, userId, id);
}
