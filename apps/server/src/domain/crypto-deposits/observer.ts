import type { ChainErrorKind, ChainNetwork } from '#server/providers/chains/types';

/** What becomes of a deposit, as the watcher's metrics count it. */
export type DepositEvent = 'seen' | 'confirmed' | 'auto_approved' | 'review' | 'held' | 'dropped' | 'paid';

/**
 * What the chain watcher reports as it works (its metrics and alerts listen): each scan's tip and
 * how far it read, each provider failure, each deposit's step. Calls must be cheap and never throw.
 */
export interface ChainWatchObserver {
  scanned(network: ChainNetwork, tip: bigint, scannedTo: bigint): void;
  failed(network: ChainNetwork, kind: ChainErrorKind): void;
  deposit(network: ChainNetwork, event: DepositEvent): void;
}

export const silentObserver: ChainWatchObserver = { scanned() {}, failed() {}, deposit() {} };
