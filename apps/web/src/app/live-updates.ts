import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dashboardKeys } from '../features/dashboard/api/keys';
import { gemKeys } from '../features/gems/api/keys';
import { notificationKeys } from '../features/notifications/api/keys';
import { billKeys } from '../features/bills/api/keys';
import { transactionKeys } from '../features/transactions/api/keys';
import { DEPOSIT_QUERIES, liveUpdates } from '../lib/live-updates';

/**
 * One server-sent event stream for the logged-in app (GET /api/events): it names what changed —
 * a sale, a bill order, a notification, a crypto deposit — and the screens showing it refetch through the API, so a
 * paid sale turns "Successful" within a second instead of at the next poll. The polling stays: rare
 * while the stream is open, at its usual pace as soon as it fails. No zod here (screen budgets):
 * an event is only a hint, a malformed one refreshes everything a hint could.
 */

interface LiveEvent {
  type?: unknown;
  id?: unknown;
}

function refresh(queryClient: QueryClient, event: LiveEvent) {
  const id = typeof event.id === 'string' ? event.id : undefined;
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  if (event.type === 'notification') {
    invalidate(notificationKeys.all);
    invalidate(dashboardKeys.all);
    return;
  }
  // A deposit seen, confirmed or paid: the deposit screen's lists (the sale it becomes sends its own event).
  if (event.type === 'deposit') {
    invalidate(DEPOSIT_QUERIES);
    return;
  }
  // A sale or bill order: its detail, the lists and the summaries it counts in (a paid sale earns gems).
  if (id) invalidate(transactionKeys.detail(id));
  else invalidate(transactionKeys.all);
  if (event.type === 'bill' && id) invalidate(billKeys.order(id));
  invalidate(transactionKeys.lists());
  invalidate(dashboardKeys.all);
  invalidate(gemKeys.all);
}

function parse(data: string): LiveEvent {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as LiveEvent) : {};
  } catch {
    return {};
  }
}

/** Opens the stream while the logged-in app is shown; leaving it (logout) closes it. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.onopen = () => liveUpdates.setOpen(true);
    source.onmessage = (message: MessageEvent<string>) => refresh(queryClient, parse(message.data));
    source.onerror = () => {
      // The browser reconnects by itself (unless refused); meanwhile the pending screens poll at
      // their usual pace again, starting now with what may have changed while it was down.
      if (!liveUpdates.isOpen()) return;
      liveUpdates.setOpen(false);
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      void queryClient.invalidateQueries({ queryKey: DEPOSIT_QUERIES });
    };
    return () => {
      liveUpdates.setOpen(false);
      source.close();
    };
  }, [queryClient]);
}
