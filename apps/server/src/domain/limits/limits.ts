import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  limitErrorCodes,
  localDateAt,
  payoutLimitMessage,
  payoutLimitMessageIn,
  payoutLimitStaffMessage,
  startOfLocalDate,
  type Language,
  type PayoutLimitKind,
  type PayoutLimits,
} from '@wise/shared';
import { adminCustomerMessages, type AdminCustomerLimits, type RaiseCustomerLimitInput } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { payoutLimitRaises, payoutLimitSettings, sales, staff, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { recordStaffAction } from '../admin/audit';
import type { StaffRequest } from '../admin/customers';
import { DomainError, notFound } from '../errors';
import type { StaffPrincipal } from '../staff/principal';
import { assertSeasonedStaff, openRequestConflict, openStaffRequest, staffRequestView, type RequestApplier } from '../staff/requests';

/**
 * Verification tiers' payout limits (docs/features.md, "Verification tiers and limits"; docs/decisions.md §5a.8).
 * A customer's paid and approved sales in one business day (APP_TIMEZONE) stay within their tier's
 * daily limit and, at tier 0, the total allowed before verification; an admin's raise for one
 * customer lifts them (the higher of the two applies). The figures live in the database
 * (payout_limit_settings, written from the configuration at start), so the code and the trigger
 * that refuses an approval past them (0028_payout_limits.sql) read the same numbers.
 *
 * - A submission counts what waits for review as well: twenty cards sent at once cannot all pass.
 * - An approval counts only what is approved or paid: the queue's order is staff's to choose.
 * Both lock the customer's row first (FOR NO KEY UPDATE, as the trigger does), so checks of one
 * customer at once are made one after the other.
 */

export interface PayoutLimitSettings {
  tier0DailyKobo: number;
  tier0TotalKobo: number;
  tier1DailyKobo: number;
  tier2DailyKobo: number;
  timeZone: string;
}

type LimitConfig = {
  TIER0_DAILY_PAYOUT_NAIRA: number;
  TIER0_TOTAL_PAYOUT_NAIRA: number;
  TIER1_DAILY_PAYOUT_NAIRA: number;
  TIER2_DAILY_PAYOUT_NAIRA: number;
  APP_TIMEZONE: string;
};

export const payoutLimitSettingsOf = (config: LimitConfig): PayoutLimitSettings => ({
  tier0DailyKobo: config.TIER0_DAILY_PAYOUT_NAIRA * 100,
  tier0TotalKobo: config.TIER0_TOTAL_PAYOUT_NAIRA * 100,
  tier1DailyKobo: config.TIER1_DAILY_PAYOUT_NAIRA * 100,
  tier2DailyKobo: config.TIER2_DAILY_PAYOUT_NAIRA * 100,
  timeZone: config.APP_TIMEZONE,
});

/**
 * Writes the configuration's limits where the trigger reads them (at every start). With several
 * instances the one started last decides, so a change of limits is made on all of them at once.
 */
export async function writePayoutLimitSettings(db: Db, clock: Clock, settings: PayoutLimitSettings): Promise<void> {
  const values = { ...settings, updatedAt: clock.now() };
  await db
    .insert(payoutLimitSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: payoutLimitSettings.id, set: values });
}

export async function readPayoutLimitSettings(db: Db): Promise<PayoutLimitSettings> {
  const [row] = await db.select().from(payoutLimitSettings).limit(1);
  if (!row) throw new Error('payout_limit_settings has no row (0028_payout_limits.sql writes one)');
  return row;
}

/** A customer's limits as they stand: their tier's, lifted by the latest raise. */
export interface CustomerLimitFigures {
  tier: number;
  dailyKobo: number;
  /** Tier 0 only. */
  totalKobo: number | null;
  tierDailyKobo: number;
  tierTotalKobo: number | null;
  usedTodayKobo: number;
  usedTotalKobo: number;
  pendingKobo: number;
}

const customerNotFound = () => notFound(adminCustomerMessages.notFound);

const sumKobo = (expression: ReturnType<typeof sql>, filter: ReturnType<typeof sql>) =>
  sql<string>`coalesce(sum(${expression}) FILTER (WHERE ${filter}), 0)::text`;
const countedKobo = sql`coalesce(${sales.payoutAmountKobo}, ${sales.valueKobo})`;

/**
 * Reads the customer's tier, limits and usage; `lock` takes the customer's row first (inside a
 * transaction), `excludeSaleId` leaves out the sale being decided.
 */
export async function customerLimitFigures(
  db: Db,
  clock: Clock,
  userId: string,
  options: { lock?: boolean; excludeSaleId?: string } = {},
): Promise<CustomerLimitFigures> {
  const query = db.select({ tier: users.kycTier }).from(users).where(eq(users.id, userId)).limit(1);
  const [user] = options.lock ? await query.for('no key update') : await query;
  if (!user) throw customerNotFound();
  const settings = await readPayoutLimitSettings(db);
  const tier = user.tier;
  const tierDailyKobo = tier === 0 ? settings.tier0DailyKobo : tier === 1 ? settings.tier1DailyKobo : settings.tier2DailyKobo;
  const tierTotalKobo = tier === 0 ? settings.tier0TotalKobo : null;
  const [raised] = await db
    .select({ daily: payoutLimitRaises.dailyLimitKobo, total: payoutLimitRaises.totalLimitKobo })
    .from(payoutLimitRaises)
    .where(eq(payoutLimitRaises.userId, userId))
    .orderBy(desc(payoutLimitRaises.createdAt), desc(payoutLimitRaises.id))
    .limit(1);
  const dailyKobo = Math.max(tierDailyKobo, raised?.daily ?? 0);
  const totalKobo = tierTotalKobo === null ? null : Math.max(tierTotalKobo, raised?.total ?? 0);

  const today = localDateAt(clock.now(), settings.timeZone);
  const dayStart = startOfLocalDate(today, settings.timeZone);
  const dayEnd = startOfLocalDate(addDays(today, 1), settings.timeZone);
  const others = options.excludeSaleId ? sql`${sales.id} <> ${options.excludeSaleId}` : sql`true`;
  const [usage] = await db
    .select({
      today: sumKobo(
        countedKobo,
        sql`${sales.status} IN ('approved', 'paid') AND ${sales.decidedAt} >= ${dayStart} AND ${sales.decidedAt} < ${dayEnd}`,
      ),
      total: sumKobo(countedKobo, sql`${sales.status} IN ('approved', 'paid')`),
      pending: sumKobo(sql`${sales.valueKobo}`, sql`${sales.status} IN ('submitted', 'under_review')`),
    })
    .from(sales)
    .where(and(eq(sales.userId, userId), inArray(sales.status, ['submitted', 'under_review', 'approved', 'paid']), others));
  return {
    tier,
    dailyKobo,
    totalKobo,
    tierDailyKobo,
    tierTotalKobo,
    usedTodayKobo: Number(usage?.today ?? '0'),
    usedTotalKobo: Number(usage?.total ?? '0'),
    pendingKobo: Number(usage?.pending ?? '0'),
  };
}

/** What a new sale may still be worth: today's room and, at tier 0, the total's, pending sales counted. */
export function remainingForSubmission(f: CustomerLimitFigures): number {
  const daily = f.dailyKobo - f.usedTodayKobo - f.pendingKobo;
  const total = f.totalKobo === null ? Number.POSITIVE_INFINITY : f.totalKobo - f.usedTotalKobo - f.pendingKobo;
  return Math.max(0, Math.min(daily, total));
}

/** GET /api/profile/limits */
export async function getPayoutLimits(db: Db, clock: Clock, userId: string): Promise<PayoutLimits> {
  const f = await customerLimitFigures(db, clock, userId);
  return {
    tier: f.tier,
    daily_limit_kobo: f.dailyKobo,
    used_today_kobo: f.usedTodayKobo,
    pending_kobo: f.pendingKobo,
    remaining_today_kobo: remainingForSubmission(f),
    total_limit_kobo: f.totalKobo,
    used_total_kobo: f.totalKobo === null ? null : f.usedTotalKobo,
  };
}

/** `customer`: the customer's own refusal, which a signed-in customer reads in users.language (staff's stays English). */
function exceeded(
  kind: PayoutLimitKind,
  limitKobo: number,
  remainingKobo: number,
  tier: number,
  message: string,
  customer = false,
): DomainError {
  const meta = { limit: kind, limit_kobo: limitKobo, remaining_kobo: Math.max(0, remainingKobo), tier };
  const words = customer ? (language: Language) => payoutLimitMessageIn(meta, language) ?? message : undefined;
  return new DomainError(limitErrorCodes.exceeded, message, 409, { meta, ...(words ? { words } : {}) });
}

/**
 * 409 PAYOUT_LIMIT_EXCEEDED when a sale worth `valueKobo` would take the customer past a limit,
 * counting what is paid, approved and waiting for review. Inside the sale's transaction: the
 * customer's row is locked, so parallel submissions are counted one after the other.
 */
export async function assertSubmissionWithinLimits(tx: Db, clock: Clock, userId: string, valueKobo: number, lock = true): Promise<void> {
  const f = await customerLimitFigures(tx, clock, userId, { lock });
  const dailyLeft = f.dailyKobo - f.usedTodayKobo - f.pendingKobo;
  if (valueKobo > dailyLeft)
    throw exceeded('daily', f.dailyKobo, dailyLeft, f.tier, payoutLimitMessage('daily', f.dailyKobo, dailyLeft, f.tier), true);
  if (f.totalKobo !== null) {
    const totalLeft = f.totalKobo - f.usedTotalKobo - f.pendingKobo;
    if (valueKobo > totalLeft)
      throw exceeded('total', f.totalKobo, totalLeft, f.tier, payoutLimitMessage('total', f.totalKobo, totalLeft, f.tier), true);
  }
}

/**
 * 409 PAYOUT_LIMIT_EXCEEDED, in staff's words, when approving `amountKobo` for this sale would take
 * its customer past a limit (paid and approved sales only). Inside the approval's transaction,
 * with the customer's row locked; the database's trigger makes the same check on its own.
 */
export async function assertApprovalWithinLimits(
  tx: Db,
  clock: Clock,
  userId: string,
  saleId: string,
  amountKobo: number,
  lock = true,
): Promise<void> {
  const f = await customerLimitFigures(tx, clock, userId, { lock, excludeSaleId: saleId });
  const dailyLeft = f.dailyKobo - f.usedTodayKobo;
  if (amountKobo > dailyLeft)
    throw exceeded('daily', f.dailyKobo, dailyLeft, f.tier, payoutLimitStaffMessage('daily', f.dailyKobo, dailyLeft));
  if (f.totalKobo !== null) {
    const totalLeft = f.totalKobo - f.usedTotalKobo;
    if (amountKobo > totalLeft)
      throw exceeded('total', f.totalKobo, totalLeft, f.tier, payoutLimitStaffMessage('total', f.totalKobo, totalLeft));
  }
}

/** GET /api/admin/customers/:id/limits */
export async function getAdminCustomerLimits(db: Db, clock: Clock, userId: string): Promise<AdminCustomerLimits> {
  const f = await customerLimitFigures(db, clock, userId);
  const raises = await db
    .select({ raise: payoutLimitRaises, by: { id: staff.id, name: staff.name } })
    .from(payoutLimitRaises)
    .innerJoin(staff, eq(staff.id, payoutLimitRaises.createdBy))
    .where(eq(payoutLimitRaises.userId, userId))
    .orderBy(desc(payoutLimitRaises.createdAt), desc(payoutLimitRaises.id))
    .limit(50);
  return {
    tier: f.tier,
    daily_limit_kobo: f.dailyKobo,
    used_today_kobo: f.usedTodayKobo,
    pending_kobo: f.pendingKobo,
    remaining_today_kobo: remainingForSubmission(f),
    total_limit_kobo: f.totalKobo,
    used_total_kobo: f.totalKobo === null ? null : f.usedTotalKobo,
    tier_daily_limit_kobo: f.tierDailyKobo,
    tier_total_limit_kobo: f.tierTotalKobo,
    raises: raises.map(({ raise, by }) => ({
      id: raise.id,
      daily_limit_kobo: raise.dailyLimitKobo,
      total_limit_kobo: raise.totalLimitKobo,
      note: raise.note,
      created_by: by,
      created_at: raise.createdAt.toISOString(),
    })),
  };
}

/**
 * An admin raises one customer's daily limit (and the total before verification): a new row in the
 * history, audited `customer.limit_raise` in the same transaction. The authenticator code is checked
 * by the route before this runs, as for the other admin money actions. A staff member whose sign-in
 * is under a day old raises nothing; a daily limit above tier 2's becomes a request another admin
 * confirms (docs/separation-of-duties.md), returned with the figures. The database holds both rules.
 */
export async function raiseCustomerLimit(
  db: Db,
  clock: Clock,
  by: StaffRequest,
  userId: string,
  input: Omit<RaiseCustomerLimitInput, 'confirm_code' | 'confirm_passkey'>,
): Promise<AdminCustomerLimits> {
  await assertSeasonedStaff(db, by.staff.id, clock.now());
  const dailyKobo = input.daily_limit_naira * 100;
  const totalKobo = input.total_limit_naira === undefined ? null : input.total_limit_naira * 100;
  const request = await db
    .transaction(async (tx) => {
      const before = await customerLimitFigures(tx, clock, userId, { lock: true });
      const settings = await readPayoutLimitSettings(tx);
      if (dailyKobo > settings.tier2DailyKobo) {
        const [customer] = await tx.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
        return openStaffRequest(
          tx,
          clock,
          by.staff,
          {
            kind: 'limit_raise',
            targetId: userId,
            value: String(dailyKobo),
            details: {
              customer: customer?.name || customer?.email || userId,
              total_limit_kobo: totalKobo,
              note: input.note,
              daily_limit_kobo_before: before.dailyKobo,
            },
          },
          by.ip,
        );
      }
      await insertRaise(tx, clock, by.staff, userId, { dailyKobo, totalKobo, note: input.note }, before, by.ip);
      return undefined;
    })
    .catch((error: unknown) => {
      openRequestConflict(error);
      throw error;
    });
  const figures = await getAdminCustomerLimits(db, clock, userId);
  return request ? { ...figures, request: await staffRequestView(db, request) } : figures;
}

async function insertRaise(
  tx: Db,
  clock: Clock,
  staffMember: StaffPrincipal,
  userId: string,
  raise: { dailyKobo: number; totalKobo: number | null; note: string },
  before: CustomerLimitFigures,
  ip: string | null | undefined,
  requestId?: string,
): Promise<void> {
  const [row] = await tx
    .insert(payoutLimitRaises)
    .values({
      userId,
      dailyLimitKobo: raise.dailyKobo,
      totalLimitKobo: raise.totalKobo,
      note: raise.note,
      createdBy: staffMember.id,
      createdAt: clock.now(),
    })
    .returning({ id: payoutLimitRaises.id });
  await recordStaffAction(tx, clock, staffMember, {
    action: 'customer.limit_raise',
    targetType: 'customer',
    targetId: userId,
    before: { tier: before.tier, daily_limit_kobo: before.dailyKobo, total_limit_kobo: before.totalKobo },
    after: {
      raise_id: row?.id,
      daily_limit_kobo: raise.dailyKobo,
      total_limit_kobo: raise.totalKobo,
      ...(requestId ? { request_id: requestId } : {}),
    },
    note: raise.note,
    ip,
  });
}

/** A confirmed limit raise takes effect, in the confirming admin's name (domain/staff/requests.ts). */
export const applyLimitRaiseRequest =
  (clock: Clock): RequestApplier =>
  async (tx, request, confirmer) => {
    if (!request.targetId) throw new Error('a limit raise names its customer');
    const before = await customerLimitFigures(tx, clock, request.targetId, { lock: true });
    const total = request.details.total_limit_kobo;
    const note = typeof request.details.note === 'string' ? request.details.note : 'Second approval';
    await insertRaise(
      tx,
      clock,
      confirmer,
      request.targetId,
      { dailyKobo: Number(request.value), totalKobo: typeof total === 'number' ? total : null, note },
      before,
      null,
      request.id,
    );
  };
