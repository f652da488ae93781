import { listenToChannel } from '../db/listen';
import type { JobLogger } from './worker';

/**
 * Waking the workers when a job is enqueued (README.md here, "Waking the workers"), so a payout
 * starts within milliseconds of its approval instead of at the next poll. Two sources, polling
 * staying the fallback for both:
 * - in this process: `enqueue` signals the workers of this process. On the embedded database the
 *   worker's claim waits for the session the enqueuing transaction holds, so it runs after it ends;
 *   on PostgreSQL a claim before the commit finds nothing and the notification below follows.
 * - across instances on PostgreSQL: a trigger notifies the channel `wise_jobs` when the inserting
 *   transaction commits (db/migrations/0034_jobs_notify.sql); each instance listens on its own
 *   connection, outside the pool.
 */

export const JOBS_CHANNEL = 'wise_jobs';

/** `runAt`: when the job is due (a job due later wakes the workers then). */
type Listener = (runAt: Date) => void;
const listeners = new Set<Listener>();

/** Called by `enqueue` after it added a job. */
export function signalJobEnqueued(runAt: Date): void {
  for (const listener of listeners) listener(runAt);
}

/** Calls `listener` at each job enqueued in this process; returns the unsubscribe. */
export function onJobEnqueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface JobsListener {
  close(): Promise<void>;
}

/**
 * LISTENs on `wise_jobs` on a connection of its own (db/listen.ts) and calls `wake` at each
 * notification, with the earliest `run_at` the notifying statement inserted. While the connection is
 * lost the workers poll, and `wake` is called once it is back, for what was enqueued meanwhile.
 */
export async function listenForJobs(connectionString: string, wake: (runAt?: Date) => void, logger: JobLogger): Promise<JobsListener> {
  let first = true;
  return listenToChannel(
    connectionString,
    JOBS_CHANNEL,
    {
      onNotification: (payload) => {
        const runAtMs = Number(payload);
        wake(payload && Number.isFinite(runAtMs) ? new Date(runAtMs) : undefined);
      },
      onUp: () => {
        if (!first) wake();
        first = false;
      },
      meanwhile: 'the workers poll',
    },
    logger,
  );
}
