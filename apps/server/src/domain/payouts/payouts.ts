import { asc, desc, eq, max, sql } from 'drizzle-orm';
import type { AdminPayout } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { bankDetails, banks } from '#server/db/schema/account';
import { payouts } from '#server/db/schema/admin';
import { sales } from '#server/db/schema/sales';
import { enqueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import { DomainError, notFound } from '../errors';

/**
 * Starting payouts and reading them (docs/decisions.md §5.3; the life of a payout is in README.md here).
 * A sale is paid by attempts: each one row in `payouts` with its own reference, which the provider
 * deduplicates on. The database allows one attempt per sale that has not failed.
 */

export const PAYOUT_SEND_JOB = 'payouts.send';
export const PAYOUT_CHECK_JOB = 'payouts.check';
export const PAYOUT_RECOVER_JOB = 'payouts.recover';

/** Attempts at one sending job before the recovery sweep takes the payout over. */
export const PAYOUT_SEND_MAX_ATTEMPTS = 10;

export const payoutErrorCodes = {
  saleNotApproved: 'SALE_NOT_APPROVED',
  payoutInProgress: 'PAYOUT_IN_PROGRESS',
  payoutNotFailed: 'PAYOUT_NOT_FAILED',
  payoutNotHeld: 'PAYOUT_NOT_HELD',
  tooManyAttempts: 'PAYOUT_ATTEMPTS_EXHAUSTED',
} as const;

/**
 * One reference per attempt, derived from the sale and the attempt number: whoever sends attempt
 * n of a sale — the first worker, a retry after a timeout, a new process after a crash — sends
 * the same reference, so the provider can only ever make one transfer for it. Paystack accepts
 * lowercase letters, digits, '-' and '_' (16-50 characters).
 */
export function payoutReference(saleId: string, attempt: number): string {
  return `wpo_${saleId.replace(/-/g, '').toLowerCase()}_a${attempt}`;
}

export const sendJobKey = (payoutId: string) => `${PAYOUT_SEND_JOB}:${payoutId}`;

export interface StartPayoutInput {
  saleId: string;
  /** The staff member whose approval (or retry) starts it; null when the customer's bank change does. */
  staffId: string | null;
  /**
   * The account to pay when not the sale's snapshot: the customer's current bank details after
   * they changed them (the database refuses any other account).
   */
  account?: { bankCode: string; accountNumber: string; accountName: string };
}

/** An attempt after which a new one may start: it definitely did not pay (or the bank took it back). */
export const isDeadPayout = (status: PayoutRow['status']) => status === 'failed' || status === 'reversed';

/** The sale as a payout needs it, locked for the caller's transaction. */
export async function lockSaleForPayout(tx: Db, saleId: string, options: { withLatestAttempt?: boolean } = {}) {
  // The latest attempt rides along when asked: an approval's transaction holds the embedded
  // database's one session for each statement it sends (docs/decisions.md 2.21).
  const latest = (column: 'attempt' | 'status') =>
    options.withLatestAttempt
      ? sql.raw(`(SELECT p.${column} FROM payouts p WHERE p.sale_id = sales.id ORDER BY p.attempt DESC LIMIT 1)`)
      : sql`NULL`;
  const [sale] = await tx
    .select({
      id: sales.id,
      userId: sales.userId,
      status: sales.status,
      payoutAmountKobo: sales.payoutAmountKobo,
      bankCode: sales.bankCode,
      accountNumber: sales.accountNumber,
      accountName: sales.accountName,
      latestAttempt: sql<number | null>`${latest('attempt')}`,
      latestStatus: sql<PayoutRow['status'] | null>`${latest('status')}`,
    })
    .from(sales)
    .where(eq(sales.id, saleId))
    .for('update');
  if (!sale) throw notFound('Sale not found');
  return sale;
}

/**
 * Inserts the next transfer attempt (`queued`) and its `payouts.send` job. Call it inside the
 * transaction that approves the sale (or retries its payout): rolled back, neither exists.
 * Refuses (409) a sale that is not approved or whose last attempt has not failed.
 *
 * The caller holds the sale's row lock already (the review's status update, or
 * lockSaleForPayout): the latest attempt is read in the statement that takes the lock, and a
 * statement that had to wait for it reads with the snapshot it had before the wait, so it could
 * miss an attempt committed meanwhile. Every caller locks first; were one not to, the database
 * would still refuse the second open attempt, only with an error instead of the 409.
 */
export async function startPayout(tx: Db, clock: Clock, input: StartPayoutInput): Promise<{ payoutId: string; reference: string }> {
  const sale = await lockSaleForPayout(tx, input.saleId, { withLatestAttempt: true });
  if (sale.status !== 'approved' || sale.payoutAmountKobo === null) {
    throw new DomainError(payoutErrorCodes.saleNotApproved, 'Only an approved sale can be paid out.', 409);
  }
  if (sale.latestStatus !== null && !isDeadPayout(sale.latestStatus)) {
    throw new DomainError(payoutErrorCodes.payoutInProgress, 'This sale already has a payout that has not failed.', 409);
  }
  const attempt = (sale.latestAttempt ?? 0) + 1;
  if (attempt > 20)
    throw new DomainError(
      payoutErrorCodes.tooManyAttempts,
      'This sale has had too many payout attempts; record a manual payment instead.',
      409,
    );
  const reference = payoutReference(sale.id, attempt);
  const [row] = await tx
    .insert(payouts)
    .values({
      saleId: sale.id,
      attempt,
      reference,
      method: 'transfer',
      status: 'queued',
      amountKobo: sale.payoutAmountKobo,
      bankCode: input.account?.bankCode ?? sale.bankCode,
      accountNumber: input.account?.accountNumber ?? sale.accountNumber,
      accountName: input.account?.accountName ?? sale.accountName,
      createdBy: input.staffId,
      startedBy: input.staffId ? 'staff' : 'customer',
      createdAt: clock.now(),
    })
    .returning({ id: payouts.id });
  if (!row) throw new Error('payout insert returned nothing');
  await enqueue(
    tx,
    PAYOUT_SEND_JOB,
    { payoutId: row.id },
    { clock, singletonKey: sendJobKey(row.id), maxAttempts: PAYOUT_SEND_MAX_ATTEMPTS },
  );
  return { payoutId: row.id, reference };
}

export type PayoutRow = typeof payouts.$inferSelect;

/**
 * The account a staff retry pays: the latest attempt's when the customer changed their bank
 * details to it (and it is still their current details), else the sale's snapshot — never back to
 * an account the customer replaced after a failure.
 */
export async function accountForRetry(
  tx: Db,
  sale: { userId: string; bankCode: string; accountNumber: string; accountName: string },
  latest: Pick<PayoutRow, 'bankCode' | 'accountNumber' | 'accountName'>,
): Promise<StartPayoutInput['account']> {
  const sameAsSale =
    latest.bankCode === sale.bankCode && latest.accountNumber === sale.accountNumber && latest.accountName === sale.accountName;
  if (sameAsSale) return undefined;
  const [current] = await tx
    .select({ bankCode: bankDetails.bankCode, accountNumber: bankDetails.accountNumber, accountName: bankDetails.accountName })
    .from(bankDetails)
    .where(eq(bankDetails.userId, sale.userId));
  if (
    current &&
    current.bankCode === latest.bankCode &&
    current.accountNumber === latest.accountNumber &&
    current.accountName === latest.accountName
  ) {
    return { bankCode: latest.bankCode, accountNumber: latest.accountNumber, accountName: latest.accountName };
  }
  return undefined;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The sale's own snapshot, to tell staff when an attempt pays another account (the customer changed it). */
export type SaleAccount = { bankCode: string; accountNumber: string; accountName: string };

export function toAdminPayout(row: PayoutRow, saleAccount?: SaleAccount, bankName?: string | null): AdminPayout {
  return {
    id: row.id,
    attempt: row.attempt,
    reference: row.reference,
    method: row.method,
    status: row.status,
    amount_kobo: row.amountKobo,
    provider_reference: row.providerReference,
    failure_reason: row.failureReason,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    settled_at: iso(row.settledAt),
    account: { bank_code: row.bankCode, bank_name: bankName ?? null, account_number: row.accountNumber, account_name: row.accountName },
    started_by: row.startedBy,
    account_changed: saleAccount
      ? row.bankCode !== saleAccount.bankCode ||
        row.accountNumber !== saleAccount.accountNumber ||
        row.accountName !== saleAccount.accountName
      : false,
    reported_amount_kobo: row.reportedAmountKobo,
    reported_currency: row.reportedCurrency,
    review_reason: row.reviewReason,
    resolution_note: row.resolutionNote,
    reversed_at: iso(row.reversedAt),
    hold: row.hold,
    held_at: iso(row.heldAt),
  };
}

/** Every attempt to pay a sale, first first (the staff sale detail). */
export async function getSalePayouts(db: Db, saleId: string): Promise<AdminPayout[]> {
  const rows = await db
    .select({ payout: payouts, bankName: banks.name })
    .from(payouts)
    .leftJoin(banks, eq(banks.code, payouts.bankCode))
    .where(eq(payouts.saleId, saleId))
    .orderBy(asc(payouts.attempt));
  const [sale] = await db
    .select({ bankCode: sales.bankCode, accountNumber: sales.accountNumber, accountName: sales.accountName })
    .from(sales)
    .where(eq(sales.id, saleId));
  return rows.map((row) => toAdminPayout(row.payout, sale, row.bankName));
}

/** The latest attempt of a sale, or undefined before approval. */
export async function latestPayout(db: Db, saleId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.saleId, saleId)).orderBy(desc(payouts.attempt)).limit(1);
  return row;
}

/** The highest attempt number so far (0 before any). */
export async function lastAttemptNumber(db: Db, saleId: string): Promise<number> {
  const [row] = await db
    .select({ attempt: max(payouts.attempt) })
    .from(payouts)
    .where(eq(payouts.saleId, saleId));
  return row?.attempt ?? 0;
}
