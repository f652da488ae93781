import type { Deposit, DepositStage } from '@wise/shared';

/**
 * Which deposits the deposit screen shows, and whether one of them took the quote on screen.
 *
 * A customer back for another sale must read "Waiting for your deposit", not yesterday's
 * "Successful", yet one who reloads mid-way must still see the deposit they are watching. So the
 * screen notes, the first time it reads a network's deposits, the ones already there: the finished
 * ones belong to earlier visits and are left out; the others (still under way) are shown, but they
 * came before this visit's quote, so they never count as having taken it. Anything that appears
 * later is this visit's own. The note lives in this tab's session (beside the quote it goes with),
 * so a reload keeps it and a new sale starts a new one.
 */

const FINISHED: ReadonlySet<DepositStage> = new Set(['successful', 'rejected', 'dropped', 'held']);

export const isFinished = (deposit: Deposit) => FINISHED.has(deposit.stage);

/**
 * Whether a deposit is what the quote on screen was for, so the screen stops offering that quote:
 * priced at it (the server honours a quote once, even for a deposit the chain later dropped),
 * priced at all and still there (at the rate when seen: the coins of this sale are on their way),
 * or made into a sale. A deposit held below the minimum, or dropped before a quote priced it, is not:
 * the customer sends again on the same quote.
 */
export const tookQuote = (deposit: Deposit) =>
  deposit.sale_id !== null ||
  deposit.pricing === 'quote' ||
  (deposit.pricing !== null && deposit.stage !== 'dropped') ||
  deposit.stage === 'paying' ||
  deposit.stage === 'successful';

/** What the screen noted at its first read of one network's deposits. */
export interface FirstRead {
  /** Finished then: earlier visits' deposits, not shown. */
  finished: readonly string[];
  /** Every deposit there then, finished or not: none of them is this visit's own. */
  present: readonly string[];
}

/** The first read's note per network. */
export type VisitNote = Partial<Record<string, FirstRead>>;

export function noteFirstRead(deposits: readonly Deposit[]): FirstRead {
  return { finished: deposits.filter(isFinished).map((deposit) => deposit.id), present: deposits.map((deposit) => deposit.id) };
}

export interface Visit {
  /** Deposits to show, newest first: this visit's and any still under way from before. */
  shown: Deposit[];
  /** The deposits that arrived during this visit. */
  own: Deposit[];
  /** One of this visit's deposits took the quote: no countdown, no more sending on it. */
  tookQuote: boolean;
}

export function visitOf(deposits: readonly Deposit[], firstRead: FirstRead): Visit {
  const finished = new Set(firstRead.finished);
  const present = new Set(firstRead.present);
  const shown = deposits.filter((deposit) => !finished.has(deposit.id));
  const own = shown.filter((deposit) => !present.has(deposit.id));
  return { shown, own, tookQuote: own.some(tookQuote) };
}

const STORAGE_KEY = 'wise.crypto.deposits-before';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const isIds = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');

function asFirstRead(value: unknown): FirstRead | undefined {
  // A note written before `present` was kept (a list of finished ids): nothing else was noted then.
  if (isIds(value)) return { finished: value, present: value };
  if (typeof value !== 'object' || value === null) return undefined;
  const { finished, present } = value as { finished?: unknown; present?: unknown };
  return isIds(finished) && isIds(present) ? { finished, present } : undefined;
}

/** The note kept for this quote (its renewals carry it on), or an empty one for a new sale. */
export function recallVisit(quoteId: string | undefined): VisitNote {
  try {
    const raw = quoteId ? storage()?.getItem(STORAGE_KEY) : null;
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const { quote, networks } = value as { quote?: unknown; networks?: unknown };
    if (quote !== quoteId || typeof networks !== 'object' || networks === null) return {};
    const kept: VisitNote = {};
    for (const [network, read] of Object.entries(networks)) {
      const firstRead = asFirstRead(read);
      if (firstRead) kept[network] = firstRead;
    }
    return kept;
  } catch {
    return {};
  }
}

/** One note at a time: only the sale on screen needs it. */
export function keepVisit(quoteId: string, networks: VisitNote): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ quote: quoteId, networks }));
  } catch {
    // Quota or privacy mode: the note lasts as long as the screen.
  }
}
