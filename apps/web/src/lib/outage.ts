import { errorCodes, httpMessages } from '@wise/shared';
import { toastError } from '../components/ui/toast';
import { ApiError } from './api-client';

/*
 * While the server answers 503 (the database or another dependency is away for a moment, or every
 * connection is busy), screens keep what they show and their queries ask again by themselves; the
 * customer is told once, by one toast, not by one error per query (docs/RELIABILITY.md, "Faults").
 */

/** Attempts of a query during an outage: with the pauses below, about two minutes. */
export const OUTAGE_QUERY_RETRIES = 15;
const OUTAGE_PAUSE_MAX_MS = 10_000;
const OUTAGE_TOAST_ID = 'outage';

/** A 503 the server chose to send (outage or busy), not a proxy's page. */
export const isTemporarilyUnavailable = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 503 && (error.code === errorCodes.unavailable || error.code === errorCodes.busy);

let told = false;
let notify: (message: string, toastId: string) => void = toastError;

/**
 * Where the outage is told, the toast unless a test listens instead: test files share their
 * modules (apps/web/vitest.config.ts), so a module mock cannot reach this one. Returns the undo.
 */
export function setOutageNotifier(next: (message: string, toastId: string) => void): () => void {
  const before = notify;
  notify = next;
  return () => {
    notify = before;
  };
}

/** Raises the outage toast, once until the next successful answer. */
export function tellOutage(error: ApiError): void {
  if (told) return;
  told = true;
  notify(error.message || httpMessages.outage, OUTAGE_TOAST_ID);
}

/** A query was answered: the next outage is a new one and is told again. */
export function outageOver(): void {
  told = false;
}

/** The query client's `retry`: an outage is waited out; anything else is asked once more, as before. */
export function retryQuery(
  failureCount: number,
  error: unknown,
  otherwise: (failureCount: number, error: unknown) => boolean = (count) => count < 1,
): boolean {
  if (isTemporarilyUnavailable(error)) {
    tellOutage(error);
    return failureCount < OUTAGE_QUERY_RETRIES;
  }
  return otherwise(failureCount, error);
}

/** The query client's `retryDelay`: 1 s, 2 s, 4 s … at most 10 s. */
export const retryDelay = (attempt: number): number => Math.min(OUTAGE_PAUSE_MAX_MS, 1000 * 2 ** attempt);
