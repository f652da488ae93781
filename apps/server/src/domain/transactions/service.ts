import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  fieldMessages,
  TRANSACTIONS_PAGE_SIZE,
  type BillTransactionDetail,
  type CoinId,
  type SaleDetail,
  type TransactionItem,
  type TransactionListResponse,
  type TransactionStatus,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { billOrders, giftCards, sales } from '#server/db/schema/index';
import { prepared } from '#server/db/prepared';
import { validationError } from '../errors';
import { getSaleDetail, latestPayoutFailure, toTransactionItem, type SaleListRow } from '../sales/detail';
import { billListConditions, billStatusOfList, billTransactionItem, getBillTransaction, type BillListRow } from '../bills/transactions';

/**
 * The customer's transactions: every kind of sale, newest first (docs/product.md §2 "Transactions list",
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

const cursorText = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const none = <T>() => sql<T | null>`null`;

/**
 * A page of the list in one statement, one prepared statement per shape (status filter, cursor):
 * the customer's sales and bill orders, each branch reading its own index in (created_at, id)
 * order and stopping at limit + 1 — the first limit + 1 of each, merged here, are the first
 * limit + 1 of both. One round trip, not two (docs/PERFORMANCE.md). Both branches give the same columns;
 * `source` says which table a row came from.
 */
const transactionsPage = (db: Db, withStatus: boolean, withCursor: boolean) => {
  const name = `transactions_page_${Number(withStatus)}${Number(withCursor)}`;
  return prepared(db, name, (d) => {
    const conditions: SQL[] = [eq(sales.userId, sql.placeholder('userId'))];
    if (withStatus) conditions.push(eq(sales.listStatus, sql.placeholder('status')));
    if (withCursor)
      conditions.push(
        sql`(${sales.createdAt}, ${sales.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      );
    const saleRows = d
      .select({
        source: sql<'sale' | 'bill'>`'sale'`,
        // Typed as wide as either branch: the statement's columns are decoded by this branch's types.
        id: sales.id,
        kind: sql<string>`${sales.kind}`,
        status: sql<string>`${sales.status}`,
        title: sql<string | null>`${sales.title}`,
        valueKobo: sql`${sales.valueKobo}`.mapWith((kobo: unknown): number | null => (kobo === null ? null : Number(kobo))),
        comment: sales.comment,
        createdAt: sales.createdAt,
        cardSlug: giftCards.slug,
        coin: sales.coin,
        payoutFailure: latestPayoutFailure,
        payoutAmountKobo: sql`${sales.payoutAmountKobo}`.mapWith((kobo: unknown): number | null => (kobo === null ? null : Number(kobo))),
        approvalReasonCode: sql<string | null>`${sales.approvalReasonCode}`,
        approvalNote: sql<string | null>`${sales.approvalNote}`,
        service: none<string>(),
        amount: none<number>(),
        phone: none<string>(),
        planName: none<string>(),
        customerId: none<string>(),
        message: none<string>(),
        cursorAt: cursorText(sales.createdAt),
      })
      .from(sales)
      .leftJoin(giftCards, eq(giftCards.id, sales.giftCardId))
      .where(and(...conditions))
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(sql.placeholder('limit'));
    const billRows = d
      .select({
        source: sql<'sale' | 'bill'>`'bill'`,
        id: billOrders.id,
        kind: sql<string>`${billOrders.kind}`,
        status: sql<string>`${billOrders.status}`,
        title: none<string>(),
        valueKobo: none<number>(),
        comment: none<string>(),
        createdAt: billOrders.createdAt,
        cardSlug: none<string>(),
        coin: none<CoinId>(),
        payoutFailure: none<string>(),
        payoutAmountKobo: none<number>(),
        approvalReasonCode: none<string>(),
        approvalNote: none<string>(),
        service: sql<string | null>`${billOrders.service}`,
        amount: sql<number | null>`${billOrders.amount}`,
        phone: billOrders.phone,
        planName: billOrders.planName,
        customerId: billOrders.customerId,
        message: billOrders.message,
        cursorAt: cursorText(billOrders.createdAt),
      })
      .from(billOrders)
      .where(billListConditions(withStatus, withCursor))
      .orderBy(desc(billOrders.createdAt), desc(billOrders.id))
      .limit(sql.placeholder('limit'));
    return saleRows.unionAll(billRows).prepare(name);
  });
};

type PageRow = Awaited<ReturnType<ReturnType<typeof transactionsPage>['execute']>>[number];

const itemOf = (row: PageRow): TransactionItem =>
  row.source === 'sale' ? toTransactionItem(row as unknown as SaleListRow) : billTransactionItem(row as unknown as BillListRow);

export async function listTransactions(db: Db, userId: string, query: TransactionQuery = {}): Promise<TransactionListResponse> {
  const limit = query.limit ?? TRANSACTIONS_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One more than asked tells whether another page exists without a count.
  const rows = await transactionsPage(db, query.status !== undefined, after !== undefined).execute({
    userId,
    status: query.status,
    billStatus: query.status ? billStatusOfList(query.status) : undefined,
    afterAt: after?.at,
    afterId: after?.id,
    limit: limit + 1,
  });
  const newestFirst = (a: PageRow, b: PageRow) =>
    a.cursorAt !== b.cursorAt ? (a.cursorAt < b.cursorAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  const merged = rows.sort(newestFirst).slice(0, limit + 1);
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return {
    transactions: page.map(itemOf),
    next_cursor: merged.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** One of the customer's own transactions in full, a sale or a bill order (another customer's id: 404). */
export async function getTransaction(db: Db, userId: string, id: string): Promise<SaleDetail | BillTransactionDetail> {
  return (await getBillTransaction(db, userId, id)) ?? getSaleDetail(db, userId, id);
}
