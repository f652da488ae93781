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

/** How often a pending transaction is asked for again. */
export const pendingRefetchMs = () => (open ? LIVE_PENDING_REFETCH_MS : PENDING_REFETCH_MS);
