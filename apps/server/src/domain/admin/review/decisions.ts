import { eq } from 'drizzle-orm';
import { pushTitles, saleRejectedMessage, saleRejectionReasons, type SaleRejectionCode } from '@wise/shared';
import { reviewErrorCodes, reviewMessages, SALE_CLAIM_MINUTES } from '@wise/shared/admin';
import type { Db } from '../../../db/client';
import { sales, staff, users } from '../../../db/schema/index';
import type { Clock } from '../../../lib/clock';
import { enqueueEmail } from '../../notifications/email';
import { notify } from '../../notifications/notify';
import { enqueuePush, transactionUrl } from '../../push/notify';
import { DomainError, validationError } from '../../errors';
import type { StaffPrincipal } from '../../staff/principal';
import { recordStaffAction } from '../audit';
import { saleNotFoundForStaff } from './detail';

/**
 * Claims and decisions on a sale (DESIGN §8, issue 11). A claim locks a sale to one reviewer for
 * SALE_CLAIM_MINUTES; a decision is taken once: every write here re-reads the sale under a row
 * lock inside its transaction, so two reviewers deciding at once get exactly one decision and the
 * other a 409 (the database's sale_decision_guard refuses a rewrite on its own as well). The audit
 * line, the payout start, the customer's notification and e-mail commit with the decision or not at all.
 */

type SaleRow = typeof sales.$inferSelect;

/** domain/payouts startPayout: inserts attempt 1 and enqueues the transfer in the caller's transaction. */
export type StartPayout = (tx: Db, clock: Clock, input: { saleId: string; staffId: string }) => Promise<{ payoutId: string; reference: string }>;

export interface ReviewDeps {
  db: Db;
  clock: Clock;
}

export interface ApproveDeps extends ReviewDeps {
  startPayout: StartPayout;
  /** verifyStaffConfirmation for this staff member's current code (403 CONFIRMATION_INVALID). */
  confirm: (staffId: string, code: string) => Promise<void>;
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
  sale.claimedBy && sale.claimedUntil && sale.claimedBy !== actor.id && sale.claimedUntil > now ? { by: sale.claimedBy, until: sale.claimedUntil } : undefined;

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
  /** Defaults to the sale's value (the quote); a different amount needs a note. */
  payoutAmountKobo?: number;
  note?: string;
  confirmCode: string;
}

/**
 * Approves a sale and starts paying it: in ONE transaction the sale becomes `approved` with the
 * amount, the payout's first attempt is queued (startPayout) and the audit line written. The
 * cheap refusals (404, 409, a missing note) come before the confirmation code is checked, so a
 * reviewer is not asked for a second code because of a typo; all of them are checked again under
 * the row lock.
 */
export async function approveSale(deps: ApproveDeps, actor: StaffPrincipal, saleId: string, input: ApproveInput, ip?: string): Promise<void> {
  const { db, clock } = deps;
  const amountFor = (sale: SaleRow) => {
    const amount = input.payoutAmountKobo ?? sale.valueKobo;
    if (amount !== sale.valueKobo && !input.note) throw validationError(reviewMessages.noteRequired, { note: reviewMessages.noteRequired });
    return amount;
  };
  const first = await loadSale(db, saleId);
  await assertOpenTo(db, first, actor, clock.now());
  amountFor(first);
  await deps.confirm(actor.id, input.confirmCode);

  await db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    const now = clock.now();
    await assertOpenTo(tx, sale, actor, now);
    const amount = amountFor(sale);
    const at = notBefore(now, sale.statusChangedAt);
    // submitted → approved is not a transition: a sale nobody claimed is taken under review on the way.
    if (sale.status === 'submitted') await tx.update(sales).set({ status: 'under_review', statusChangedAt: at }).where(eq(sales.id, saleId));
    await tx
      .update(sales)
      .set({
        status: 'approved',
        statusChangedAt: at,
        decidedAt: at,
        decidedBy: actor.id,
        payoutAmountKobo: amount,
        approvalNote: input.note ?? null,
        claimedBy: null,
        claimedUntil: null,
      })
      .where(eq(sales.id, saleId));
    const payout = await deps.startPayout(tx, clock, { saleId, staffId: actor.id });
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.approve',
      targetType: 'sale',
      targetId: saleId,
      before: { status: sale.status },
      after: { status: 'approved', value_kobo: sale.valueKobo, payout_amount_kobo: amount, payout_reference: payout.reference },
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
    const [customer] = await tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, sale.userId)).limit(1);
    if (!customer) throw new Error(`sale ${saleId} has no customer`);
    const headline = saleRejectedMessage(sale.title, sale.valueKobo, reason);
    const notice = input.message ? `${headline} ${input.message}` : headline;
    await notify(tx, sale.userId, notice);
    await enqueuePush(tx, clock, sale.userId, { title: pushTitles.saleRejected, message: notice, url: transactionUrl(saleId), tag: `sale:${saleId}` });
    await enqueueEmail(tx, clock, {
      to: customer.email,
      subject: `Your ${sale.title} sale was rejected`,
      text: rejectionEmail({ name: customer.fullName, headline, message: input.message, link: deps.appUrl ? `${deps.appUrl.replace(/\/$/, '')}/homepage/history/${saleId}` : undefined }),
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

function rejectionEmail(parts: { name: string; headline: string; message?: string; link?: string }): string {
  return [
    `Hello ${parts.name},`,
    '',
    parts.headline,
    ...(parts.message ? ['', `Message from our team: ${parts.message}`] : []),
    ...(parts.link ? ['', `See the transaction: ${parts.link}`] : []),
    '',
    'If you think this is a mistake, reply to this e-mail or contact support in the app.',
    '',
    'Wise',
  ].join('\n');
}
