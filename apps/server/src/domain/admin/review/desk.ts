import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { addDays, localDateAt, startOfLocalDate } from '@wise/shared';
import { reviewErrorCodes, reviewMessages, type AdminDeskSummary, type AdminReviewerList } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { payouts, saleApprovalRequests, sales, staff } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { DomainError } from '#server/domain/errors';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import { recordStaffAction } from '../audit';
import { saleNotFoundForStaff } from './detail';

/**
 * The review desk's header and assignments (docs/back-office.md, "The review desk"). The header is four indexed
 * queries: what waits by kind (sales_review_queue_kind_idx), the caller's assigned sales
 * (sales_assigned_queue_idx), today's decisions (sales_decided_idx) and today's successful
 * payouts; "today" is the calendar day in APP_TIMEZONE, as the dashboard counts it.
 */

export interface DeskSettings {
  timeZone: string;
  /** REVIEW_TARGET_MINUTES: past it the queue colours a sale's age. */
  reviewTargetMinutes: number;
}

const toKobo = (text: string | null | undefined): number => {
  const value = Number(text ?? '0');
  if (!Number.isSafeInteger(value)) throw new RangeError(`total out of range: ${text}`);
  return value;
};

export async function getDeskSummary(db: Db, clock: Clock, settings: DeskSettings, staffId: string): Promise<AdminDeskSummary> {
  const now = clock.now();
  const date = localDateAt(now, settings.timeZone);
  const dayStart = startOfLocalDate(date, settings.timeZone);
  const dayEnd = startOfLocalDate(addDays(date, 1), settings.timeZone);

  const [waiting, [second], [mine], [decided], [paid]] = await Promise.all([
    // What waits for a first decision, as the queue's "Waiting" view lists it: a sale approved once
    // and waiting for a second admin is counted apart (with the amount asked, not the quote).
    db
      .select({ kind: sales.kind, count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${sales.valueKobo}), 0)::text` })
      .from(sales)
      .where(
        sql`${sales.status} IN ('submitted', 'under_review') AND NOT EXISTS (SELECT 1 FROM ${saleApprovalRequests} r WHERE r.sale_id = ${sales.id} AND r.outcome IS NULL)`,
      )
      .groupBy(sales.kind),
    db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${saleApprovalRequests.amountKobo}), 0)::text` })
      .from(saleApprovalRequests)
      .where(isNull(saleApprovalRequests.outcome)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(sql`${sales.status} IN ('submitted', 'under_review')`, eq(sales.assignedTo, staffId))),
    db
      .select({
        approved: sql<number>`count(*) FILTER (WHERE ${sales.rejectionCode} IS NULL)::int`,
        rejected: sql<number>`count(*) FILTER (WHERE ${sales.rejectionCode} IS NOT NULL)::int`,
      })
      .from(sales)
      .where(and(gte(sales.decidedAt, dayStart), lt(sales.decidedAt, dayEnd))),
    db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${payouts.amountKobo}), 0)::text` })
      .from(payouts)
      .where(and(eq(payouts.status, 'success'), gte(payouts.settledAt, dayStart), lt(payouts.settledAt, dayEnd))),
  ]);
  const byKind = (kind: 'giftcard' | 'crypto') => {
    const row = waiting.find((r) => r.kind === kind);
    return { count: Number(row?.count ?? 0), total_kobo: toKobo(row?.total) };
  };
  return {
    review_target_minutes: settings.reviewTargetMinutes,
    waiting: { giftcard: byKind('giftcard'), crypto: byKind('crypto') },
    second_approval: { count: Number(second?.count ?? 0), total_kobo: toKobo(second?.total) },
    mine: { count: Number(mine?.count ?? 0) },
    today: {
      date,
      time_zone: settings.timeZone,
      approved: Number(decided?.approved ?? 0),
      rejected: Number(decided?.rejected ?? 0),
      paid_count: Number(paid?.count ?? 0),
      paid_total_kobo: toKobo(paid?.total),
    },
    generated_at: now.toISOString(),
  };
}

/** Active staff, who a sale can be assigned to (the database refuses anyone else: 0026). */
export async function listReviewers(db: Db): Promise<AdminReviewerList> {
  const rows = await db
    .select({ id: staff.id, name: staff.name, role: staff.role })
    .from(staff)
    // The system approver (0055) holds no sale: 0055's trigger refuses it one.
    .where(and(isNull(staff.disabledAt), eq(staff.system, false)))
    .orderBy(asc(staff.name), asc(staff.id));
  return { reviewers: rows };
}

export const assignErrorCodes = { notAssignable: 'ASSIGNEE_NOT_ACTIVE' } as const;

/**
 * An admin gives a waiting sale to a reviewer (or takes it back with null); audited as
 * `sale.assign`. A hint for the reviewer's "mine", not a lock: the claim still decides who works
 * it. 409 SALE_ALREADY_DECIDED for a decided sale, 400 ASSIGNEE_NOT_ACTIVE for a disabled or
 * unknown staff member; the database refuses both on its own (sale_assignment_guard).
 */
export async function assignSale(
  db: Db,
  clock: Clock,
  actor: StaffPrincipal,
  saleId: string,
  input: { staffId: string | null },
  ip?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [sale] = await tx
      .select({ status: sales.status, assignedTo: sales.assignedTo, assignedBy: sales.assignedBy, assignedAt: sales.assignedAt })
      .from(sales)
      .where(eq(sales.id, saleId))
      .for('update');
    if (!sale) throw saleNotFoundForStaff();
    if (sale.status !== 'submitted' && sale.status !== 'under_review')
      throw new DomainError(reviewErrorCodes.alreadyDecided, reviewMessages.alreadyDecided, 409);
    if (input.staffId) {
      const [assignee] = await tx.select({ disabledAt: staff.disabledAt }).from(staff).where(eq(staff.id, input.staffId)).limit(1);
      if (!assignee || assignee.disabledAt)
        throw new DomainError(assignErrorCodes.notAssignable, 'Choose an active staff member', 400, {
          fields: { staff_id: 'Choose an active staff member' },
        });
    }
    if (sale.assignedTo === input.staffId) return;
    const now = clock.now();
    await tx
      .update(sales)
      .set(
        input.staffId
          ? { assignedTo: input.staffId, assignedBy: actor.id, assignedAt: now }
          : { assignedTo: null, assignedBy: null, assignedAt: null },
      )
      .where(eq(sales.id, saleId));
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.assign',
      targetType: 'sale',
      targetId: saleId,
      before: { assigned_to: sale.assignedTo },
      after: { assigned_to: input.staffId },
      ip,
    });
  });
}
