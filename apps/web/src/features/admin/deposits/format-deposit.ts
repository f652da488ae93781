import { COINS, networkName } from '@wise/shared';
import type { DepositDeskItem } from '@wise/shared/admin';

/** Characters kept at each end of a shortened transaction ID or address. */
const HEAD = 8;
const TAIL = 6;

/**
 * A long transaction ID or address cut to its two ends (`a1b2c3d4…e5f6a7`), the way explorers show
 * them: enough to tell two apart at a glance; the whole one is copied and shown on hover.
 */
export function shortId(id: string): string {
  return id.length <= HEAD + TAIL + 1 ? id : `${id.slice(0, HEAD)}…${id.slice(-TAIL)}`;
}

/** `100.5 USDT`: what arrived, in the coin it is (or imitates). */
export const depositAmount = (deposit: Pick<DepositDeskItem, 'amount' | 'coin'>): string =>
  `${deposit.amount} ${COINS[deposit.coin].symbol}`;

/** `on TRON (TRC20)`, after the amount. */
export const onNetwork = (deposit: Pick<DepositDeskItem, 'network'>): string => `on ${networkName(deposit.network)}`;

/** `100.5 USDT on TRON (TRC20)`. */
export const depositSummary = (deposit: Pick<DepositDeskItem, 'amount' | 'coin' | 'network'>): string =>
  `${depositAmount(deposit)} ${onNetwork(deposit)}`;

/**
 * `3 of 20`. The watcher counts on for a while after the last one needed: `20 of 20` then, as the
 * customer's screen says it, not `22 of 20`.
 */
export const confirmationsText = (deposit: Pick<DepositDeskItem, 'confirmations' | 'required_confirmations'>): string =>
  `${Math.min(deposit.confirmations, deposit.required_confirmations)} of ${deposit.required_confirmations}`;
