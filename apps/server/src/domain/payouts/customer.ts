import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { bankDetails } from '#server/db/schema/account';
import { sales } from '#server/db/schema/sales';
import type { Clock } from '#server/lib/clock';
import { isDeadPayout, latestPayout, lockSaleForPayout, startPayout } from './payouts';

/** More attempts than this and staff must record a manual payment (the table's CHECK allows 20). */
const MAX_ATTEMPTS = 20;

export interface BankChangeRetry {
  saleId: string;
  payoutId: string;
  reference: string;
}

/**
 * The customer changed their bank details (after the PIN, inside the transaction that saves them):
 * every approved sale of theirs whose latest payout failed or was reversed is paid again at once,
 * to the NEW account — a new attempt with its own reference, the new account recorded on it (the
 * sale's own snapshot never changes; the database accepts an attempt's account only when it is the
 * sale's snapshot or the customer's current bank details), started by the customer rather than by
 * staff. Rolled back with the bank change, none of it happened. Returns the attempts started.
 */
export async function retryFailedPayoutsAfterBankChange(tx: Db, userId: string, clock: Clock): Promise<BankChangeRetry[]> {
  const [account] = await tx
    .select({ bankCode: bankDetails.bankCode, accountNumber: bankDetails.accountNumber, accountName: bankDetails.accountName })
    .from(bankDetails)
    .where(eq(bankDetails.userId, userId));
  if (!account) return [];
  // Approved sales whose latest attempt is dead (failed / reversed); held ones wait for staff.
  const waiting = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(
      and(
        eq(sales.userId, userId),
        eq(sales.status, 'approved'),
        sql`(SELECT p.status FROM payouts p WHERE p.sale_id = ${sales.id} ORDER BY p.attempt DESC LIMIT 1) IN ('failed', 'reversed')`,
      ),
    );
  const started: BankChangeRetry[] = [];
  for (const sale of waiting) {
    // The sale's lock first (as staff's retry takes it): a retry committed meanwhile is seen here.
    const locked = await lockSaleForPayout(tx, sale.id);
    if (locked.status !== 'approved') continue;
    const latest = await latestPayout(tx, sale.id);
    if (!latest || !isDeadPayout(latest.status) || latest.attempt >= MAX_ATTEMPTS) continue;
    const attempt = await startPayout(tx, clock, { saleId: sale.id, staffId: null, account });
    started.push({ saleId: sale.id, ...attempt });
  }
  return started;
}
