import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { addDays, formatKobo, localDateAt, startOfLocalDate, type SaleApprovalReasonCode } from '@wise/shared';
import { reviewErrorCodes, reviewMessages, type SaleApprovalRequest } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { saleApprovalRequests, sales, staff } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { DomainError, validationError } from '#server/domain/errors';
import type { StaffPrincipal } from '#server/domain/staff/principal';

/**
 * Approval limits and four eyes (docs/RELIABILITY.md "Approval limits and four eyes"). The rules
 * one approval follows, the daily total per staff member and the open request for a second
 * approval; decisions.ts applies them when a sale is approved, confirmed or declined.
 */

export interface ApprovalLimits {
  /** Above this (kobo), or above the quote, an approval waits for a second approver (APPROVAL_LIMIT_NAIRA). */
  singleKobo: number;
  /** What one staff member may approve in a business day, in kobo (REVIEWER_DAILY_LIMIT_NAIRA). */
  dailyKobo: number;
  /** The business day's time zone (APP_TIMEZONE). */
  timeZone: string;
}

/** The configuration's defaults, for callers (tests, scripts) that do not pass limits. */
export const DEFAULT_APPROVAL_LIMITS: ApprovalLimits = { singleKobo: 500_000 * 100, dailyKobo: 5_000_000 * 100, timeZone: 'Africa/Lagos' };

export const approvalLimitsOf = (config: {
  APPROVAL_LIMIT_NAIRA: number;
  REVIEWER_DAILY_LIMIT_NAIRA: number;
  APP_TIMEZONE: string;
}): ApprovalLimits => ({
  singleKobo: config.APPROVAL_LIMIT_NAIRA * 100,
  dailyKobo: config.REVIEWER_DAILY_LIMIT_NAIRA * 100,
  timeZone: config.APP_TIMEZONE,
});

export interface ApprovalTerms {
  amountKobo: number;
  reason: SaleApprovalReasonCode | null;
  note: string | null;
  /** Above the quote or the single-approval limit: a second, different admin confirms it. */
  needsSecondApproval: boolean;
}

/**
 * What an approval asks for, checked against the quote: the quote by default; lower needs a reason
 * from the list (`other` with a note; a note alone reads as `other`); higher needs `other` and a
 * note. 400 with the field otherwise.
 */
export function approvalTerms(
  valueKobo: number,
  input: { payoutAmountKobo?: number; reason?: SaleApprovalReasonCode; note?: string },
  limits: ApprovalLimits,
): ApprovalTerms {
  const amountKobo = input.payoutAmountKobo ?? valueKobo;
  const note = input.note ?? null;
  if (amountKobo === valueKobo) return { amountKobo, reason: null, note, needsSecondApproval: amountKobo > limits.singleKobo };
  const reason = input.reason ?? (note ? 'other' : undefined);
  if (amountKobo > valueKobo) {
    if (reason !== 'other' || !note) throw validationError(reviewMessages.aboveQuoteNote, { note: reviewMessages.aboveQuoteNote });
    return { amountKobo, reason, note, needsSecondApproval: true };
  }
  if (!reason) throw validationError(reviewMessages.reasonRequired, { reason: reviewMessages.reasonRequired });
  if (reason === 'other' && !note) throw validationError(reviewMessages.noteRequired, { note: reviewMessages.noteRequired });
  return { amountKobo, reason, note, needsSecondApproval: amountKobo > limits.singleKobo };
}

type RequestRow = typeof saleApprovalRequests.$inferSelect;

/** The sale's open request for a second approval, if any (FOR UPDATE inside a transaction when asked). */
export async function openApprovalRequest(db: Db, saleId: string, lock = false): Promise<RequestRow | undefined> {
  const query = db
    .select()
    .from(saleApprovalRequests)
    .where(and(eq(saleApprovalRequests.saleId, saleId), isNull(saleApprovalRequests.outcome)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export const requestOpen = () => new DomainError(reviewErrorCodes.requestOpen, reviewMessages.requestOpen, 409);
export const noOpenRequest = () => new DomainError(reviewErrorCodes.noOpenRequest, reviewMessages.noOpenRequest, 409);

/** 403 unless the actor may give the second approval on this request: an admin who did not ask for it. */
export function assertSecondApprover(actor: StaffPrincipal, request: Pick<RequestRow, 'requestedBy'>): void {
  if (actor.role !== 'admin') throw new DomainError(reviewErrorCodes.adminOnly, reviewMessages.adminOnly, 403);
  if (request.requestedBy === actor.id) throw new DomainError(reviewErrorCodes.sameApprover, reviewMessages.sameApprover, 403);
}

/** What the staff member approved today (business day in the limits' time zone), in kobo. */
export async function approvedToday(db: Db, clock: Clock, staffId: string, timeZone: string): Promise<number> {
  const date = localDateAt(clock.now(), timeZone);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${sales.payoutAmountKobo}), 0)::text` })
    .from(sales)
    .where(
      and(
        eq(sales.decidedBy, staffId),
        gte(sales.decidedAt, startOfLocalDate(date, timeZone)),
        lt(sales.decidedAt, startOfLocalDate(addDays(date, 1), timeZone)),
        isNull(sales.rejectionCode),
      ),
    );
  return Number(row?.total ?? '0');
}

/**
 * 409 APPROVAL_DAILY_LIMIT when paying `amountKobo` more would take the staff member over their
 * daily total. Inside the approval's transaction: the staff row is locked first, so two approvals
 * by the same person at once are counted one after the other.
 */
export async function assertWithinDailyLimit(
  tx: Db,
  clock: Clock,
  limits: ApprovalLimits,
  staffId: string,
  amountKobo: number,
): Promise<void> {
  await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).for('update');
  const total = await approvedToday(tx, clock, staffId, limits.timeZone);
  if (total + amountKobo > limits.dailyKobo) {
    throw new DomainError(reviewErrorCodes.dailyLimit, reviewMessages.dailyLimit(formatKobo(limits.dailyKobo)), 409, {
      meta: { daily_limit_kobo: limits.dailyKobo, approved_today_kobo: total },
    });
  }
}

/** The sale's latest request for a second approval, for the reviewer's screen. */
export async function latestApprovalRequest(db: Db, saleId: string): Promise<SaleApprovalRequest | null> {
  const [row] = await db
    .select()
    .from(saleApprovalRequests)
    .where(eq(saleApprovalRequests.saleId, saleId))
    // The open one first: a request declined and asked again in the same instant must not hide the
    // new one, whose id and amount the confirming admin sends back.
    .orderBy(sql`(${saleApprovalRequests.outcome} IS NULL) DESC`, desc(saleApprovalRequests.createdAt), desc(saleApprovalRequests.id))
    .limit(1);
  if (!row) return null;
  const ids = [row.requestedBy, row.decidedBy].filter((id): id is string => id !== null);
  const names = new Map(
    (
      await db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(sql`${staff.id} IN ${ids}`)
    ).map((s) => [s.id, s.name]),
  );
  return {
    id: row.id,
    amount_kobo: row.amountKobo,
    value_kobo: row.valueKobo,
    reason_code: row.reasonCode,
    note: row.note,
    requested_by: { id: row.requestedBy, name: names.get(row.requestedBy) ?? '' },
    created_at: row.createdAt.toISOString(),
    outcome: row.outcome,
    decided_by: row.decidedBy ? { id: row.decidedBy, name: names.get(row.decidedBy) ?? '' } : null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
  };
}
