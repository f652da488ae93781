import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { gemErrorCodes, rewardMessages, REWARDS_HISTORY_PAGE_SIZE } from '@wise/shared';
import { withinTransaction, type Db } from '#server/db/client';
import { gemRewardClaims, gemRewards } from '#server/db/schema/gems';
import type { Clock } from '#server/lib/clock';
import { DomainError } from '../errors';
import { decodeCursor, encodeCursor } from '../transactions/service';
import { assertGemAmount, getGemBalance, getUserAccountBalance, lockUserAccount, postEntry, systemAccountId } from '../gems/ledger';

/**
 * Rewards (docs/decisions.md §4): each sale staff approve accrues a claimable reward in gems; "Collect
 * Rewards" moves everything claimable into the spendable balance as one entry. Accrued gems sit
 * in the customer's `rewards` account, so the ledger accounts for them from the moment they are
 * earned; the claimable total is that account's balance and always equals the unclaimed rewards.
 */

const KOBO_PER_1000_NAIRA = 100_000;

/**
 * Gems a sale of `amountKobo` earns at the rate of the customer's reward level (levels.ts): whole
 * gems per whole ₦1,000, rounded down; a sale under ₦1,000 earns none.
 */
export function rewardGemsForSale(amountKobo: number, gemsPer1000Naira: number): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0)
    throw new RangeError(`amountKobo must be a non-negative integer, got ${amountKobo}`);
  if (!Number.isSafeInteger(gemsPer1000Naira) || gemsPer1000Naira < 0)
    throw new RangeError(`gemsPer1000Naira must be a non-negative integer`);
  return Math.floor(amountKobo / KOBO_PER_1000_NAIRA) * gemsPer1000Naira;
}

export interface AccrueRewardInput {
  userId: string;
  /** What earned it, unique forever, e.g. `sale:<id>`: accruing the same source twice is a no-op. */
  source: string;
  amount: number;
  /** Shown in the rewards history, e.g. 'Reward for your Amazon gift card sale'. */
  description: string;
  /** The ledger entry's kind: a sale's reward, or a referral's gems (domain/referrals). */
  reason?: 'reward_accrual' | 'referral';
}

export interface AccruedReward {
  id: string;
  amount: number;
  /** False when the source had already accrued its reward (nothing moved). */
  created: boolean;
}

/**
 * Accrues one claimable reward (called by the back office when it approves a sale, in or out of
 * its own transaction: inside the caller's, a failure fails it whole). Idempotent by `source`.
 */
export async function accrueReward(db: Db, clock: Clock, input: AccrueRewardInput): Promise<AccruedReward> {
  assertGemAmount(input.amount, 'reward amount');
  const description = input.description.trim().slice(0, 200);
  if (!description || !input.source || input.source.length > 160)
    throw new RangeError('reward needs a description and a source of 1-160 characters');
  const program = await systemAccountId(db, 'rewards_program');
  const at = clock.now();
  return withinTransaction(db, async (tx) => {
    const { accountId } = await lockUserAccount(tx, input.userId, 'rewards');
    const [existing] = await tx.select().from(gemRewards).where(eq(gemRewards.source, input.source));
    if (existing) {
      if (existing.userId !== input.userId || existing.amount !== input.amount) {
        throw new Error(`reward source ${input.source} already accrued a different reward`);
      }
      return { id: existing.id, amount: existing.amount, created: false };
    }
    const posted = await postEntry(tx, {
      idempotencyKey: `reward:${input.source}`,
      reason: input.reason ?? 'reward_accrual',
      userId: input.userId,
      memo: description,
      at,
      lines: [
        { accountId: program, amount: -input.amount },
        { accountId, amount: input.amount },
      ],
    });
    const [row] = await tx
      .insert(gemRewards)
      .values({
        userId: input.userId,
        source: input.source,
        amount: input.amount,
        description,
        accrualEntryId: posted.entryId,
        createdAt: at,
      })
      .returning({ id: gemRewards.id });
    if (!row) throw new Error('reward insert returned nothing');
    return { id: row.id, amount: input.amount, created: true };
  });
}

export interface SaleRewardInput {
  userId: string;
  saleId: string;
  /** The approved sale's naira value in kobo. */
  amountKobo: number;
  /** The rate of the customer's reward level before this sale (levels.ts `rewardRateAt`). */
  gemsPer1000Naira: number;
  /** Shown in the rewards history, e.g. 'Reward for your Amazon gift card sale'. */
  description: string;
  /**
   * The reward's source when not the sale's first: a sale paid again after its payout was
   * reversed (and its unclaimed reward taken back) earns again under `sale:<id>:a<attempt>`.
   */
  source?: string;
}

/**
 * What the back office calls when staff approve a sale: accrues `rewardGemsForSale` gems once per
 * sale (source `sale:<id>`), or nothing for a sale worth less than one gem.
 */
export async function accrueSaleReward(db: Db, clock: Clock, input: SaleRewardInput): Promise<AccruedReward | undefined> {
  const amount = rewardGemsForSale(input.amountKobo, input.gemsPer1000Naira);
  if (amount === 0) return undefined;
  return accrueReward(db, clock, {
    userId: input.userId,
    source: input.source ?? `sale:${input.saleId}`,
    amount,
    description: input.description,
  });
}

/** Every reward a sale ever accrued: `sale:<id>` and, after a reversal, `sale:<id>:a<attempt>`. */
const saleRewardSources = (saleId: string) => or(eq(gemRewards.source, `sale:${saleId}`), like(gemRewards.source, `sale:${saleId}:%`));

/**
 * The source a sale's reward accrues under when it is paid by attempt `attempt`: `sale:<id>` the
 * first time; nothing (undefined) while a reward of the sale is still live (claimable or
 * claimed); `sale:<id>:a<attempt>` when every earlier one was taken back by a reversal.
 */
export async function saleRewardSource(db: Db, saleId: string, attempt: number): Promise<string | undefined> {
  const rows = await db.select({ clawbackEntryId: gemRewards.clawbackEntryId }).from(gemRewards).where(saleRewardSources(saleId));
  if (rows.length === 0) return `sale:${saleId}`;
  if (rows.some((row) => row.clawbackEntryId === null)) return undefined;
  return `sale:${saleId}:a${attempt}`;
}

/** A reward still claimable: not claimed, not taken back, not forfeited at a closing. */
const isOpen = and(isNull(gemRewards.claimId), isNull(gemRewards.clawbackEntryId), isNull(gemRewards.forfeitEntryId));

/**
 * Marks every open reward of a closing account as forfeited by the closing entry that moved the
 * `rewards` balance out (domain/privacy/close.ts), so a later reversal of one of its sales finds
 * nothing left to take back and says why (docs/closed-accounts.md).
 */
export async function markRewardsForfeited(tx: Db, userId: string, closingEntryId: string): Promise<number> {
  const marked = await tx
    .update(gemRewards)
    .set({ forfeitEntryId: closingEntryId })
    .where(and(eq(gemRewards.userId, userId), isOpen))
    .returning({ id: gemRewards.id });
  return marked.length;
}

/**
 * What a reversal did about a sale's rewards, for the reversed payout (`payouts.rewards_note`):
 * the gems taken back now, and why any reward was not (collected already, or forfeited when the
 * account closed).
 */
export async function saleRewardsNote(db: Db, saleId: string, takenBackNow: number): Promise<string> {
  const rows = await db
    .select({ claimId: gemRewards.claimId, forfeitEntryId: gemRewards.forfeitEntryId, clawbackEntryId: gemRewards.clawbackEntryId })
    .from(gemRewards)
    .where(saleRewardSources(saleId));
  const parts: string[] = [];
  if (takenBackNow > 0) parts.push(`${takenBackNow} unclaimed reward gems taken back`);
  if (rows.some((row) => row.forfeitEntryId !== null)) parts.push('nothing taken back of the reward forfeited when the account was closed');
  if (rows.some((row) => row.claimId !== null)) parts.push('nothing taken back of the reward the customer had already collected');
  if (parts.length === 0) parts.push(rows.length === 0 ? 'the sale had earned no reward' : 'its rewards had been taken back before');
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * Takes back a sale's rewards that were not claimed yet (its payout was reversed): one balanced
 * entry per reward (`rewards -n`, `rewards_program +n`, reason `reward_clawback`, key
 * `clawback:<reward id>`), stamped on the reward so it is never claimable again. Claimed gems stay
 * with the customer. Idempotent: a reward already taken back is skipped, a replayed key moves
 * nothing. Returns the gems taken back now.
 */
export async function clawBackSaleRewards(
  db: Db,
  clock: Clock,
  input: { userId: string; saleId: string; reason: string },
): Promise<number> {
  return clawBackRewardsWhere(db, clock, { userId: input.userId, which: saleRewardSources(input.saleId), reason: input.reason });
}

/** The same take-back for rewards named by their sources (a referral's gems, domain/referrals). */
export async function clawBackRewardSources(
  db: Db,
  clock: Clock,
  input: { userId: string; sources: string[]; reason: string },
): Promise<number> {
  if (input.sources.length === 0) return 0;
  return clawBackRewardsWhere(db, clock, { userId: input.userId, which: inArray(gemRewards.source, input.sources), reason: input.reason });
}

async function clawBackRewardsWhere(
  db: Db,
  clock: Clock,
  input: { userId: string; which: SQL | undefined; reason: string },
): Promise<number> {
  const reason = input.reason.trim().slice(0, 200);
  if (!reason) throw new RangeError('a clawback needs a reason');
  const program = await systemAccountId(db, 'rewards_program');
  const at = clock.now();
  return db.transaction(async (tx) => {
    // Same lock order as a claim (rewards account, then the reward rows): a claim and a clawback queue.
    const { accountId } = await lockUserAccount(tx, input.userId, 'rewards');
    const open = await tx
      .select()
      .from(gemRewards)
      .where(and(eq(gemRewards.userId, input.userId), input.which, isOpen))
      .for('update');
    let total = 0;
    for (const reward of open) {
      const posted = await postEntry(tx, {
        idempotencyKey: `clawback:${reward.id}`,
        reason: 'reward_clawback',
        userId: input.userId,
        memo: reason,
        at,
        lines: [
          { accountId, amount: -reward.amount },
          { accountId: program, amount: reward.amount },
        ],
      });
      await tx.update(gemRewards).set({ clawbackEntryId: posted.entryId, clawbackReason: reason }).where(eq(gemRewards.id, reward.id));
      total += reward.amount;
    }
    return total;
  });
}

export interface RewardClaim {
  id: string;
  createdAt: Date;
  points: number;
  description: string;
}

const toClaim = (row: typeof gemRewardClaims.$inferSelect): RewardClaim => ({
  id: row.id,
  createdAt: row.createdAt,
  points: row.amount,
  description: row.description,
});

export const nothingToClaim = () => new DomainError(gemErrorCodes.nothingToClaim, rewardMessages.nothingToClaim, 409);

function claimDescription(rewards: { description: string }[]): string {
  const [only] = rewards;
  if (rewards.length === 1 && only) return only.description;
  return `Rewards from ${rewards.length} approved sales`;
}

/** Moves every claimable reward into the spendable balance as one entry, or refuses (409). */
export async function claimRewards(db: Db, clock: Clock, userId: string): Promise<{ claim: RewardClaim; balance: number }> {
  const at = clock.now();
  return db.transaction(async (tx) => {
    // Locks in one order everywhere (rewards, then available) so two claims queue, never deadlock.
    const rewardsAccount = await lockUserAccount(tx, userId, 'rewards');
    const available = await lockUserAccount(tx, userId, 'available');
    const unclaimed = await tx
      .select()
      .from(gemRewards)
      .where(and(eq(gemRewards.userId, userId), isOpen))
      .orderBy(asc(gemRewards.createdAt))
      .for('update');
    const total = unclaimed.reduce((sum, r) => sum + r.amount, 0);
    if (total !== rewardsAccount.balance) {
      throw new Error(`rewards account of ${userId} holds ${rewardsAccount.balance} but unclaimed rewards sum to ${total}`);
    }
    if (unclaimed.length === 0) throw nothingToClaim();

    const claimId = randomUUID();
    const posted = await postEntry(tx, {
      idempotencyKey: `claim:${claimId}`,
      reason: 'reward_claim',
      userId,
      at,
      lines: [
        { accountId: rewardsAccount.accountId, amount: -total },
        { accountId: available.accountId, amount: total },
      ],
    });
    const [claim] = await tx
      .insert(gemRewardClaims)
      .values({ id: claimId, userId, amount: total, description: claimDescription(unclaimed), entryId: posted.entryId, createdAt: at })
      .returning();
    if (!claim) throw new Error('claim insert returned nothing');
    const stamped = await tx
      .update(gemRewards)
      .set({ claimId })
      .where(and(eq(gemRewards.userId, userId), isOpen))
      .returning({ id: gemRewards.id });
    if (stamped.length !== unclaimed.length) throw new Error(`claim ${claimId} stamped ${stamped.length} of ${unclaimed.length} rewards`);
    return { claim: toClaim(claim), balance: await getGemBalance(tx, userId) };
  });
}

/** All gems ever claimed from rewards (the original total_rewards). */
export async function getTotalClaimedRewards(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${gemRewardClaims.amount}), 0)` })
    .from(gemRewardClaims)
    .where(eq(gemRewardClaims.userId, userId));
  const total = Number(row?.total ?? 0);
  if (!Number.isSafeInteger(total)) throw new RangeError(`claimed total is not a safe integer: ${row?.total}`);
  return total;
}

/** Accrued and not yet claimed. */
export const getClaimableRewards = (db: Db, userId: string) => getUserAccountBalance(db, userId, 'rewards');

/**
 * The claims, newest first (the original rewards_history), keyset-paged on (created_at, id) — the order
 * of gem_reward_claims_user_list_idx (0012).
 */
export async function getRewardHistory(
  db: Db,
  userId: string,
  query: { cursor?: string; limit?: number } = {},
): Promise<{ claims: RewardClaim[]; nextCursor: string | null }> {
  const limit = query.limit ?? REWARDS_HISTORY_PAGE_SIZE;
  const conditions: SQL[] = [eq(gemRewardClaims.userId, userId)];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(sql`(${gemRewardClaims.createdAt}, ${gemRewardClaims.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({
      claim: gemRewardClaims,
      // created_at to the microsecond for the cursor; a JS Date would round it.
      cursorAt: sql<string>`to_char(${gemRewardClaims.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(gemRewardClaims)
    .where(and(...conditions))
    .orderBy(desc(gemRewardClaims.createdAt), desc(gemRewardClaims.id))
    // One more than asked tells whether another page exists without a count.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    claims: page.map((row) => toClaim(row.claim)),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.claim.id }) : null,
  };
}
