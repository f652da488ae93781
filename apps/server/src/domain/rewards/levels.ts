import { and, asc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { REWARD_LEVEL_WINDOW_DAYS, type RewardLevelResponse } from '@wise/shared';
import type { AdminRewardLevels, UpdateRewardLevelsInput } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import { rewardLevels } from '#server/db/schema/rewards';
import { sales } from '#server/db/schema/sales';
import type { Clock } from '#server/lib/clock';
import type { StaffRequest } from '../admin/customers';
import { recordStaffAction } from '../admin/audit';

/**
 * Reward levels (docs/features.md, "Reward levels"; the table is db/migrations/0033_reward_levels.sql). A
 * customer's level is the highest one whose minimum their paid volume over the last 30 days
 * reaches; a sale's reward uses the level reached before that sale was paid.
 */

export interface Level {
  name: string;
  minVolumeKobo: number;
  gemsPer1000Naira: number;
}

const WINDOW_MS = REWARD_LEVEL_WINDOW_DAYS * 24 * 60 * 60 * 1000;

const levelColumns = {
  name: rewardLevels.name,
  minVolumeKobo: rewardLevels.minVolumeKobo,
  gemsPer1000Naira: rewardLevels.gemsPer1000Naira,
};

function checkedLevels<T extends Level>(rows: T[]): T[] {
  if (rows.length === 0 || rows[0]?.minVolumeKobo !== 0) throw new Error('reward_levels has no level at volume 0');
  return rows;
}

/** The levels by rising volume (never empty: the database keeps one at volume 0). */
export async function listRewardLevels(db: Db): Promise<Level[]> {
  return checkedLevels(await db.select(levelColumns).from(rewardLevels).orderBy(asc(rewardLevels.minVolumeKobo)));
}

/**
 * What the customer was paid in (at − 30 days, at]: successful payouts (a reversed one no longer
 * counts) of their sales, by settlement time. `excludeSaleId` leaves out the sale being paid now.
 */
function paidVolumeQuery(db: Db, userId: string, at: Date, options: { excludeSaleId?: string } = {}) {
  const since = new Date(at.getTime() - WINDOW_MS);
  const conditions = [eq(sales.userId, userId), eq(payouts.status, 'success'), gt(payouts.settledAt, since), lte(payouts.settledAt, at)];
  if (options.excludeSaleId) conditions.push(ne(payouts.saleId, options.excludeSaleId));
  return db
    .select({ total: sql<string>`coalesce(sum(${payouts.amountKobo}), 0)` })
    .from(payouts)
    .innerJoin(sales, eq(sales.id, payouts.saleId))
    .where(and(...conditions));
}

function safeVolume(total: string | undefined): number {
  const volume = Number(total ?? 0);
  if (!Number.isSafeInteger(volume)) throw new RangeError(`paid volume is not a safe integer: ${total}`);
  return volume;
}

export async function paidVolumeKobo(db: Db, userId: string, at: Date, options: { excludeSaleId?: string } = {}): Promise<number> {
  const [row] = await paidVolumeQuery(db, userId, at, options);
  return safeVolume(row?.total);
}

/** The levels and the customer's paid volume in one statement (a sale's payment reads both in its transaction). */
async function levelsAndVolume(
  db: Db,
  userId: string,
  at: Date,
  options: { excludeSaleId?: string } = {},
): Promise<{ levels: Level[]; volume: number }> {
  const rows = checkedLevels(
    await db
      .select({ ...levelColumns, volume: sql<string>`(${paidVolumeQuery(db, userId, at, options)})` })
      .from(rewardLevels)
      .orderBy(asc(rewardLevels.minVolumeKobo)),
  );
  return { levels: rows.map(({ volume: _volume, ...level }) => level), volume: safeVolume(rows[0]?.volume) };
}

/** The level a volume reaches, the next one (undefined at the top) and what is still missing. */
export function levelFor(levels: readonly Level[], volumeKobo: number): { level: Level; next?: Level; remainingKobo: number } {
  let index = -1;
  levels.forEach((candidate, i) => {
    if (candidate.minVolumeKobo <= volumeKobo) index = i;
  });
  const level = levels[index];
  if (!level) throw new Error(`no reward level for a volume of ${volumeKobo}`);
  const next = levels[index + 1];
  return { level, next, remainingKobo: next ? next.minVolumeKobo - volumeKobo : 0 };
}

/** The rate a sale paid at `at` earns: the level of the customer's volume before that sale. */
export async function rewardRateAt(db: Db, userId: string, saleId: string, at: Date): Promise<Level> {
  const { levels, volume } = await levelsAndVolume(db, userId, at, { excludeSaleId: saleId });
  return levelFor(levels, volume).level;
}

const toWire = (level: Level) => ({ name: level.name, min_volume_kobo: level.minVolumeKobo, gems_per_1000_naira: level.gemsPer1000Naira });

/** GET /api/rewards/level */
export async function getCustomerRewardLevel(db: Db, clock: Clock, userId: string): Promise<RewardLevelResponse> {
  const { levels, volume } = await levelsAndVolume(db, userId, clock.now());
  const { level, next, remainingKobo } = levelFor(levels, volume);
  return { level: toWire(level), volume_kobo: volume, next_level: next ? toWire(next) : null, remaining_kobo: remainingKobo };
}

export async function getAdminRewardLevels(db: Db): Promise<AdminRewardLevels> {
  return { levels: (await listRewardLevels(db)).map(toWire) };
}

/**
 * An admin replaces every level at once, audited `rewards.levels_update` in the same transaction.
 * The authenticator code is checked by the route before this runs, as for the other admin money
 * actions; the database's deferred check refuses an inconsistent set at commit.
 */
export async function updateRewardLevels(
  db: Db,
  clock: Clock,
  by: StaffRequest,
  input: Omit<UpdateRewardLevelsInput, 'confirm_code'>,
): Promise<AdminRewardLevels> {
  if (by.staff.role !== 'admin') throw new Error('only an admin changes the reward levels');
  await db.transaction(async (tx) => {
    const before = await tx.select().from(rewardLevels).orderBy(asc(rewardLevels.minVolumeKobo)).for('update');
    const now = clock.now();
    await tx.delete(rewardLevels);
    const after = input.levels
      .map((l) => ({
        name: l.name,
        minVolumeKobo: l.min_volume_naira * 100,
        gemsPer1000Naira: l.gems_per_1000_naira,
        updatedBy: by.staff.id,
        updatedAt: now,
      }))
      .sort((a, b) => a.minVolumeKobo - b.minVolumeKobo);
    await tx.insert(rewardLevels).values(after);
    await recordStaffAction(tx, clock, by.staff, {
      action: 'rewards.levels_update',
      targetType: 'reward_levels',
      before: { levels: before.map(toWire) },
      after: { levels: after.map(toWire) },
      note: input.note,
      ip: by.ip,
    });
  });
  return getAdminRewardLevels(db);
}
