import type { DepositDeskView } from '@wise/shared/admin';

/** Query keys of the desk for deposits that wait for a person. */
export const depositDeskKeys = {
  all: ['admin', 'crypto-deposits'] as const,
  lists: () => [...depositDeskKeys.all, 'list'] as const,
  list: (view: DepositDeskView) => [...depositDeskKeys.lists(), view] as const,
};

/**
 * The lists refresh themselves this often: a deposit the watcher sends to review appears without a
 * reload, and two reviewers see each other's decisions (the sales desk's own pace).
 */
export const DEPOSITS_LIVE_MS = 10_000;
