import { and, asc, count, eq, isNull, like, sql } from 'drizzle-orm';
import { normalizeReferralCode, referralLinkPath, referralTexts, REFERRAL_TREE_MAX, type ReferralSummary } from '@wise/shared';
import { textOf } from '../i18n/language';
import { adminCustomerMessages, type AdminCustomerReferrals, type AdminReferral, type ReferralRefusalReason } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { gemRewards } from '#server/db/schema/gems';
import { referrals, referralSettings } from '#server/db/schema/referrals';
import { sales } from '#server/db/schema/sales';
import type { Clock } from '#server/lib/clock';
import { notFound } from '../errors';
import { notify } from '../notifications/notify';
import { accrueReward, clawBackRewardSources } from '../rewards/rewards';

/**
 * Referrals (docs/features.md, "Referrals"; docs/decisions.md §4.10). A customer who signs up with another's
 * code is their referee. The referee's first sale decides the referral once, in the transaction
 * that pays it (payouts/settle.ts `paySale`): both earn gems (claimable rewards, ledger kind
 * `referral`), or it is refused with the rule that stopped it, for staff to see.
 */

export interface ReferralSettings {
  referrerGems: number;
  refereeGems: number;
  monthlyCap: number;
  timeZone: string;
}

type ReferralConfig = { REFERRAL_GEMS_REFERRER: number; REFERRAL_GEMS_REFEREE: number; REFERRAL_MONTHLY_CAP: number; APP_TIMEZONE: string };

export const referralSettingsOf = (config: ReferralConfig): ReferralSettings => ({
  referrerGems: config.REFERRAL_GEMS_REFERRER,
  refereeGems: config.REFERRAL_GEMS_REFEREE,
  monthlyCap: config.REFERRAL_MONTHLY_CAP,
  timeZone: config.APP_TIMEZONE,
});

/**
 * Writes the configuration where the paying transaction and the cap's trigger read it (at every
 * start). With several instances the one started last decides.
 */
export async function writeReferralSettings(db: Db, clock: Clock, settings: ReferralSettings): Promise<void> {
  const values = { ...settings, updatedAt: clock.now() };
  await db
    .insert(referralSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: referralSettings.id, set: values });
}

export async function readReferralSettings(db: Db): Promise<ReferralSettings> {
  const [row] = await db.select().from(referralSettings).limit(1);
  if (!row) throw new Error('referral_settings has no row (0035_referrals.sql writes one)');
  return row;
}

/**
 * Records who referred a new customer, from the code their sign-up carried. A code that is no
 * customer's (or malformed, or the customer's own) is ignored: it never blocks a sign-up.
 */
export async function recordReferral(db: Db, clock: Clock, refereeId: string, rawCode: string | undefined): Promise<boolean> {
  const code = normalizeReferralCode(rawCode);
  if (!code) return false;
  const [referrer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code), isNull(users.closedAt)))
    .limit(1);
  if (!referrer || referrer.id === refereeId) return false;
  const inserted = await db
    .insert(referrals)
    .values({ referrerId: referrer.id, refereeId, code, createdAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length === 1;
}

const rewardSources = (referralId: string) => ({ referrer: `referral:${referralId}:referrer`, referee: `referral:${referralId}:referee` });

/**
 * Why this referral must not pay, or null: the two accounts share a phone either has held, a
 * payout bank account (the one this sale is paid to, or one either has saved or been paid to),
 * or an identity number one of them verified. Checked in this order; the first reason is kept.
 */
async function selfReferralReason(
  tx: Db,
  referrerId: string,
  refereeId: string,
  paidTo: { bankCode: string; accountNumber: string },
): Promise<ReferralRefusalReason | null> {
  const result = (await tx.execute(sql`
    WITH referrer_accounts AS (
      SELECT bank_code, account_number FROM bank_details WHERE user_id = ${referrerId}
      UNION SELECT bank_code, account_number FROM sales WHERE user_id = ${referrerId}
      UNION SELECT p.bank_code, p.account_number FROM payouts p JOIN sales s ON s.id = p.sale_id WHERE s.user_id = ${referrerId}
    ), referee_accounts AS (
      SELECT ${paidTo.bankCode}::text AS bank_code, ${paidTo.accountNumber}::text AS account_number
      UNION SELECT bank_code, account_number FROM bank_details WHERE user_id = ${refereeId}
      UNION SELECT bank_code, account_number FROM sales WHERE user_id = ${refereeId}
    )
    SELECT
      EXISTS (SELECT 1 FROM user_phones a JOIN user_phones b ON a.phone = b.phone WHERE a.user_id = ${referrerId} AND b.user_id = ${refereeId}) AS same_phone,
      EXISTS (SELECT 1 FROM referrer_accounts a JOIN referee_accounts b USING (bank_code, account_number)) AS same_bank_account,
      EXISTS (
        SELECT 1 FROM identity_checks a JOIN identity_checks b ON a.kind = b.kind AND a.number_hash = b.number_hash
        WHERE a.user_id = ${referrerId} AND b.user_id = ${refereeId} AND (a.outcome = 'verified' OR b.outcome = 'verified')
      ) AS same_identity`)) as unknown as { rows: { same_phone: boolean; same_bank_account: boolean; same_identity: boolean }[] };
  const row = result.rows[0];
  if (!row) throw new Error('the self-referral check returned nothing');
  if (row.same_phone) return 'same_phone';
  if (row.same_bank_account) return 'same_bank_account';
  if (row.same_identity) return 'same_identity';
  return null;
}

/** Referral rewards the referrer already earned in the business month of `at`. */
async function rewardedThisMonth(tx: Db, referrerId: string, at: Date, timeZone: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, 'rewarded'),
        sql`date_trunc('month', ${referrals.decidedAt} AT TIME ZONE ${timeZone}) = date_trunc('month', ${at.toISOString()}::timestamptz AT TIME ZONE ${timeZone})`,
      ),
    );
  return row?.n ?? 0;
}

export type ReferralDecision =
  { status: 'rewarded'; referrerGems: number; refereeGems: number } | { status: 'refused'; reason: ReferralRefusalReason } | null;

/**
 * Inside the transaction that pays a sale (after the sale became `paid`): when it is the
 * referee's first sale and their referral is undecided, decides it. Rewarded: both earn the
 * configured gems as claimable rewards (sources `referral:<id>:referrer|referee`, unique, so a
 * replay mints nothing) and are told. Refused: the reason is kept. A later sale, or a referral
 * already decided, changes nothing (null).
 */
export async function decideReferralOnPaid(
  tx: Db,
  clock: Clock,
  input: { saleId: string; refereeId: string; paidTo: { bankCode: string; accountNumber: string }; at: Date },
): Promise<ReferralDecision> {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.refereeId, input.refereeId)).for('update');
  if (!referral || referral.status !== 'signed_up') return null;
  const [first] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(eq(sales.userId, input.refereeId))
    .orderBy(asc(sales.createdAt), asc(sales.id))
    .limit(1);
  // A later sale paid before the first one waits for it: only the first sale decides.
  if (first?.id !== input.saleId) return null;

  // The referrer's row first, as the cap's trigger does: two referees paid at once queue here.
  const [referrer] = await tx
    .select({ closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, referral.referrerId))
    .for('no key update');
  const settings = await readReferralSettings(tx);
  const refuse = async (reason: ReferralRefusalReason): Promise<ReferralDecision> => {
    await tx
      .update(referrals)
      .set({ status: 'refused', refusalReason: reason, saleId: input.saleId, decidedAt: input.at })
      .where(eq(referrals.id, referral.id));
    return { status: 'refused', reason };
  };
  // A closed account earns nothing (the database refuses it: docs/closed-accounts.md).
  if (referrer?.closedAt) return refuse('referrer_closed');
  const selfReferral = await selfReferralReason(tx, referral.referrerId, referral.refereeId, input.paidTo);
  if (selfReferral) return refuse(selfReferral);
  if ((await rewardedThisMonth(tx, referral.referrerId, input.at, settings.timeZone)) >= settings.monthlyCap) return refuse('monthly_cap');

  await tx
    .update(referrals)
    .set({
      status: 'rewarded',
      saleId: input.saleId,
      decidedAt: input.at,
      referrerGems: settings.referrerGems,
      refereeGems: settings.refereeGems,
    })
    .where(eq(referrals.id, referral.id));
  const [referee] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, referral.refereeId)).limit(1);
  const firstName = referee?.fullName.split(' ')[0] || 'Your friend';
  const sources = rewardSources(referral.id);
  await accrueReward(tx, clock, {
    userId: referral.referrerId,
    source: sources.referrer,
    amount: settings.referrerGems,
    description: referralTexts.referrerReward(firstName),
    reason: 'referral',
  });
  await accrueReward(tx, clock, {
    userId: referral.refereeId,
    source: sources.referee,
    amount: settings.refereeGems,
    description: referralTexts.refereeReward,
    reason: 'referral',
  });
  await notify(
    tx,
    referral.referrerId,
    textOf(referralTexts, (t) => t.referrerNotice(firstName, settings.referrerGems)),
    { topic: 'rewards' },
  );
  await notify(
    tx,
    referral.refereeId,
    textOf(referralTexts, (t) => t.refereeNotice(settings.refereeGems)),
    { saleId: input.saleId },
  );
  return { status: 'rewarded', referrerGems: settings.referrerGems, refereeGems: settings.refereeGems };
}

/**
 * Inside the transaction that reverses a paid sale's payout: when that sale decided a referral,
 * the referral is refused (first_sale_reversed) and both parties' unclaimed referral gems are
 * taken back, as a sale's own reward is (claimed gems stay, docs/decisions.md §4.10). Idempotent.
 */
export async function undoReferralOnReversal(tx: Db, clock: Clock, saleId: string): Promise<void> {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.saleId, saleId)).for('update');
  if (!referral || referral.status !== 'rewarded') return;
  await tx.update(referrals).set({ status: 'refused', refusalReason: 'first_sale_reversed' }).where(eq(referrals.id, referral.id));
  const sources = rewardSources(referral.id);
  const reason = 'The payout of the invited friend’s first sale was reversed by the bank';
  await clawBackRewardSources(tx, clock, { userId: referral.referrerId, sources: [sources.referrer], reason });
  await clawBackRewardSources(tx, clock, { userId: referral.refereeId, sources: [sources.referee], reason });
}

/** The customer's code and link, and what their invites earned (GET /api/referrals). */
export async function getReferralSummary(db: Db, userId: string): Promise<ReferralSummary> {
  const [user] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  const settings = await readReferralSettings(db);
  const [joined] = await db.select({ n: count() }).from(referrals).where(eq(referrals.referrerId, userId));
  const [earned] = await db
    .select({ total: sql<string>`coalesce(sum(${gemRewards.amount}), 0)` })
    .from(gemRewards)
    .where(and(eq(gemRewards.userId, userId), like(gemRewards.source, 'referral:%'), isNull(gemRewards.clawbackEntryId)));
  return {
    code: user.code,
    link_path: referralLinkPath(user.code),
    referrer_gems: settings.referrerGems,
    referee_gems: settings.refereeGems,
    joined: joined?.n ?? 0,
    gems_earned: Number(earned?.total ?? 0),
  };
}

type TreeRow = {
  id: string;
  other_id: string;
  full_name: string;
  username: string;
  status: AdminReferral['status'];
  refusal_reason: AdminReferral['refusal_reason'];
  created_at: string;
  decided_at: string | null;
  referrer_gems: number | null;
  referee_gems: number | null;
  first_sale_id: string | null;
  first_sale_status: string | null;
  first_sale_paid_at: string | null;
};

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Referrals with the other party and the referee's first sale, in one query. */
async function treeRows(db: Db, side: 'referrer_id' | 'referee_id', customerId: string, limit: number): Promise<AdminReferral[]> {
  const other = side === 'referee_id' ? sql.raw('r.referrer_id') : sql.raw('r.referee_id');
  const result = (await db.execute(sql`
    SELECT r.id, u.id AS other_id, u.full_name, u.username, r.status, r.refusal_reason,
           ${iso('r.created_at')} AS created_at, ${iso('r.decided_at')} AS decided_at, r.referrer_gems, r.referee_gems,
           fs.id AS first_sale_id, fs.status AS first_sale_status, ${iso('fs.paid_at')} AS first_sale_paid_at
    FROM referrals r
    JOIN users u ON u.id = ${other}
    LEFT JOIN LATERAL (SELECT id, status, paid_at FROM sales WHERE user_id = r.referee_id ORDER BY created_at, id LIMIT 1) fs ON true
    WHERE ${sql.raw(`r.${side}`)} = ${customerId}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${limit}`)) as unknown as { rows: TreeRow[] };
  return result.rows.map((row) => ({
    id: row.id,
    customer: { id: row.other_id, full_name: row.full_name, username: row.username },
    status: row.status,
    refusal_reason: row.refusal_reason,
    created_at: row.created_at,
    decided_at: row.decided_at,
    referrer_gems: row.referrer_gems,
    referee_gems: row.referee_gems,
    first_sale:
      row.first_sale_id && row.first_sale_status
        ? { id: row.first_sale_id, status: row.first_sale_status, paid_at: row.first_sale_paid_at }
        : null,
  }));
}

/** A customer's referral tree for staff: who referred them and whom they referred (newest first). */
export async function getAdminReferrals(db: Db, customerId: string): Promise<AdminCustomerReferrals> {
  const [customer] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, customerId)).limit(1);
  if (!customer) throw notFound(adminCustomerMessages.notFound);
  const [total] = await db.select({ n: count() }).from(referrals).where(eq(referrals.referrerId, customerId));
  return {
    code: customer.code,
    referred_by: (await treeRows(db, 'referee_id', customerId, 1))[0] ?? null,
    referees: await treeRows(db, 'referrer_id', customerId, REFERRAL_TREE_MAX),
    referees_total: total?.n ?? 0,
  };
}
