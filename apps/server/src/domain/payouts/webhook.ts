import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import type { TransferEvent } from '#server/providers/payouts/index';
import { applyTransferState, type AdvanceOutcome } from './advance';
import type { PayoutDeps } from './settings';

/**
 * A verified transfer event from the provider's webhook. The event only names an outcome for
 * our reference; settling is idempotent, so a replayed event (providers resend until they get a
 * 200) finds the attempt settled and changes nothing.
 */
export async function handleTransferEvent(db: Db, deps: PayoutDeps, event: TransferEvent): Promise<AdvanceOutcome | 'unknown_reference'> {
  const [payout] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.reference, event.reference), eq(payouts.method, 'transfer')));
  // Not one of ours (another integration on the same provider account): acknowledged, ignored.
  if (!payout) return 'unknown_reference';
  deps.logger?.info({ payoutId: payout.id, reference: payout.reference, event: event.event }, 'payout webhook received');
  return applyTransferState(db, deps, payout, event.state);
}
