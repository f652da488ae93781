import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import type { PayoutProvider, ProviderTransfer, TransferState } from '#server/providers/payouts/index';
import type { DayComparison, Finding } from './findings';

/**
 * The payouts side of the daily reconciliation: the provider's transfers created in the day
 * (`listTransfers`, every page) against our transfer attempts sent in the day, by reference.
 *
 * - ours, expected at the provider (it accepted or settled it), but neither listed nor found by a
 *   status query → `missing_at_provider`;
 * - listed, with a reference no attempt of ours has (any day) → `missing_at_ours`;
 * - both, another amount → `amount_differs`; another outcome (paid here, failed or reversed there;
 *   failed here, paid there; still open on one side, final on the other) → `status_differs`.
 *
 * An attempt sent just before midnight that the provider dated just after (or the reverse) is
 * looked up by reference, never reported missing for the boundary. Attempts held for staff
 * because the provider's figures differ (`needs_review`) are already in staff's hands: skipped.
 */

type Attempt = typeof payouts.$inferSelect;
type Side = 'success' | 'failed' | 'open';

const oursSide = (status: Attempt['status']): Side | null => {
  if (status === 'success') return 'success';
  if (status === 'failed' || status === 'reversed') return 'failed';
  if (status === 'needs_review') return null;
  return 'open';
};

const theirsSide = (state: TransferState): Side => (state.status === 'pending' ? 'open' : state.status);

/** Whether the provider must know this attempt: it accepted it, or settled it and told us so. */
const expectedAtProvider = (attempt: Attempt) =>
  ['pending', 'success', 'reversed', 'needs_review'].includes(attempt.status) ||
  (attempt.status === 'failed' && attempt.providerReference !== null);

const oursJson = (attempt: Attempt) => ({
  payout_id: attempt.id,
  sale_id: attempt.saleId,
  attempt: attempt.attempt,
  status: attempt.status,
  amount_kobo: attempt.amountKobo,
  hold: attempt.hold,
  provider_reference: attempt.providerReference,
  sent_at: attempt.sentAt?.toISOString() ?? null,
});

const theirsJson = (transfer: ProviderTransfer) => ({
  status: transfer.providerStatus,
  amount_kobo: transfer.amountKobo,
  currency: transfer.currency,
  transfer_code: transfer.transferCode,
  created_at: transfer.createdAt?.toISOString() ?? null,
});

function compare(attempt: Attempt, transfer: ProviderTransfer): Finding[] {
  const ours = oursSide(attempt.status);
  if (ours === null) return [];
  const findings: Finding[] = [];
  const pair = { reference: attempt.reference, ours: oursJson(attempt), theirs: theirsJson(transfer) };
  if (ours !== theirsSide(transfer.state)) findings.push({ kind: 'status_differs', ...pair });
  if (transfer.amountKobo !== null && transfer.amountKobo !== attempt.amountKobo) findings.push({ kind: 'amount_differs', ...pair });
  return findings;
}

/** A status query's answer, as a listed transfer (the amount only when the provider says it). */
const fromState = (reference: string, state: TransferState): ProviderTransfer => ({
  reference,
  transferCode: state.transferCode,
  amountKobo: state.status === 'success' ? state.amountKobo : null,
  currency: state.status === 'success' ? state.currency : null,
  providerStatus: state.status,
  state,
  createdAt: null,
});

export async function comparePayoutsDay(
  db: Db,
  provider: PayoutProvider,
  from: Date,
  to: Date,
): Promise<DayComparison | { error: string }> {
  const listed = await provider.listTransfers(from, to);
  if (listed.outcome === 'unknown') return { error: `the provider's transfers could not be listed: ${listed.reason}` };
  const ours = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.method, 'transfer'), isNotNull(payouts.sentAt), gte(payouts.sentAt, from), lt(payouts.sentAt, to)));
  const theirsByReference = new Map<string, ProviderTransfer>();
  for (const transfer of listed.transfers) if (transfer.reference) theirsByReference.set(transfer.reference, transfer);

  const findings: Finding[] = [];
  let uncheckedCount = 0;
  const seen = new Set<string>();
  for (const attempt of ours) {
    seen.add(attempt.reference);
    let transfer = theirsByReference.get(attempt.reference);
    if (!transfer) {
      if (!expectedAtProvider(attempt)) continue;
      const found = await provider.fetchTransfer(attempt.reference);
      if (found.outcome === 'unknown') {
        uncheckedCount += 1;
        continue;
      }
      if (found.outcome === 'not_found') {
        findings.push({ kind: 'missing_at_provider', reference: attempt.reference, ours: oursJson(attempt), theirs: null });
        continue;
      }
      transfer = fromState(attempt.reference, found.state);
    }
    findings.push(...compare(attempt, transfer));
  }

  // Listed transfers no attempt of the day claimed: ours from another day, or not ours at all.
  const rest = listed.transfers.filter((transfer) => !transfer.reference || !seen.has(transfer.reference));
  const references = rest.map((transfer) => transfer.reference).filter((reference): reference is string => reference !== null);
  const others = references.length > 0 ? await db.select().from(payouts).where(inArray(payouts.reference, references)) : [];
  const otherByReference = new Map(others.map((attempt) => [attempt.reference, attempt]));
  for (const transfer of rest) {
    const attempt = transfer.reference ? otherByReference.get(transfer.reference) : undefined;
    if (attempt) {
      findings.push(...compare(attempt, transfer));
      continue;
    }
    const reference =
      transfer.reference ??
      transfer.transferCode ??
      `unreferenced:${transfer.createdAt?.toISOString() ?? 'unknown'}:${transfer.amountKobo ?? 0}`;
    findings.push({ kind: 'missing_at_ours', reference: reference.slice(0, 200), ours: null, theirs: theirsJson(transfer) });
  }
  return { oursCount: ours.length, theirsCount: listed.transfers.length, uncheckedCount, findings };
}
