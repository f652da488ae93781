import { useEffect, useState } from 'react';
import type { BillNetwork, BillOrder } from '@wise/shared';
import type { FieldValues } from '#web/lib/form/store';

/**
 * A bill form as the customer last took it to checkout, so that a refused purchase (or the PIN
 * screen's back arrow) brings them back to the form exactly as they left it, with only the
 * provider's message to act on. The PIN screen arms the draft of its order's form; the form takes
 * it once when it mounts; a purchase that goes through forgets it. In memory only: a reload
 * starts afresh, and nothing of it outlives the tab.
 */
export type BillDraftScope = 'airtime' | 'tv' | 'electricity' | `data:${BillNetwork}`;

interface Draft {
  values: FieldValues;
  armed: boolean;
}
const drafts = new Map<BillDraftScope, Draft>();

export const billDraftScope = (order: Pick<BillOrder, 'kind' | 'service'>): BillDraftScope =>
  order.kind === 'data' ? `data:${order.service as BillNetwork}` : order.kind;

/** The form's raw values as the checkout sheet opens (not yet armed: the sheet may be closed). */
export function keepBillDraft(scope: BillDraftScope, values: FieldValues): void {
  drafts.set(scope, { values: { ...values }, armed: false });
}

/** The order reached its PIN screen: going back to the form restores it. */
export function armBillDraft(scope: BillDraftScope): void {
  const draft = drafts.get(scope);
  if (draft) draft.armed = true;
}

export function forgetBillDraft(scope: BillDraftScope): void {
  drafts.delete(scope);
}

/**
 * The armed draft for a form that is mounting, as its default values; undefined for a fresh start.
 * Read during the first render (pure, so a double render reads the same) and disarmed after it.
 */
export function useBillDraft<T extends FieldValues>(scope: BillDraftScope): Partial<T> | undefined {
  const [draft] = useState(() => {
    const kept = drafts.get(scope);
    return kept?.armed ? (kept.values as Partial<T>) : undefined;
  });
  useEffect(() => {
    const kept = drafts.get(scope);
    if (kept) kept.armed = false;
  }, [scope]);
  return draft;
}
