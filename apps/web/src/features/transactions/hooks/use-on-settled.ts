import { useEffect, useRef } from 'react';
import type { TransactionStatus } from '@wise/shared';

/**
 * Calls `onSettled` when a transaction this screen showed as pending is now shown settled
 * (successful or rejected): the screen then refreshes what the decision also changed elsewhere —
 * the notifications and their badge, the balances — without the customer reloading.
 */
export function useOnSettled(rows: readonly { id: string; status: TransactionStatus }[], onSettled: (() => void) | undefined) {
  const pending = useRef(new Set<string>());
  const callback = useRef(onSettled);
  useEffect(() => {
    callback.current = onSettled;
  }, [onSettled]);
  useEffect(() => {
    let settled = false;
    for (const row of rows) {
      if (row.status === 'pending') pending.current.add(row.id);
      else if (pending.current.delete(row.id)) settled = true;
    }
    if (settled) callback.current?.();
  }, [rows]);
}
