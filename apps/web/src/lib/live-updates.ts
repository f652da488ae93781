import { LIVE_PENDING_REFETCH_MS, PENDING_REFETCH_MS } from '@wise/shared';

/**
 * Whether the live-update stream (app/live-updates.ts) is open now. Read where polling is set up:
 * the pending screens poll rarely while it is, and at their usual pace once it fails.
 */
let open = false;

export const liveUpdates = {
  isOpen: () => open,
  setOpen: (value: boolean) => {
    open = value;
  },
};

/**
 * The root of the customer's crypto deposit queries (features/crypto/api/deposit-keys.ts), which a
 * `deposit` event refreshes. Here rather than imported from the feature: the stream is on every
 * logged-in screen, and importing the feature's keys gave them a chunk of their own on each.
 */
export const DEPOSIT_QUERIES = ['crypto', 'deposits'] as const;

/** How often a pending transaction is asked for again. */
export const pendingRefetchMs = () => (open ? LIVE_PENDING_REFETCH_MS : PENDING_REFETCH_MS);
