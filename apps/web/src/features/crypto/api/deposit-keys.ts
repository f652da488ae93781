import { DEPOSIT_QUERIES } from '#web/lib/live-updates';

/** Query keys of the customer's deposits, under the crypto feature's; the live-update stream refreshes them all. */
export const depositKeys = {
  /** Every deposit query: what a `deposit` live event refreshes. */
  all: DEPOSIT_QUERIES,
  list: (coin: string, network: string) => [...depositKeys.all, 'list', coin, network] as const,
};
