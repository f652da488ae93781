import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { RiskFlagCode } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { autoApprovals, autoApprovalSettings, chainDeposits, cryptoQuotes, sales, staff, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { findInCauses } from '#server/lib/error-causes';
import type { ChainNetwork } from '#server/providers/chains/types';
import { recordStaffAction } from '../admin/audit';
import { riskFlagsColumn } from '../admin/review/risk-flags';
import { getPayoutSnapshot } from '../bank/service';
import type { StoredQuote } from '../crypto/quotes';
import { publishInProcess } from '../events/hub';
import { assertApprovalWithinLimits } from '../limits/limits';
import { startPayout } from '../payouts/payouts';
import { cryptoSaleTerms } from '../sales/crypto';
import type { StaffPrincipal } from '../staff/principal';
import { plain } from '../crypto/money';
import type { DepositPolicy } from './policy';
import { saleTxid } from './policy';
import { coinOf, REVIEW_REASONS, transactionIdUsedByHand, type RecordDeps } from './record';

/**
 * A confirmed deposit becomes a crypto sale (docs/crypto-settlement.md, "How a deposit is
 * settled"), and a clean one is approved by the system approver and paid at once. One transaction
 * per deposit, under the deposit's row lock: a second run, or a second instance, finds it settled.
 */

/** 0055's one system approver: a staff row that can never sign in and approves only clean deposit sales. */
export const SYSTEM_APPROVER_ID = '00000000-0000-4000-8000-00000000a070';

/** Why a clean-looking sale still waits for a reviewer (chain_deposits.review_reason of a settled deposit). */
export const PENDING_REASONS = {
  tier: 'identity_tier_0',
  nameMatch: 'account_name_not_matched',
  riskFlag: (code: RiskFlagCode) => `risk_flag_${code}`,
  aboveAutoLimit: 'above_auto_approval_limit',
  payoutLimit: 'payout_limit',
  autoDailyLimit: 'auto_approval_daily_limit',
  failed: 'auto_approval_failed',
} as const;

/** Flags that say nothing about a deposit already on chain in the customer's own address: every first deposit has them. */
const FLAGS_NOT_BLOCKING: readonly RiskFlagCode[] = ['first_sale', 'new_account'];

/** Writes the automatic approvals' limits where 0055's trigger reads them (at every start, like the payout limits). */
export async function writeAutoApprovalSettings(db: Db, clock: Clock, policy: DepositPolicy): Promise<void> {
  const values = { singleKobo: policy.autoSingleKobo, dailyKobo: policy.autoDailyKobo, timeZone: policy.timeZone, updatedAt: clock.now() };
  await db
    .insert(autoApprovalSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: autoApprovalSettings.id, set: values });
}

export async function systemApprover(db: Db): Promise<StaffPrincipal> {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(staff)
    .where(eq(staff.system, true));
  if (!row) throw new Error('the system approver is missing (0055_deposit_settlement.sql inserts it)');
  return row;
}

export interface SettleDeps extends RecordDeps {
  /** Payouts of approved sales start here (domain/payouts startPayout); tests may stub it. */
  startPayout?: typeof startPayout;
}

export type SettleOutcome = 'settled' | 'auto_approved' | 'review' | 'waiting' | 'skipped';

const storedQuote = (row: typeof cryptoQuotes.$inferSelect): StoredQuote => ({
  id: row.id,
  userId: row.userId,
  coin: row.coin,
  amount: plain(row.amount),
  priceUsd: plain(row.priceUsd),
  usdtMarketRateNgn: plain(row.usdtMarketRateNgn),
  usdtAdjustmentNgn: plain(row.usdtAdjustmentNgn),
  usdtRateNgn: plain(row.usdtRateNgn),
  coinAdjustmentNgn: plain(row.coinAdjustmentNgn),
  rateNgnPerUsd: plain(row.rateNgnPerUsd),
  valueKobo: row.valueKobo,
  pricesAt: row.pricesAt,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
});

/**
 * Turns one confirmed deposit into its sale and, when clean, approves and starts paying it. A
 * deposit that cannot be sold yet (no bank details, prices stale when it was first seen) stays
 * confirmed with the reason, and the next run tries again.
 */
export async function settleDeposit(db: Db, deps: SettleDeps, depositId: string): Promise<SettleOutcome> {
  const outcome = await db.transaction(async (tx): Promise<{ outcome: SettleOutcome; network?: ChainNetwork }> => {
    const [deposit] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, depositId)).for('update');
    if (!deposit || deposit.status !== 'confirmed' || deposit.saleId !== null) return { outcome: 'skipped' };
    const network = deposit.network;
    const coin = coinOf({ asset: deposit.asset, network });
    const wait = async (reason: string, status: 'confirmed' | 'review' = 'confirmed') => {
      await tx.update(chainDeposits).set({ status, reviewReason: reason }).where(eq(chainDeposits.id, deposit.id));
      publishInProcess(deposit.userId, { type: 'deposit', id: deposit.id });
      return { outcome: status === 'review' ? ('review' as const) : ('waiting' as const), network };
    };
    if (coin === null) return wait(REVIEW_REASONS.unexpectedToken, 'review');
    if (await transactionIdUsedByHand(tx, coin, network, deposit.txid, true)) return wait(REVIEW_REASONS.transactionIdUsed, 'review');
    const [customer] = await tx.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, deposit.userId));
    if (!customer || customer.closedAt) return wait(REVIEW_REASONS.accountClosed, 'review');
    // Prices were stale when it was first seen: the rate of that moment is unknown, and a later one
    // is not what the customer was promised (0055 refuses a quote younger than the deposit). A person decides.
    const quoteId = deposit.quoteId;
    if (quoteId === null) return wait(REVIEW_REASONS.notPriced, 'review');
    // Sold by hand meanwhile (before 0055 refused it, or a quote re-priced from one sold since): never twice.
    const [sold] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.quoteId, quoteId)).limit(1);
    if (sold) return wait(REVIEW_REASONS.quoteUsed, 'review');
    const snapshot = await getPayoutSnapshot(tx, deposit.userId);
    if (!snapshot) return wait(REVIEW_REASONS.noBankDetails);
    const [quoteRow] = await tx.select().from(cryptoQuotes).where(eq(cryptoQuotes.id, quoteId));
    if (!quoteRow) throw new Error(`deposit ${deposit.id} names a missing quote`);
    const sale = await insertDepositSale(tx, deps.clock, { deposit, quoteRow, snapshot, reviewReason: null });
    const pending = await autoApprove(tx, deps, {
      id: sale.id,
      userId: deposit.userId,
      valueKobo: sale.valueKobo,
      nameMatch: sale.accountNameMatch,
    });
    if (pending !== null) {
      await tx.update(chainDeposits).set({ reviewReason: pending }).where(eq(chainDeposits.id, deposit.id));
      return { outcome: 'settled', network };
    }
    return { outcome: 'auto_approved', network };
  });
  if (outcome.network && outcome.outcome === 'auto_approved') deps.observer.deposit(outcome.network, 'auto_approved');
  if (outcome.network && outcome.outcome === 'review') deps.observer.deposit(outcome.network, 'review');
  return outcome.outcome;
}

type PayoutSnapshot = NonNullable<Awaited<ReturnType<typeof getPayoutSnapshot>>>;

/**
 * The sale a deposit becomes, priced by `quoteRow` (0055/0058 check it is one the deposit may be
 * sold at), and the deposit marked settled with it, in the caller's transaction.
 */
export async function insertDepositSale(
  tx: Db,
  clock: Clock,
  {
    deposit,
    quoteRow,
    snapshot,
    reviewReason,
  }: {
    deposit: typeof chainDeposits.$inferSelect;
    quoteRow: typeof cryptoQuotes.$inferSelect;
    snapshot: PayoutSnapshot;
    /** What the deposit's row keeps as its reason: why a person priced it, or null once the watcher sold it. */
    reviewReason: string | null;
  },
) {
  const now = clock.now();
  const terms = cryptoSaleTerms(storedQuote(quoteRow), saleTxid(deposit.network, deposit.txid), deposit.network);
  const [sale] = await tx
    .insert(sales)
    .values({
      ...terms,
      userId: deposit.userId,
      status: 'submitted',
      statusChangedAt: now,
      ...snapshot,
      idempotencyKey: `deposit_${deposit.id}`,
      requestHash: createHash('sha256').update(`deposit:${deposit.id}`).digest('hex'),
      createdAt: now,
      source: 'deposit',
    })
    .returning({ id: sales.id, valueKobo: sales.valueKobo, coinAmount: sales.coinAmount, accountNameMatch: sales.accountNameMatch });
  if (!sale) throw new Error('deposit sale insert returned nothing');
  await tx.update(chainDeposits).set({ status: 'settled', saleId: sale.id, reviewReason }).where(eq(chainDeposits.id, deposit.id));
  publishInProcess(deposit.userId, { type: 'sale', id: sale.id });
  publishInProcess(deposit.userId, { type: 'deposit', id: deposit.id });
  return sale;
}

interface NewSale {
  id: string;
  userId: string;
  valueKobo: number;
  nameMatch: string | null;
}

/**
 * The system's approval of a clean deposit sale, or why there is none (the sale then waits for a
 * reviewer at the desk). Clean: the customer at identity tier 1 or above, the payout account's
 * name matched, no risk flag that says something about this sale, within the customer's payout
 * limits and the automatic limits. In a savepoint: a refusal by the database (a limit's trigger,
 * the daily total's reservation) leaves the sale pending, not the deposit unsettled.
 */
async function autoApprove(tx: Db, deps: SettleDeps, sale: NewSale): Promise<string | null> {
  const [customer] = await tx.select({ tier: users.kycTier }).from(users).where(eq(users.id, sale.userId));
  if (!customer || customer.tier < 1) return PENDING_REASONS.tier;
  if (sale.nameMatch !== 'match') return PENDING_REASONS.nameMatch;
  const [flagged] = await tx.select({ flags: riskFlagsColumn }).from(sales).where(eq(sales.id, sale.id));
  const blocking = ((flagged?.flags ?? []) as RiskFlagCode[]).filter((code) => !FLAGS_NOT_BLOCKING.includes(code));
  if (blocking[0]) return PENDING_REASONS.riskFlag(blocking[0]);
  // The limits as the database holds them (written at start, read by 0055's trigger too).
  const [limits] = await tx.select({ singleKobo: autoApprovalSettings.singleKobo }).from(autoApprovalSettings);
  if (!limits || sale.valueKobo > limits.singleKobo) return PENDING_REASONS.aboveAutoLimit;
  const system = await systemApprover(tx);
  try {
    await tx.transaction(async (sp) => {
      await assertApprovalWithinLimits(sp, deps.clock, sale.userId, sale.id, sale.valueKobo);
      // The reservation against the day's total: one statement in 0055's trigger, or a refusal.
      await sp.insert(autoApprovals).values({ saleId: sale.id, day: sql`current_date`, amountKobo: sale.valueKobo });
      const now = deps.clock.now();
      await sp.update(sales).set({ status: 'under_review', statusChangedAt: now }).where(eq(sales.id, sale.id));
      await sp
        .update(sales)
        .set({ status: 'approved', statusChangedAt: now, decidedAt: now, decidedBy: system.id, payoutAmountKobo: sale.valueKobo })
        .where(and(eq(sales.id, sale.id), eq(sales.status, 'under_review')));
      const payout = await (deps.startPayout ?? startPayout)(sp, deps.clock, { saleId: sale.id, staffId: system.id });
      await recordStaffAction(sp, deps.clock, system, {
        action: 'sale.auto_approve',
        targetType: 'sale',
        targetId: sale.id,
        before: { status: 'submitted' },
        after: { status: 'approved', value_kobo: sale.valueKobo, payout_amount_kobo: sale.valueKobo, payout_reference: payout.reference },
        note: 'Deposit confirmed on chain; approved automatically (docs/crypto-settlement.md).',
      });
    });
  } catch (error) {
    const constraint = findInCauses(error, ({ constraint }) => (typeof constraint === 'string' ? constraint : undefined));
    if (constraint === 'auto_approvals_daily_limit') return PENDING_REASONS.autoDailyLimit;
    if (constraint === 'auto_approvals_single_limit') return PENDING_REASONS.aboveAutoLimit;
    if (findInCauses(error, ({ code }) => (code === 'PAYOUT_LIMIT_EXCEEDED' ? true : undefined))) return PENDING_REASONS.payoutLimit;
    if (constraint?.includes('limit')) return PENDING_REASONS.payoutLimit;
    return PENDING_REASONS.failed;
  }
  publishInProcess(sale.userId, { type: 'sale', id: sale.id });
  return null;
}
