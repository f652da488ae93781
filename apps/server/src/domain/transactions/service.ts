import { and, desc, eq } from 'drizzle-orm';
import { TRANSACTIONS_PAGE_SIZE, type Transaction, type TransactionStatus } from '@wise/shared';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema/index';

/** The customer's transactions, newest first, optionally only those with one status (SPEC §2). */
export async function listTransactions(db: Db, userId: string, status?: TransactionStatus): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(status ? and(eq(transactions.userId, userId), eq(transactions.status, status)) : eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(TRANSACTIONS_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    transaction_date: row.createdAt.toISOString(),
    transaction_type: row.transactionType,
    amount_kobo: row.amountKobo,
    status: row.status,
    image_path_url: row.imageUrl,
    comment: row.comment,
  }));
}
