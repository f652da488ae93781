import type { Deposit, DepositStage } from '@wise/shared';

/**
 * Which deposits the deposit screen shows. A customer back for another sale must read "Waiting for
 * your deposit", not yesterday's "Successful", yet one who reloads mid-way must still see the deposit
 * they are watching. So the screen notes, the first time it reads a network's deposits, the ones
 * already finished: those belong to earlier visits. Anything else — a deposit still under way, or
 * one that appears or finishes later — is this visit's. The note lives in this tab's session
 * (beside the quote it goes with), so a reload keeps it and a new sale starts a new one.
 */

const FINISHED: ReadonlySet<DepositStage> = new Set(['successful', 'rejected', 'dropped', 'held']);

export const isFinished = (deposit: Deposit) => FINISHED.has(deposit.stage);

/** Finished deposit ids per network, noted when the screen first read that network's list. */
export type FinishedBefore = Partial<Record<string, readonly string[]>>;

export function depositsOfThisVisit(deposits: readonly Deposit[], finishedBefore: readonly string[]): Deposit[] {
  const before = new Set(finishedBefore);
  return deposits.filter((deposit) => !before.has(deposit.id));
}

const STORAGE_KEY = 'wise.crypto.deposits-before';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The note kept for this quote (its renewals carry it on), or an empty one for a new sale. */
export function recallFinishedBefore(quoteId: string): FinishedBefore {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const { quote, networks } = value as { quote?: unknown; networks?: unknown };
    if (quote !== quoteId || typeof networks !== 'object' || networks === null) return {};
    const kept: FinishedBefore = {};
    for (const [network, ids] of Object.entries(networks)) {
      if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) kept[network] = ids as string[];
    }
    return kept;
  } catch {
    return {};
  }
}

/** One note at a time: only the sale on screen needs it. */
export function keepFinishedBefore(quoteId: string, networks: FinishedBefore): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ quote: quoteId, networks }));
  } catch {
    // Quota or privacy mode: the note lasts as long as the screen.
  }
}
