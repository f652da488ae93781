import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { systemClock, type Clock } from '../lib/clock';
import { signalJobEnqueued } from './wake';

/**
 * The job table's operations: plain functions over Drizzle, so they run on PGlite and on
 * PostgreSQL alike and can join a caller's transaction. The worker (worker.ts) strings them
 * together; tests call them directly.
 */

export type JobRow = typeof jobs.$inferSelect;

export const JOB_NAME_PATTERN = /^[a-z0-9_.:-]{1,100}$/;
export const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_ATTEMPTS_LIMIT = 50;
const ERROR_TEXT_LIMIT = 2000;
/** A payload is a small JSON document; anything big belongs in a table the job reads. */
const PAYLOAD_LIMIT_BYTES = 16 * 1024;

export interface EnqueueOptions {
  /** Not before this instant; now by `clock` when absent. */
  runAt?: Date;
  /** At most one job with this key while its row exists: a second enqueue is a no-op. */
  singletonKey?: string;
  /** Attempts before the job is given up as failed (1-50, default 5). */
  maxAttempts?: number;
  clock?: Clock;
}

/**
 * Adds a job. Pass a transaction to enqueue atomically with the change that needs the job: if the
 * transaction rolls back, the job was never there. Returns the job's id, or null when a job with
 * the same singleton key already exists.
 */
export async function enqueue(db: Db, name: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<number | null> {
  if (!JOB_NAME_PATTERN.test(name)) throw new RangeError(`job name must match ${JOB_NAME_PATTERN}, got ${name}`);
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > MAX_ATTEMPTS_LIMIT) {
    throw new RangeError(`maxAttempts must be an integer in 1..${MAX_ATTEMPTS_LIMIT}, got ${maxAttempts}`);
  }
  const json = JSON.stringify(payload ?? {});
  if (Buffer.byteLength(json) > PAYLOAD_LIMIT_BYTES) throw new RangeError(`job payload over ${PAYLOAD_LIMIT_BYTES} bytes`);
  const runAt = options.runAt ?? (options.clock ?? systemClock).now();
  const inserted = await db
    .insert(jobs)
    .values({ name, payload: JSON.parse(json) as unknown, runAt, maxAttempts, singletonKey: options.singletonKey ?? null })
    .onConflictDoNothing({ target: jobs.singletonKey })
    .returning({ id: jobs.id });
  const id = inserted[0]?.id ?? null;
  if (id !== null) signalJobEnqueued(runAt);
  return id;
}

export interface ClaimOptions {
  workerId: string;
  /** Only jobs this worker can run (a worker of an older release leaves newer jobs alone). */
  names: string[];
  limit: number;
  now: Date;
  leaseMs: number;
}

/**
 * Takes up to `limit` due jobs for this worker: each becomes `running`, one attempt is counted,
 * and the lease runs until now + leaseMs. SKIP LOCKED lets any number of workers claim at once,
 * each row going to exactly one of them.
 */
export async function claimJobs(db: Db, options: ClaimOptions): Promise<JobRow[]> {
  if (options.limit <= 0 || options.names.length === 0) return [];
  // One statement, not a transaction of a SELECT … FOR UPDATE and an UPDATE: the same rows, locked
  // the same way, in one round trip instead of four (the embedded database's session is held for
  // every round trip of a transaction, and every worker polls).
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, options.now), inArray(jobs.name, options.names)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: options.workerId,
      lockedUntil: new Date(options.now.getTime() + options.leaseMs),
    })
    // ARRAY(subquery) is an InitPlan, run once; under a plain IN the planner may rescan the
    // subquery, and a rescan of a SKIP LOCKED … LIMIT can pick further rows.
    .where(sql`${jobs.id} = ANY(ARRAY(${due}))`)
    .returning();
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/**
 * Puts back the jobs whose lease ran out (their worker died or hung): queued again at once while
 * attempts remain, failed otherwise. Safe for every worker to run concurrently.
 */
export async function reapExpiredLeases(db: Db, now: Date): Promise<JobRow[]> {
  const exhausted = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  return db
    .update(jobs)
    .set({
      status: sql`CASE WHEN ${exhausted} THEN 'failed' ELSE 'queued' END`,
      runAt: now,
      lastError: sql`left('lease expired: ' || ${jobs.lockedBy} || ' stopped during attempt ' || ${jobs.attempts}, ${ERROR_TEXT_LIMIT})`,
      finishedAt: sql`CASE WHEN ${exhausted} THEN ${now.toISOString()}::timestamptz END`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)))
    .returning();
}

/** Extends the leases of the jobs this worker is still running. */
export async function renewLeases(db: Db, workerId: string, ids: number[], now: Date, leaseMs: number): Promise<number> {
  if (ids.length === 0) return 0;
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return renewed.length;
}

/** This worker still holds this attempt of the job (its lease was not taken over). */
const heldBy = (job: Pick<JobRow, 'id' | 'attempts'>, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts));

/** Marks an attempt done. False if the lease had been lost: someone else owns the job now. */
export async function completeJob(db: Db, job: Pick<JobRow, 'id' | 'attempts'>, workerId: string, now: Date): Promise<boolean> {
  const done = await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, lockedBy: null, lockedUntil: null })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return done.length === 1;
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 10_000, maxMs: 60 * 60_000 };

/** Wait before attempt n+1 after n failed attempts: base, 2×base, 4×base, … capped at max. */
export function backoffMs(failedAttempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(exponent, 30));
}

export const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, ERROR_TEXT_LIMIT);

export interface FailOptions {
  now: Date;
  backoff?: Backoff;
  /** Give up now whatever attempts remain (a payload that can never work). */
  permanent?: boolean;
}

/**
 * Records a failed attempt: queued again after the back-off while attempts remain, otherwise
 * failed for good. Returns the new status, or null if the lease had been lost.
 */
export async function failJob(
  db: Db,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  workerId: string,
  error: unknown,
  options: FailOptions,
): Promise<'queued' | 'failed' | null> {
  const giveUp = options.permanent === true || job.attempts >= job.maxAttempts;
  const updated = await db
    .update(jobs)
    .set(
      giveUp
        ? { status: 'failed', finishedAt: options.now, lastError: errorText(error), lockedBy: null, lockedUntil: null }
        : {
            status: 'queued',
            runAt: new Date(options.now.getTime() + backoffMs(job.attempts, options.backoff)),
            lastError: errorText(error),
            lockedBy: null,
            lockedUntil: null,
          },
    )
    .where(heldBy(job, workerId))
    .returning({ status: jobs.status });
  const status = updated[0]?.status;
  return status === 'queued' || status === 'failed' ? status : null;
}

export interface PurgeOptions {
  now: Date;
  doneRetentionMs: number;
  failedRetentionMs: number;
}

/** Deletes finished jobs past their retention: done ones soon, failed ones kept longer to inspect. */
export async function purgeFinishedJobs(db: Db, options: PurgeOptions): Promise<number> {
  const before = (ms: number) => new Date(options.now.getTime() - ms);
  const deleted = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before(options.doneRetentionMs))),
        and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, before(options.failedRetentionMs))),
      ),
    )
    .returning({ id: jobs.id });
  return deleted.length;
}
