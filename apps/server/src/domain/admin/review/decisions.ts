import { and, eq } from 'drizzle-orm';
import {
  cryptoRejectedNextStep,
  customerEmailTexts,
  pushTitles,
  rejectionCodesFor,
  rejectionReasonWrongKind,
  saleNoticeTexts,
  saleRejectedMessage,
  saleRejectionReasons,
  textsIn,
  type Language,
  type SaleApprovalReasonCode,
  type SaleRejectionCode,
} from '@wise/shared';
import { depositDeskErrorCodes, depositDeskMessages, reviewErrorCodes, reviewMessages, SALE_CLAIM_MINUTES } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { chainDeposits, saleApprovalRequests, sales, staff, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { enqueueEmail } from '#server/domain/notifications/email';
import { notify } from '#server/domain/notifications/notify';
import { enqueuePush, transactionUrl } from '#server/domain/push/notify';
import { DomainError, validationError } from '#server/domain/errors';
import type { StaffConfirmationRequest } from '#server/domain/staff/confirm';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import { assertSeasonedStaff } from '#server/domain/staff/requests';
import { recordStaffAction } from '../audit';
import {
  approvalTerms,
  assertSecondApprover,
  assertWithinDailyLimit,
  DEFAULT_APPROVAL_LIMITS,
  noOpenRequest,
  openApprovalRequest,
  requestOpen,
  type ApprovalLimits,
} from './approvals';
import { assertApprovalWithinLimits } from '#server/domain/limits/limits';
import { saleNotFoundForStaff } from './detail';
import { publishInProcess } from '#server/domain/events/hub';

/**
 * Claims and decisions on a sale (docs/decisions.md §8). A claim locks a sale to one reviewer for
 * SALE_CLAIM_MINUTES; a decision is taken once: every write here re-reads the sale under a row
 * lock inside its transaction, so two reviewers deciding at once get exactly one decision and the
 * other a 409 (the database's sale_decision_guard refuses a rewrite on its own as well). The audit
 * line, the payout start, the customer's notification and e-mail commit with the decision or not at all.
 */

type SaleRow = typeof sales.$inferSelect;

/** domain/payouts startPayout: inserts attempt 1 and enqueues the transfer in the caller's transaction. */
export type StartPayout = (
  tx: Db,
  clock: Clock,
  input: { saleId: string; staffId: string },
) => Promise<{ payoutId: string; reference: string }>;

export interface ReviewDeps {
  db: Db;
  clock: Clock;
}

export interface ApproveDeps extends ReviewDeps {
  startPayout: StartPayout;
  /** verifyStaffConfirmation: this staff member's code or passkey (403 CONFIRMATION_INVALID). */
  confirm: (staffId: string, confirmation: StaffConfirmationRequest) => Promise<void>;
  /** The single-approval and daily limits (approvals.ts); the configuration's defaults when absent. */
  limits?: ApprovalLimits;
}

export interface RejectDeps extends ReviewDeps {
  /** The app's address, for the link in the customer's e-mail (absent: no link). */
  appUrl?: string;
}

export interface ClaimView {
  staff: { id: string; name: string };
  until: string;
}

const CLAIM_MS = SALE_CLAIM_MINUTES * 60_000;
const UNDECIDED: readonly SaleRow['status'][] = ['submitted', 'under_review'];

const alreadyDecided = () => new DomainError(reviewErrorCodes.alreadyDecided, reviewMessages.alreadyDecided, 409);

/** A status time never moves back (sales_guard), even when the clock is behind the last change. */
const notBefore = (now: Date, earliest: Date) => (now < earliest ? earliest : now);

async function lockSale(tx: Db, saleId: string): Promise<SaleRow> {
  const [row] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update');
  if (!row) throw saleNotFoundForStaff();
  return row;
}

async function staffName(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id)).limit(1);
  return row?.name ?? 'Another reviewer';
}

/** Someone else's claim that has not run out, or undefined. */
const otherLiveClaim = (sale: SaleRow, actor: StaffPrincipal, now: Date) =>
  sale.claimedBy && sale.claimedUntil && sale.claimedBy !== actor.id && sale.claimedUntil > now
    ? { by: sale.claimedBy, until: sale.claimedUntil }
    : undefined;

/** 409 unless the sale still waits for a decision and nobody else holds it. */
async function assertOpenTo(db: Db, sale: SaleRow, actor: StaffPrincipal, now: Date): Promise<void> {
  if (!UNDECIDED.includes(sale.status)) throw alreadyDecided();
  const claim = otherLiveClaim(sale, actor, now);
  if (claim) {
    const name = await staffName(db, claim.by);
    throw new DomainError(reviewErrorCodes.claimed, reviewMessages.claimedBy(name, `${claim.until.toISOString().slice(11, 16)} UTC`), 409, {
      meta: { claimed_by: { id: claim.by, name }, claimed_until: claim.until.toISOString() },
    });
  }
}

/**
 * Four eyes on a deposit a reviewer priced into a sale (docs/crypto-settlement.md): its pricer
 * neither approves the sale nor confirms its second approval. 0058's trigger refuses it too.
 */
async function assertNotPricer(db: Db, sale: SaleRow, actor: StaffPrincipal): Promise<void> {
  if (sale.source !== 'deposit') return;
  const [deposit] = await db
    .select({ decidedBy: chainDeposits.decidedBy })
    .from(chainDeposits)
    .where(and(eq(chainDeposits.saleId, sale.id), eq(chainDeposits.pricing, 'review')))
    .limit(1);
  if (deposit?.decidedBy === actor.id)
    throw new DomainError(depositDeskErrorCodes.pricerCannotApprove, depositDeskMessages.pricerCannotApprove, 403);
}

async function loadSale(db: Db, saleId: string): Promise<SaleRow> {
  const [row] = await db.select().from(sales).where(eq(sales.id, saleId)).limit(1);
  if (!row) throw saleNotFoundForStaff();
  return row;
}

/** Locks the sale to the caller for SALE_CLAIM_MINUTES (again, if they hold it); a new sale moves to under_review. */
export async function claimSale({ db, clock }: ReviewDeps, actor: StaffPrincipal, saleId: string, ip?: string): Promise<ClaimView> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const now = clock.now();
    await assertOpenTo(tx, sale, actor, now);
    const until = new Date(now.getTime() + CLAIM_MS);
    const moving = sale.status === 'submitted';
    await tx
      .update(sales)
      .set({
        claimedBy: actor.id,
        claimedUntil: until,
        ...(moving ? { status: 'under_review' as const, statusChangedAt: notBefore(now, sale.statusChangedAt) } : {}),
      })
      .where(eq(sales.id, saleId));
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.claim',
      targetType: 'sale',
      targetId: saleId,
      before: { status: sale.status, claimed_by: sale.claimedBy, claimed_until: sale.claimedUntil?.toISOString() ?? null },
      after: { status: moving ? 'under_review' : sale.status, claimed_by: actor.id, claimed_until: until.toISOString() },
      ip,
    });
    return { staff: { id: actor.id, name: actor.name }, until: until.toISOString() };
  });
}

/** Gives the sale back to the queue; only its holder (or anyone, once the claim ran out) releases it. */
export async function releaseSale({ db, clock }: ReviewDeps, actor: StaffPrincipal, saleId: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const now = clock.now();
    await assertOpenTo(tx, sale, actor, now);
    if (!sale.claimedBy) return;
    await tx.update(sales).set({ claimedBy: null, claimedUntil: null }).where(eq(sales.id, saleId));
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.release',
      targetType: 'sale',
      targetId: saleId,
      before: { claimed_by: sale.claimedBy, claimed_until: sale.claimedUntil?.toISOString() ?? null },
      after: { claimed_by: null, claimed_until: null },
      ip,
    });
  });
}

export interface ApproveInput {
  /** Defaults to the sale's value (the quote). */
  payoutAmountKobo?: number;
  /** Why the amount differs from the quote (approvals.ts approvalTerms). */
  reason?: SaleApprovalReasonCode;
  note?: string;
  confirmation: StaffConfirmationRequest;
}

/** `approved`: paid now; `awaiting_second_approval`: a request waits for another admin. */
export type ApproveOutcome = 'approved' | 'awaiting_second_approval';

type SaleApproval = { amountKobo: number; reason: SaleApprovalReasonCode | null; note: string | null };

/** The sale approved for `terms` by `actor` and its payout queued, inside the caller's transaction. */
async function approveLocked(
  tx: Db,
  deps: ApproveDeps,
  actor: StaffPrincipal,
  sale: SaleRow,
  terms: SaleApproval,
  now: Date,
): Promise<{ reference: string }> {
  const at = notBefore(now, sale.statusChangedAt);
  // submitted → approved is not a transition: a sale nobody claimed is taken under review on the way.
  if (sale.status === 'submitted') await tx.update(sales).set({ status: 'under_review', statusChangedAt: at }).where(eq(sales.id, sale.id));
  await tx
    .update(sales)
    .set({
      status: 'approved',
      statusChangedAt: at,
      decidedAt: at,
      decidedBy: actor.id,
      payoutAmountKobo: terms.amountKobo,
      approvalReasonCode: terms.reason,
      approvalNote: terms.note,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(eq(sales.id, sale.id));
  publishInProcess(sale.userId, { type: 'sale', id: sale.id });
  return deps.startPayout(tx, deps.clock, { saleId: sale.id, staffId: actor.id });
}

/**
 * Approves a sale. At most the quote and at most the single-approval limit: in ONE transaction the
 * sale becomes `approved` with the amount, the payout's first attempt is queued (startPayout) and
 * the audit line written — unless it would take the reviewer over their daily total (409). Above
 * the quote or the limit nothing is paid: a request for a second approval is recorded instead, the
 * sale stays `under_review` (unclaimed, so an admin can take it) and the answer is
 * `awaiting_second_approval`. The cheap refusals (404, 409, a missing reason) come before the
 * confirmation code is checked, so a reviewer is not asked for a second code because of a typo;
 * all of them are checked again under the row lock.
 */
export async function approveSale(
  deps: ApproveDeps,
  actor: StaffPrincipal,
  saleId: string,
  input: ApproveInput,
  ip?: string,
): Promise<ApproveOutcome> {
  const { db, clock } = deps;
  const limits = deps.limits ?? DEFAULT_APPROVAL_LIMITS;
  const first = await loadSale(db, saleId);
  await assertOpenTo(db, first, actor, clock.now());
  await assertNotPricer(db, first, actor);
  if (await openApprovalRequest(db, saleId)) throw requestOpen();
  const early = approvalTerms(first.valueKobo, input, limits);
  if (!early.needsSecondApproval) await assertApprovalWithinLimits(db, clock, first.userId, first.id, early.amountKobo, false);
  await deps.confirm(actor.id, input.confirmation);

  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const now = clock.now();
    await assertOpenTo(tx, sale, actor, now);
    if (await openApprovalRequest(tx, saleId, true)) throw requestOpen();
    const terms = approvalTerms(sale.valueKobo, input, limits);
    if (terms.needsSecondApproval) {
      const [request] = await tx
        .insert(saleApprovalRequests)
        .values({
          saleId,
          requestedBy: actor.id,
          amountKobo: terms.amountKobo,
          valueKobo: sale.valueKobo,
          reasonCode: terms.reason,
          note: terms.note,
          createdAt: now,
        })
        .returning({ id: saleApprovalRequests.id });
      const moving = sale.status === 'submitted';
      await tx
        .update(sales)
        .set({
          claimedBy: null,
          claimedUntil: null,
          ...(moving ? { status: 'under_review' as const, statusChangedAt: notBefore(now, sale.statusChangedAt) } : {}),
        })
        .where(eq(sales.id, saleId));
      await recordStaffAction(tx, clock, actor, {
        action: 'sale.approval_request',
        targetType: 'sale',
        targetId: saleId,
        before: { status: sale.status },
        after: {
          status: 'under_review',
          request_id: request?.id,
          value_kobo: sale.valueKobo,
          amount_kobo: terms.amountKobo,
          reason_code: terms.reason,
          single_limit_kobo: limits.singleKobo,
        },
        note: terms.note,
        ip,
      });
      return 'awaiting_second_approval';
    }
    // The customer's payout limit (domain/limits; the database's trigger holds it too), then the reviewer's.
    await assertApprovalWithinLimits(tx, clock, sale.userId, sale.id, terms.amountKobo);
    await assertWithinDailyLimit(tx, clock, limits, actor.id, terms.amountKobo);
    const payout = await approveLocked(tx, deps, actor, sale, terms, now);
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.approve',
      targetType: 'sale',
      targetId: saleId,
      before: { status: sale.status },
      after: {
        status: 'approved',
        value_kobo: sale.valueKobo,
        payout_amount_kobo: terms.amountKobo,
        reason_code: terms.reason,
        payout_reference: payout.reference,
      },
      note: terms.note,
      ip,
    });
    return 'approved';
  });
}

export interface ConfirmApprovalInput {
  /** The request and the amount the admin was shown: a request declined and asked again is another one. */
  requestId: string;
  amountKobo: number;
  confirmation: StaffConfirmationRequest;
}

/** 409 REQUEST_CHANGED unless the open request is the one the admin saw, for the amount they saw. */
function assertSameRequest(open: { id: string; amountKobo: number }, input: ConfirmApprovalInput): void {
  if (open.id !== input.requestId || open.amountKobo !== input.amountKobo) {
    throw new DomainError(reviewErrorCodes.requestChanged, reviewMessages.requestChanged, 409, {
      meta: { request_id: open.id, amount_kobo: open.amountKobo },
    });
  }
}

/**
 * The second approval: another admin than the one who asked, whose sign-in is at least a day old,
 * confirms the amount asked with their own code, naming the request and amount they were shown; in
 * ONE transaction the request is confirmed, the sale approved for exactly that amount (decided by
 * the confirming admin, whose daily total it counts toward) and the payout queued.
 */
export async function confirmSecondApproval(
  deps: ApproveDeps,
  actor: StaffPrincipal,
  saleId: string,
  input: ConfirmApprovalInput,
  ip?: string,
): Promise<void> {
  const { db, clock } = deps;
  const limits = deps.limits ?? DEFAULT_APPROVAL_LIMITS;
  const first = await loadSale(db, saleId);
  if (!UNDECIDED.includes(first.status)) throw alreadyDecided();
  await assertNotPricer(db, first, actor);
  const open = await openApprovalRequest(db, saleId);
  if (!open) throw noOpenRequest();
  assertSecondApprover(actor, open);
  assertSameRequest(open, input);
  await assertSeasonedStaff(db, actor.id, clock.now());
  await deps.confirm(actor.id, input.confirmation);

  await db.transaction(async (tx) => {
    const { sale, request, now } = await lockOpenRequest(tx, clock, actor, saleId);
    assertSameRequest(request, input);
    await assertSeasonedStaff(tx, actor.id, now);
    await assertApprovalWithinLimits(tx, clock, sale.userId, sale.id, request.amountKobo);
    await assertWithinDailyLimit(tx, clock, limits, actor.id, request.amountKobo);
    await tx
      .update(saleApprovalRequests)
      .set({ outcome: 'confirmed', decidedBy: actor.id, decidedAt: now })
      .where(eq(saleApprovalRequests.id, request.id));
    const payout = await approveLocked(
      tx,
      deps,
      actor,
      sale,
      { amountKobo: request.amountKobo, reason: request.reasonCode, note: request.note },
      now,
    );
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.approval_confirm',
      targetType: 'sale',
      targetId: saleId,
      before: { status: sale.status, request_id: request.id, requested_by: request.requestedBy },
      after: {
        status: 'approved',
        value_kobo: sale.valueKobo,
        payout_amount_kobo: request.amountKobo,
        reason_code: request.reasonCode,
        payout_reference: payout.reference,
      },
      note: request.note,
      ip,
    });
  });
}

/**
 * Inside the decision's transaction: the sale, still undecided, and its open request, both locked,
 * with the second approver checked again (the checks before the code ran outside the lock).
 */
async function lockOpenRequest(tx: Db, clock: Clock, actor: StaffPrincipal, saleId: string) {
  const sale = await lockSale(tx, saleId);
  if (!UNDECIDED.includes(sale.status)) throw alreadyDecided();
  const request = await openApprovalRequest(tx, saleId, true);
  if (!request) throw noOpenRequest();
  assertSecondApprover(actor, request);
  return { sale, request, now: notBefore(clock.now(), request.createdAt) };
}

/** An admin (not the one who asked) declines the request: nothing is paid and the sale is back in review. */
export async function declineSecondApproval(
  deps: ReviewDeps,
  actor: StaffPrincipal,
  saleId: string,
  input: { note?: string },
  ip?: string,
): Promise<void> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const { sale, request, now } = await lockOpenRequest(tx, clock, actor, saleId);
    await tx
      .update(saleApprovalRequests)
      .set({ outcome: 'declined', decidedBy: actor.id, decidedAt: now, decisionNote: input.note ?? null })
      .where(eq(saleApprovalRequests.id, request.id));
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.approval_decline',
      targetType: 'sale',
      targetId: saleId,
      before: { request_id: request.id, requested_by: request.requestedBy, amount_kobo: request.amountKobo, value_kobo: request.valueKobo },
      after: { status: sale.status, outcome: 'declined' },
      note: input.note ?? null,
      ip,
    });
  });
}

export interface RejectInput {
  reason: SaleRejectionCode;
  /** The reviewer's words for `other` (required then). */
  otherReason?: string;
  /** An optional message to the customer. */
  message?: string;
}

/** What the customer reads as the reason: the reason's words, or the reviewer's own for `other`. */
export function rejectionWords(input: RejectInput): string {
  if (input.reason === 'other') {
    if (!input.otherReason) throw validationError(reviewMessages.otherReasonRequired, { other_reason: reviewMessages.otherReasonRequired });
    return input.otherReason;
  }
  return saleRejectionReasons[input.reason];
}

/**
 * Rejects a sale with its reason: the sale, the customer's notification and e-mail and the audit
 * line commit together, so a rejection always reaches the customer with its reason.
 */
export async function rejectSale(deps: RejectDeps, actor: StaffPrincipal, saleId: string, input: RejectInput, ip?: string): Promise<void> {
  const { db, clock } = deps;
  const reason = rejectionWords(input);
  await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const now = clock.now();
    await assertOpenTo(tx, sale, actor, now);
    // A coin and a card fail for different reasons (the database refuses the other kind's too).
    if (!rejectionCodesFor(sale.kind).includes(input.reason))
      throw validationError(rejectionReasonWrongKind, { reason: rejectionReasonWrongKind });
    if (await openApprovalRequest(tx, saleId, true)) throw requestOpen();
    const at = notBefore(now, sale.statusChangedAt);
    await tx
      .update(sales)
      .set({
        status: 'rejected',
        statusChangedAt: at,
        decidedAt: at,
        decidedBy: actor.id,
        rejectionCode: input.reason,
        rejectionReason: reason,
        rejectionMessage: input.message ?? null,
        claimedBy: null,
        claimedUntil: null,
      })
      .where(eq(sales.id, saleId));
    const [customer] = await tx
      .select({ email: users.email, fullName: users.fullName, language: users.language })
      .from(users)
      .where(eq(users.id, sale.userId))
      .limit(1);
    if (!customer) throw new Error(`sale ${saleId} has no customer`);
    // In the customer's language (users.language, docs/i18n.md); the reviewer's own words stay as written.
    const headline = (language: Language) => saleRejectedMessage(sale.title, sale.valueKobo, reason, language);
    const notice = (language: Language) => (input.message ? `${headline(language)} ${input.message}` : headline(language));
    await notify(tx, sale.userId, notice, { saleId });
    await enqueuePush(tx, clock, sale.userId, {
      title: pushTitles.saleRejected,
      message: notice,
      url: transactionUrl(saleId),
      tag: `sale:${saleId}`,
    });
    await enqueueEmail(tx, clock, {
      to: customer.email,
      subject: textsIn(saleNoticeTexts, customer.language).rejectedSubject(sale.title),
      text: rejectionEmail(customer.language, {
        name: customer.fullName,
        headline: headline(customer.language),
        message: input.message,
        nextStep: sale.kind === 'crypto' ? cryptoRejectedNextStep(input.reason, customer.language) : undefined,
        link: deps.appUrl ? transactionUrl(saleId, deps.appUrl) : undefined,
      }),
    });
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.reject',
      targetType: 'sale',
      targetId: saleId,
      before: { status: sale.status },
      after: { status: 'rejected', rejection_code: input.reason, rejection_reason: reason, rejection_message: input.message ?? null },
      ip,
    });
  });
}

function rejectionEmail(
  language: Language,
  parts: { name: string; headline: string; message?: string; nextStep?: string; link?: string },
): string {
  const frame = textsIn(customerEmailTexts, language);
  const t = textsIn(saleNoticeTexts, language);
  return [
    frame.hello(parts.name),
    '',
    parts.headline,
    ...(parts.message ? ['', t.teamMessage(parts.message)] : []),
    ...(parts.nextStep ? ['', parts.nextStep] : []),
    ...(parts.link ? ['', frame.seeTransaction(parts.link)] : []),
    '',
    t.rejectedMistake,
    '',
    frame.signature,
  ].join('\n');
}
