import type { AdminPayout } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import type { Clock } from '#server/lib/clock';
import { recordStaffAction } from '../admin/audit';
import { DomainError, forbidden, validationError } from '../errors';
import type { StaffConfirmationRequest } from '../staff/confirm';
import type { StaffPrincipal } from '../staff/principal';
import { eq } from 'drizzle-orm';
import type { PayoutResolution } from '@wise/shared/admin';
import {
  accountForRetry,
  isDeadPayout,
  latestPayout,
  lockSaleForPayout,
  payoutErrorCodes,
  payoutReference,
  startPayout,
  toAdminPayout,
} from './payouts';
import { paySale, tellCustomerPayoutFailed } from './settle';

/**
 * What staff do when a payout failed (docs/decisions.md §8): retry it as a new attempt with a new reference,
 * or — admins only — record that the customer was paid by other means. Both only after the
 * latest attempt failed, both audited in the same transaction. Each moves money, so each asks for
 * the staff member's confirmation (authenticator code or passkey), checked here like an approval's
 * after the refusals that need no code, so a typo in a field costs no second code.
 */

const NOTE_MAX = 500;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export interface StaffPayoutDeps {
  db: Db;
  clock: Clock;
  /** Throws (403) unless the confirmation is the staff member's own, fresh (domain/staff/confirm.ts). */
  confirm: (staffId: string, confirmation: StaffConfirmationRequest) => Promise<void>;
  /** The app's address, for the link in the customer's e-mail. */
  appUrl?: string;
}

export interface StaffPayoutInput {
  saleId: string;
  staff: StaffPrincipal;
  confirmation: StaffConfirmationRequest;
  /** The request's address, for the audit log. */
  ip?: string | null;
}

const notFailed = () =>
  new DomainError(
    payoutErrorCodes.payoutNotFailed,
    'Only a payout that failed or was reversed can be retried or replaced by a manual payment.',
    409,
  );

/** A new transfer attempt after a failed one (409 unless the latest attempt failed). */
export async function retryPayout(deps: StaffPayoutDeps, input: StaffPayoutInput): Promise<AdminPayout> {
  const { db, clock } = deps;
  await deps.confirm(input.staff.id, input.confirmation);
  return db.transaction(async (tx) => {
    const sale = await lockSaleForPayout(tx, input.saleId);
    if (sale.status !== 'approved')
      throw new DomainError(
        payoutErrorCodes.saleNotApproved,
        sale.status === 'paid' ? 'This sale is already paid.' : 'Only an approved sale can be paid out.',
        409,
      );
    const latest = await latestPayout(tx, sale.id);
    if (!latest || !isDeadPayout(latest.status)) throw notFailed();
    const account = await accountForRetry(tx, sale, latest);
    const started = await startPayout(tx, clock, { saleId: sale.id, staffId: input.staff.id, account });
    await recordStaffAction(tx, clock, input.staff, {
      action: 'payout.retry',
      targetType: 'sale',
      targetId: sale.id,
      before: { attempt: latest.attempt, reference: latest.reference, status: latest.status, failure_reason: latest.failureReason },
      after: { attempt: latest.attempt + 1, reference: started.reference, status: 'queued' },
      ip: input.ip ?? null,
    });
    const row = await latestPayout(tx, sale.id);
    if (!row) throw new Error('retried payout vanished');
    return toAdminPayout(row);
  });
}

export interface ManualPayoutInput extends StaffPayoutInput {
  /** The reference of the payment made by other means (bank transfer slip, provider dashboard). */
  reference: string;
  /** How the customer was paid. */
  note: string;
}

/**
 * Records a payment staff made by other means: a `manual` attempt, successful at once, which pays
 * the sale exactly as a transfer would (reward, notification, e-mail). Admins only; only after the
 * latest attempt failed.
 */
export async function recordManualPayout(deps: StaffPayoutDeps, input: ManualPayoutInput): Promise<AdminPayout> {
  const { db, clock } = deps;
  if (input.staff.role !== 'admin') throw forbidden('Only an admin can record a manual payment.');
  const reference = input.reference.trim();
  const note = input.note.trim();
  if (!reference || reference.length > 100 || CONTROL.test(reference))
    throw validationError('Enter the payment reference', { reference: 'Enter the payment reference (at most 100 characters)' });
  if (!note || note.length > NOTE_MAX || CONTROL.test(note))
    throw validationError('Write a note saying how the customer was paid', { note: `Write a note of at most ${NOTE_MAX} characters` });
  await deps.confirm(input.staff.id, input.confirmation);
  return db.transaction(async (tx) => {
    const sale = await lockSaleForPayout(tx, input.saleId);
    if (sale.status !== 'approved' || sale.payoutAmountKobo === null) {
      throw new DomainError(
        payoutErrorCodes.saleNotApproved,
        sale.status === 'paid' ? 'This sale is already paid.' : 'Only an approved sale can be paid out.',
        409,
      );
    }
    const latest = await latestPayout(tx, sale.id);
    if (!latest || !isDeadPayout(latest.status)) throw notFailed();
    const attempt = latest.attempt + 1;
    const now = clock.now();
    const [row] = await tx
      .insert(payouts)
      .values({
        saleId: sale.id,
        attempt,
        reference: payoutReference(sale.id, attempt),
        method: 'manual',
        status: 'success',
        amountKobo: sale.payoutAmountKobo,
        bankCode: sale.bankCode,
        accountNumber: sale.accountNumber,
        accountName: sale.accountName,
        providerReference: reference,
        note,
        createdBy: input.staff.id,
        createdAt: now,
        settledAt: now,
      })
      .returning();
    if (!row) throw new Error('manual payout insert returned nothing');
    await paySale(tx, { clock, appUrl: deps.appUrl }, row, reference);
    await recordStaffAction(tx, clock, input.staff, {
      action: 'payout.manual',
      targetType: 'sale',
      targetId: sale.id,
      before: { status: 'approved', attempt: latest.attempt, payout_status: latest.status },
      after: { status: 'paid', attempt, method: 'manual', provider_reference: reference, amount_kobo: row.amountKobo },
      note,
      ip: input.ip ?? null,
    });
    return toAdminPayout(row);
  });
}

export interface ResolveHeldPayoutInput extends StaffPayoutInput {
  resolution: PayoutResolution;
  /** What staff checked (the provider's dashboard, the bank statement). */
  note: string;
}

/**
 * Staff's answer to a success held because the provider reported another amount or currency
 * (`needs_review`). `paid`: the customer received the approved amount after all — the attempt
 * succeeds and pays the sale exactly like a transfer (reward, notification, e-mail). `not_paid`:
 * the attempt fails with staff's note, the customer is told, and a retry, a manual record or the
 * customer's bank change may follow. Admins only; audited in the same transaction.
 */
export async function resolveHeldPayout(deps: StaffPayoutDeps, input: ResolveHeldPayoutInput): Promise<AdminPayout> {
  const { db, clock } = deps;
  if (input.staff.role !== 'admin') throw forbidden('Only an admin can resolve a held payout.');
  const note = input.note.trim();
  if (!note || note.length > NOTE_MAX || CONTROL.test(note))
    throw validationError('Write a note saying what you checked', { note: `Write a note of at most ${NOTE_MAX} characters` });
  await deps.confirm(input.staff.id, input.confirmation);
  return db.transaction(async (tx) => {
    const sale = await lockSaleForPayout(tx, input.saleId);
    const latest = await latestPayout(tx, sale.id);
    if (!latest || latest.status !== 'needs_review') {
      throw new DomainError(
        payoutErrorCodes.payoutNotHeld,
        'Only a held payout (the provider reported other figures) can be resolved.',
        409,
      );
    }
    const now = clock.now();
    const settledAt = new Date(Math.max(now.getTime(), latest.sentAt?.getTime() ?? 0));
    if (input.resolution === 'paid') {
      const providerReference = latest.providerReference ?? latest.reference;
      await tx
        .update(payouts)
        .set({ status: 'success', settledAt, providerReference, resolvedBy: input.staff.id, resolutionNote: note })
        .where(eq(payouts.id, latest.id));
      await paySale(tx, { clock, appUrl: deps.appUrl }, latest, providerReference);
    } else {
      const failureReason = `Not paid (checked by staff): ${note}`.slice(0, 500);
      await tx
        .update(payouts)
        .set({ status: 'failed', settledAt, failureReason, resolvedBy: input.staff.id, resolutionNote: note })
        .where(eq(payouts.id, latest.id));
      await tellCustomerPayoutFailed(
        tx,
        { clock, appUrl: deps.appUrl },
        sale.id,
        latest.amountKobo,
        'The transfer did not complete',
        false,
      );
    }
    await recordStaffAction(tx, clock, input.staff, {
      action: 'payout.resolve',
      targetType: 'sale',
      targetId: sale.id,
      before: {
        attempt: latest.attempt,
        status: 'needs_review',
        amount_kobo: latest.amountKobo,
        reported_amount_kobo: latest.reportedAmountKobo,
        reported_currency: latest.reportedCurrency,
      },
      after: { attempt: latest.attempt, status: input.resolution === 'paid' ? 'success' : 'failed', resolution: input.resolution },
      note,
      ip: input.ip ?? null,
    });
    const row = await latestPayout(tx, sale.id);
    if (!row) throw new Error('resolved payout vanished');
    return toAdminPayout(row);
  });
}
