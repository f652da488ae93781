import { and, desc, eq, isNotNull, like, not, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import { enqueue } from '#server/jobs/queue';
import type { TransferState } from '#server/providers/payouts/index';
import { newContact, observedProvider, recordProviderContact, type ProviderContact } from './delay';
import { floatCovers, holdForFunds, isInsufficientBalance } from './funds';
import { PAYOUT_CHECK_JOB, type PayoutRow } from './payouts';
import type { PayoutDeps } from './settings';
import { markPayoutPending, settlePayoutFailure, settlePayoutSuccess } from './settle';

/**
 * Moving one transfer attempt forward with the provider (the `payouts.send` and `payouts.check`
 * jobs and the recovery sweep all come here). The rule that keeps it to one transfer: an attempt
 * that may have reached the provider (status `sending` not set by this very call) is first asked
 * about by its reference; only a provider that says "not found" is sent it again, with the same
 * reference, which the provider refuses to make a second transfer for.
 *
 * Safe to run twice at once for one attempt: the queued → sending claim goes to one caller, the
 * provider deduplicates the reference, and settling is idempotent under a row lock.
 */

/** `waiting_for_funds`: held, not failed — `payouts.release_held` sends it again when the float covers it. */
export type AdvanceOutcome = PayoutRow['status'] | 'missing' | 'waiting_for_funds';

/** A transfer's state from the provider, written down. Returns the attempt's status after it. */
export async function applyTransferState(db: Db, deps: PayoutDeps, payout: PayoutRow, state: TransferState): Promise<AdvanceOutcome> {
  switch (state.status) {
    case 'success': {
      // A different amount or currency holds the attempt for staff instead of paying the sale.
      const result = await settlePayoutSuccess(db, deps, payout.id, {
        transferCode: state.transferCode,
        amountKobo: state.amountKobo,
        currency: state.currency,
      });
      // What this settling wrote is known; only a conflict leaves the status to read.
      if (result === 'settled' || result === 'already') return 'success';
      if (result === 'held') return 'needs_review';
      return (await findPayout(db, payout.id))?.status ?? 'missing';
    }
    case 'failed': {
      // After a success this is a reversal: the sale is reopened.
      const result = await settlePayoutFailure(db, deps, payout.id, state.reason, state.transferCode);
      if (result === 'settled') return 'failed';
      if (result === 'reversed') return 'reversed';
      if (result === 'held') return 'needs_review';
      return (await findPayout(db, payout.id))?.status ?? 'missing';
    }
    case 'pending': {
      await noteOtp(db, deps, payout, state.awaitingOtp === true);
      if (await markPayoutPending(db, deps.clock, payout.id, state.transferCode)) {
        // One scheduled status query per attempt (the webhook usually settles it before).
        await enqueue(
          db,
          PAYOUT_CHECK_JOB,
          { payoutId: payout.id },
          {
            clock: deps.clock,
            runAt: new Date(deps.clock.now().getTime() + deps.settings.firstCheckDelayMs),
            singletonKey: `${PAYOUT_CHECK_JOB}:${payout.id}`,
            maxAttempts: deps.settings.checkMaxAttempts,
          },
        );
        if (state.detail)
          deps.logger?.info(
            { payoutId: payout.id, reference: payout.reference, detail: state.detail },
            'payout accepted, waiting for the bank',
          );
        // Pending as written just now (a webhook settling it meanwhile is found by the check).
        return 'pending';
      }
      return (await findPayout(db, payout.id))?.status ?? 'missing';
    }
  }
}

/**
 * A transfer the provider will not move until someone types an OTP (Paystack with "OTP for
 * transfers" on) is held `awaiting_otp` — staff see it, an admin is alerted
 * (`payouts_awaiting_otp`) — while the status queries go on: once an admin approves it in the
 * dashboard (or Paystack abandons it) the next answer settles it and ends the hold.
 */
async function noteOtp(db: Db, deps: PayoutDeps, payout: PayoutRow, awaitingOtp: boolean): Promise<void> {
  const now = deps.clock.now();
  if (awaitingOtp) {
    // sending → pending and the hold in one statement; a pending one just gets the hold.
    const held = await db
      .update(payouts)
      .set({ status: 'pending', hold: 'awaiting_otp', heldAt: now, sentAt: payout.sentAt ?? now })
      .where(and(eq(payouts.id, payout.id), eq(payouts.method, 'transfer'), not(eq(payouts.status, 'queued')), isOpenForOtp()))
      .returning({ id: payouts.id });
    if (held.length > 0)
      deps.logger?.error(
        { payoutId: payout.id, saleId: payout.saleId, reference: payout.reference },
        'payout held: Paystack is waiting for an OTP (turn off OTP for transfers, then approve or let it lapse)',
      );
    return;
  }
  // Nothing to lift on the row as read (a hold set since is lifted by the next status query).
  if (payout.hold !== 'awaiting_otp') return;
  await db
    .update(payouts)
    .set({ hold: null, heldAt: null })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending'), eq(payouts.hold, 'awaiting_otp')));
}

/** Sending or pending, not already held for an OTP. */
const isOpenForOtp = () => sql`${payouts.status} IN ('sending', 'pending') AND ${payouts.hold} IS DISTINCT FROM 'awaiting_otp'`;

/** The sandbox's recipient codes (a LIKE pattern): never handed to Paystack, nor Paystack's to the sandbox. */
const SANDBOX_RECIPIENT = 'RCP\\_sandbox\\_%';

/**
 * The recipient is created once per account (docs/decisions.md §5.3): an earlier attempt to the
 * same bank, number and name already has its code, and a retry reuses it instead of asking the
 * provider again. The sandbox's codes are never handed to Paystack, nor Paystack's to the sandbox.
 */
async function knownRecipient(db: Db, deps: PayoutDeps, payout: PayoutRow): Promise<string | null> {
  const sandboxCode = like(payouts.recipientCode, SANDBOX_RECIPIENT);
  const [row] = await db
    .select({ code: payouts.recipientCode })
    .from(payouts)
    .where(
      and(
        eq(payouts.bankCode, payout.bankCode),
        eq(payouts.accountNumber, payout.accountNumber),
        eq(payouts.accountName, payout.accountName),
        isNotNull(payouts.recipientCode),
        deps.provider.name === 'sandbox' ? sandboxCode : not(sandboxCode),
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row?.code ?? null;
}

/** `knownRecipient` as a subquery of a statement on the attempt's own row (`payouts`, unaliased). */
function knownRecipientOfRow(deps: PayoutDeps) {
  const sandbox = deps.provider.name === 'sandbox' ? 'LIKE' : 'NOT LIKE';
  return sql.raw(
    `(SELECT p.recipient_code FROM payouts p WHERE p.bank_code = payouts.bank_code AND p.account_number = payouts.account_number` +
      ` AND p.account_name = payouts.account_name AND p.recipient_code IS NOT NULL AND p.recipient_code ${sandbox} '${SANDBOX_RECIPIENT}'` +
      ` ORDER BY p.created_at DESC LIMIT 1)`,
  );
}

export async function findPayout(db: Db, payoutId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row;
}

const TRANSFER_REASON = 'Wise sale payout';

/**
 * One step of an attempt's life with the provider. Returns its status afterwards. Whether the
 * provider could be reached is noted on the attempt, and its customer told of a long outage (delay.ts).
 */
export async function advancePayout(db: Db, deps: PayoutDeps, payoutId: string): Promise<AdvanceOutcome> {
  const contact = newContact();
  const outcome = await advanceStep(db, { ...deps, provider: observedProvider(deps.provider, contact) }, payoutId, contact);
  await recordProviderContact(db, deps, payoutId, contact);
  return outcome;
}

async function advanceStep(db: Db, deps: PayoutDeps, payoutId: string, contact: ProviderContact): Promise<AdvanceOutcome> {
  let payout = await findPayout(db, payoutId);
  if (!payout) return 'missing';
  contact.wasUnreachable = payout.unreachableSince !== null;
  if (payout.method !== 'transfer' || !['queued', 'sending', 'pending'].includes(payout.status)) return payout.status;
  const log = { payoutId, saleId: payout.saleId, reference: payout.reference };

  if (payout.status === 'pending') {
    const found = await deps.provider.fetchTransfer(payout.reference);
    if (found.outcome === 'found') return applyTransferState(db, deps, payout, found.state);
    if (found.outcome === 'not_found')
      deps.logger?.error(log, 'the provider accepted this transfer but now knows no transfer with its reference');
    else deps.logger?.warn({ ...log, reason: found.reason }, 'payout status query failed; asking again later');
    return 'pending';
  }

  // Claim the first send. Whoever loses the claim (or finds it `sending` already) asks first.
  let firstSend = false;
  if (payout.status === 'queued') {
    // Nothing has reached the provider yet: a float that cannot cover it holds it here, unsent.
    if (!(await floatCovers(db, deps, payout))) return 'waiting_for_funds';
    const claimed = await db
      .update(payouts)
      // The account's known recipient rides along with the claim: no read and write of their own.
      .set({
        status: 'sending',
        sentAt: deps.clock.now(),
        hold: null,
        heldAt: null,
        recipientCode: sql`coalesce(${payouts.recipientCode}, ${knownRecipientOfRow(deps)})`,
      })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'queued')))
      .returning();
    if (claimed[0]) {
      payout = claimed[0];
      firstSend = true;
    } else {
      payout = await findPayout(db, payoutId);
      if (!payout) return 'missing';
      if (payout.status !== 'sending') return advanceStep(db, deps, payoutId, contact);
    }
  }

  if (!firstSend) {
    // This attempt may already be at the provider (a timeout, a crash, another worker): ask first.
    const found = await deps.provider.fetchTransfer(payout.reference);
    if (found.outcome === 'found') return applyTransferState(db, deps, payout, found.state);
    if (found.outcome === 'unknown') {
      deps.logger?.warn({ ...log, reason: found.reason }, 'payout status query failed; asking again later');
      return 'sending';
    }
    // Not found: it never arrived. Send it (again) with the same reference, if the float covers it.
    if (!(await floatCovers(db, deps, payout))) return 'waiting_for_funds';
  }

  // A first send's claim looked the known recipient up already (knownRecipientOfRow).
  let recipientCode = payout.recipientCode ?? (firstSend ? null : await knownRecipient(db, deps, payout));
  if (recipientCode && !payout.recipientCode) await db.update(payouts).set({ recipientCode }).where(eq(payouts.id, payoutId));
  if (!recipientCode) {
    const recipient = await deps.provider.createRecipient({
      bankCode: payout.bankCode,
      accountNumber: payout.accountNumber,
      accountName: payout.accountName,
    });
    if (recipient.outcome === 'unknown') {
      deps.logger?.warn({ ...log, reason: recipient.reason }, 'could not create the transfer recipient; trying again later');
      return 'sending';
    }
    if (recipient.outcome === 'refused') {
      // No transfer was made (no recipient, no transfer): a definite failure staff can act on.
      return applyTransferState(db, deps, payout, {
        status: 'failed',
        transferCode: null,
        reason: `The provider refused the bank account: ${recipient.message}`,
      });
    }
    recipientCode = recipient.recipientCode;
    await db.update(payouts).set({ recipientCode }).where(eq(payouts.id, payoutId));
  }

  const request = { reference: payout.reference, recipientCode, amountKobo: payout.amountKobo, reason: TRANSFER_REASON };
  for (let send = 1; send <= 2; send += 1) {
    const result = await deps.provider.initiateTransfer(request);
    if (result.outcome === 'accepted') return applyTransferState(db, deps, payout, result.state);
    // Whatever else it said, the reference decides: a transfer under it is the one and only.
    const found = await deps.provider.fetchTransfer(payout.reference);
    if (found.outcome === 'found') return applyTransferState(db, deps, payout, found.state);
    if (found.outcome === 'unknown') {
      deps.logger?.warn({ ...log, reason: found.reason, send: result.outcome }, 'payout outcome unknown; asking again later');
      return 'sending';
    }
    if (result.outcome === 'refused') {
      // Refused for want of money (another payout took the balance since we read it): not the
      // customer's failure — held until the float is topped up, then sent with the same reference.
      if (isInsufficientBalance(result.message)) {
        await holdForFunds(db, deps, payout, result.message);
        return 'waiting_for_funds';
      }
      return applyTransferState(db, deps, payout, { status: 'failed', transferCode: null, reason: result.message });
    }
    if (result.outcome === 'duplicate') {
      // The provider says it has one but cannot show it yet: ask again later.
      return 'sending';
    }
    // unknown + not found: it never arrived. Once more with the same reference, then the job's back-off.
    deps.logger?.warn(
      { ...log, reason: result.reason, send },
      'payout request got no answer and the provider has no such transfer; sending again with the same reference',
    );
  }
  return 'sending';
}
