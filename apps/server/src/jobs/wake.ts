import pg from 'pg';
import type { JobLogger } from './worker';

/**
 * Waking the workers when a job is enqueued (README.md here, "Waking the workers"), so a payout
 * starts within milliseconds of its approval instead of at the next poll. Two sources, polling
 * staying the fallback for both:
 * - in this process: `enqueue` signals the workers of this process. On the embedded database the
 *   worker's claim waits for the one connection, so it runs after the enqueuing transaction ends;
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

const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTENs on `wise_jobs` on a connection of its own and calls `wake` at each notification, with the
 * earliest `run_at` the notifying statement inserted. A lost
 * connection (or one that cannot be opened) is reopened with a growing pause while the workers
 * poll, and `wake` is called once it is back, for what was enqueued while it was gone.
 */
export async function listenForJobs(connectionString: string, wake: (runAt?: Date) => void, logger: JobLogger): Promise<JobsListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const dropped = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    failed.end().catch(() => undefined);
    reconnectLater();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel !== JOBS_CHANNEL) return;
      const runAtMs = Number(message.payload);
      wake(message.payload && Number.isFinite(runAtMs) ? new Date(runAtMs) : undefined);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'the job notification connection failed; polling until it is back');
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
  };

  const reconnect = async () => {
    try {
      await connect();
      wake();
    } catch (error) {
      logger.warn({ err: error }, 'the job notification connection could not be opened; polling meanwhile');
      retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
      reconnectLater();
    }
  };

  function reconnectLater() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void reconnect();
    }, retryMs);
    timer.unref();
  }

  try {
    await connect();
  } catch (error) {
    logger.warn({ err: error }, 'the job notification connection could not be opened; polling meanwhile');
    reconnectLater();
  }
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
