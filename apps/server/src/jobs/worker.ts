import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { systemClock, type Clock } from '../lib/clock';
import { databaseUnreachable } from '../lib/db-errors';
import { inSpan } from '../lib/tracing';
import {
  claimJobs,
  completeJob,
  DEFAULT_BACKOFF,
  enqueue,
  errorText,
  failJob,
  JOB_NAME_PATTERN,
  reapExpiredLeases,
  renewLeases,
  type Backoff,
  type JobRow,
} from './queue';
import { onJobEnqueued } from './wake';

/**
 * The worker: polls the jobs table, runs due jobs with their registered handlers (at most
 * `concurrency` at once), renews the leases of running jobs, puts back jobs whose worker died,
 * enqueues recurring schedules once per slot, and stops gracefully. See README.md here.
 */

/** pino-compatible (Fastify's app.log fits). */
/** Jobs of an area that needs what server.ts builds at start-up (a provider), handed in from there. */
export interface JobSet {
  jobs: JobDefinition[];
  schedules: Schedule[];
}

export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLogger: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface JobContext {
  /** The database, or — for a transactional job — the transaction its completion commits in. */
  db: Db;
  job: JobRow;
  clock: Clock;
  logger: JobLogger;
  /** Aborted when the attempt times out or the worker stops: long handlers should listen. */
  signal: AbortSignal;
}

export interface JobDefinition<P = unknown> {
  name: string;
  /** Parses the stored payload; a payload that does not parse fails the job at once (no retry). */
  payload?: z.ZodType<P>;
  handler(payload: P, context: JobContext): Promise<void>;
  /**
   * Runs the handler and the job's completion in one transaction: its database writes happen
   * exactly once, even if the lease is lost. Only for short, database-only work (on PGlite a
   * transaction holds the one session), and the handler must use `context.db`.
   */
  transactional?: boolean;
  backoff?: Backoff;
  /** An attempt running longer than this is failed (and its signal aborted). */
  timeoutMs?: number;
}

/** A job enqueued every `everyMs`, once per slot however many workers run. */
export interface Schedule {
  name: string;
  everyMs: number;
  payload?: unknown;
  maxAttempts?: number;
}

/** Thrown by a handler for a failure no retry can fix: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/** Start of the slot of `everyMs` that `now` falls in (slots are aligned to the Unix epoch). */
export const slotStart = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs);

/** The singleton key of a schedule's slot: the unique index lets exactly one enqueue through. */
export const scheduleKey = (schedule: Schedule, slot: Date) => `schedule:${schedule.name}:${slot.toISOString()}`;

/** Enqueues each schedule's current slot unless some worker already did. Returns new job ids. */
export async function enqueueDueSchedules(db: Db, schedules: Schedule[], now: Date): Promise<number[]> {
  const created: number[] = [];
  for (const schedule of schedules) {
    const slot = slotStart(now, schedule.everyMs);
    const id = await enqueue(db, schedule.name, schedule.payload ?? {}, {
      runAt: slot,
      singletonKey: scheduleKey(schedule, slot),
      maxAttempts: schedule.maxAttempts,
    });
    if (id !== null) created.push(id);
  }
  return created;
}

/**
 * A share of the worker's slots kept for the jobs of some areas (a job name's part before its
 * first dot: `payouts` for `payouts.send`), so that jobs of other areas waiting on a slow service
 * cannot take every slot (README.md here, "Lanes"). Jobs of areas no lane names share the
 * worker's own `concurrency`.
 */
export interface JobLane {
  name: string;
  areas: readonly string[];
  /** Jobs of this lane run at once, at most. */
  concurrency: number;
  /** The per-attempt limit of this lane's jobs whose definition sets none. */
  timeoutMs?: number;
}

export interface WorkerOptions {
  clock?: Clock;
  logger?: JobLogger;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs?: number;
  /** Jobs run at once by this worker, of the areas no lane takes. */
  concurrency?: number;
  /** Slots of their own for some areas' jobs, on top of `concurrency`. */
  lanes?: JobLane[];
  /** A claimed job is this worker's for this long, renewed every third of it while it runs. */
  leaseMs?: number;
  /** How long stop() waits for running jobs before leaving them to the lease. */
  stopTimeoutMs?: number;
  /** Default per-attempt limit when a definition sets none. */
  timeoutMs?: number;
  schedules?: Schedule[];
  workerId?: string;
  /** Look for work at once when this process enqueues a job (wake.ts); polling stays the fallback. Default true. */
  wakeOnEnqueue?: boolean;
}

export type JobOutcome = 'done' | 'retry' | 'failed' | 'lease-lost';

export interface JobRun {
  id: number;
  name: string;
  attempt: number;
  outcome: JobOutcome;
  error?: string;
}

const MIN_POLL_MS = 10;
/** A wake-up for a job due later comes this much after it is due. */
const DUE_MARGIN_MS = 5;
const MAX_CONCURRENCY = 64;
/** Future due times a worker keeps timers for: 50 payouts approved at once are 50 status checks. */
const MAX_DUE_TIMES = 1000;
/** How often a job whose failure could not be recorded (the database away) tries again. */
const RECORD_RETRY_MS = 1000;
/**
 * The longest delay setTimeout takes (2^31 - 1 ms, about 24.8 days): past it Node fires at once,
 * and a job due in a month would have the timer firing and re-arming every millisecond.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Where `value` goes in the ascending `sorted` to keep it sorted. */
function sortedIndex(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The lane of the jobs no lane names. */
const SHARED_LANE = 'shared';

/** A job name's area: `payouts` for `payouts.send`. */
export const jobArea = (name: string) => name.split('.', 1)[0] ?? name;

export class JobWorker {
  readonly workerId: string;
  private readonly clock: Clock;
  private readonly logger: JobLogger;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly stopTimeoutMs: number;
  private readonly timeoutMs: number;
  private readonly schedules: Schedule[];
  private readonly definitions = new Map<string, JobDefinition<never>>();
  /** The dedicated lanes first, then the shared one (so a poll claims payouts before the rest). */
  private readonly lanes: JobLane[] = [];
  private readonly laneOfArea = new Map<string, string>();
  /** Running attempts: job id → the promise settling when it is recorded, its abort switch and lane. */
  private readonly active = new Map<number, { done: Promise<JobRun>; abort: AbortController; lane: string }>();
  private running = false;
  /** The last poll could not reach the database (logged once until a poll succeeds). */
  private pollingBlind = false;
  /** When the poll loop last finished a round (or started): readiness asks whether it still turns. */
  private lastRoundAt = 0;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** A wake-up that came while a round was running: the next sleep is skipped. */
  private wakePending = false;
  private readonly wakeOnEnqueue: boolean;
  private unsubscribe: (() => void) | undefined;
  /**
   * When the future jobs this worker heard of fall due (ms since the epoch, earliest first, at most
   * MAX_DUE_TIMES), and the one timer set for the earliest of them.
   */
  private dueTimes: number[] = [];
  private dueTimer: { at: number; timer: NodeJS.Timeout } | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastSlots = new Map<string, number>();

  constructor(
    private readonly db: Db,
    options: WorkerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.pollIntervalMs = Math.max(MIN_POLL_MS, options.pollIntervalMs ?? 1000);
    this.concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, options.concurrency ?? 4));
    this.leaseMs = Math.max(1000, options.leaseMs ?? 5 * 60_000);
    this.stopTimeoutMs = options.stopTimeoutMs ?? 5000;
    this.timeoutMs = options.timeoutMs ?? this.leaseMs * 4;
    this.schedules = options.schedules ?? [];
    this.wakeOnEnqueue = options.wakeOnEnqueue ?? true;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    for (const lane of options.lanes ?? []) {
      if (lane.name === SHARED_LANE) throw new RangeError(`the lane name ${SHARED_LANE} is the worker's own`);
      for (const area of lane.areas) {
        if (this.laneOfArea.has(area)) throw new RangeError(`job area ${area} is in two lanes`);
        this.laneOfArea.set(area, lane.name);
      }
      this.lanes.push({ ...lane, concurrency: Math.min(MAX_CONCURRENCY, Math.max(1, lane.concurrency)) });
    }
    this.lanes.push({ name: SHARED_LANE, areas: [], concurrency: this.concurrency });
    for (const schedule of this.schedules) {
      if (!Number.isInteger(schedule.everyMs) || schedule.everyMs < 1000)
        throw new RangeError(`schedule ${schedule.name} needs everyMs ≥ 1000`);
    }
  }

  /** Registers the handler for a job name (one per name). */
  register<P>(definition: JobDefinition<P>): this {
    if (!JOB_NAME_PATTERN.test(definition.name)) throw new RangeError(`job name must match ${JOB_NAME_PATTERN}, got ${definition.name}`);
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<never>);
    return this;
  }

  get runningJobs(): number {
    return this.active.size;
  }

  /**
   * Whether the poll loop is running and has finished a round lately: a loop stuck on a database
   * that never answers is not alive. A round is one tick plus at most one poll interval's sleep.
   */
  get alive(): boolean {
    const staleAfterMs = Math.max(60_000, 20 * this.pollIntervalMs);
    return this.running && Date.now() - this.lastRoundAt < staleAfterMs;
  }

  /** Starts polling in the background; stop() ends it. */
  start(): void {
    if (this.running) return;
    for (const schedule of this.schedules) {
      if (!this.definitions.has(schedule.name)) throw new Error(`schedule ${schedule.name} has no registered handler`);
    }
    this.running = true;
    this.lastRoundAt = Date.now();
    if (this.wakeOnEnqueue) this.unsubscribe = onJobEnqueued((runAt) => this.wakeUp(runAt));
    this.loop = this.poll();
  }

  /**
   * Looks for due jobs now instead of at the end of the poll interval: a job was enqueued (in this
   * process, or a notification from another instance). Coming during a round, it makes the worker
   * look again as soon as that round ends.
   */
  wakeUp(runAt?: Date): void {
    if (!this.running) return;
    const waitMs = runAt ? runAt.getTime() - this.clock.now().getTime() : 0;
    if (waitMs > 0) return this.wakeAt(Date.now() + waitMs);
    this.wakePending = true;
    this.wake?.();
  }

  /**
   * A job due later than now: wake when it is due. Left to the poll, a job due in 3 s ran at the
   * first poll after that, up to a whole interval late (a payout's status check half a second on
   * average: docs/PERFORMANCE.md). One timer runs, for the earliest time heard of; when it fires,
   * the next one is set.
   */
  private wakeAt(at: number): void {
    const times = this.dueTimes;
    const index = sortedIndex(times, at);
    if (times[index] === at) return;
    times.splice(index, 0, at);
    // Past the cap the latest times are forgotten: their jobs are still found by the poll.
    if (times.length > MAX_DUE_TIMES) times.length = MAX_DUE_TIMES;
    this.armDueTimer();
  }

  private armDueTimer(): void {
    const next = this.dueTimes[0];
    if (next === undefined || (this.dueTimer && this.dueTimer.at <= next)) return;
    if (this.dueTimer) clearTimeout(this.dueTimer.timer);
    const timer = setTimeout(
      () => {
        this.dueTimer = undefined;
        // Timers run on a monotonic clock and can fire a moment before the wall clock reaches `at`:
        // a claim then would find the job not yet due, and the worker would sleep a whole interval.
        const now = Date.now();
        const due = this.dueTimes.findIndex((time) => time > now);
        this.dueTimes.splice(0, due === -1 ? this.dueTimes.length : due);
        if (due !== 0) this.wakeUp();
        this.armDueTimer();
      },
      Math.min(MAX_TIMER_MS, next - Date.now() + DUE_MARGIN_MS),
    );
    timer.unref();
    this.dueTimer = { at: next, timer };
  }

  /**
   * Stops claiming, then waits up to the stop timeout for running jobs to be recorded. Jobs still
   * running after that are aborted; their leases run out and another worker takes them again.
   */
  async stop(timeoutMs = this.stopTimeoutMs): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.dueTimer) clearTimeout(this.dueTimer.timer);
    this.dueTimer = undefined;
    this.dueTimes = [];
    this.wake?.();
    await this.loop;
    const pending = [...this.active.values()];
    if (pending.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([Promise.allSettled(pending.map((p) => p.done)), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        this.logger.warn(
          { jobs: [...this.active.keys()], workerId: this.workerId },
          'job worker stopped with jobs still running; their leases will expire',
        );
        for (const entry of this.active.values()) entry.abort.abort(new Error('worker stopped'));
      }
    }
    this.stopHeartbeat();
  }

  /**
   * One round: enqueue due schedule slots, put back expired leases, claim what fits and start it.
   * Returns the attempts started (their promises settle when each is recorded).
   */
  async tick(): Promise<Promise<JobRun>[]> {
    const now = this.clock.now();
    await this.enqueueSchedules(now);
    const reaped = await reapExpiredLeases(this.db, now);
    for (const job of reaped) {
      this.logger.warn(
        { jobId: job.id, job: job.name, status: job.status, attempts: job.attempts },
        `job ${job.name} lease expired: ${job.status === 'failed' ? 'failed' : 'queued again'}`,
      );
    }
    const started: Promise<JobRun>[] = [];
    for (const lane of this.lanes) {
      const free = lane.concurrency - this.runningIn(lane.name);
      const names = this.namesIn(lane.name);
      if (free <= 0 || names.length === 0) continue;
      const claimed = await claimJobs(this.db, { workerId: this.workerId, names, limit: free, now, leaseMs: this.leaseMs });
      started.push(...claimed.map((job) => this.launch(job, lane.name)));
    }
    return started;
  }

  private laneOf(jobName: string): string {
    return this.laneOfArea.get(jobArea(jobName)) ?? SHARED_LANE;
  }

  private namesIn(lane: string): string[] {
    return [...this.definitions.keys()].filter((name) => this.laneOf(name) === lane);
  }

  private runningIn(lane: string): number {
    let running = 0;
    for (const entry of this.active.values()) if (entry.lane === lane) running += 1;
    return running;
  }

  /** Slots free in lanes that have jobs to run: while none is, a poll could claim nothing. */
  private get slotsLeft(): number {
    return this.lanes.reduce(
      (sum, lane) => sum + (this.namesIn(lane.name).length > 0 ? Math.max(0, lane.concurrency - this.runningIn(lane.name)) : 0),
      0,
    );
  }

  /** Runs every job that is due now, to completion (tests, one-off scripts). */
  async runDue(): Promise<JobRun[]> {
    const runs: JobRun[] = [];
    for (;;) {
      const started = await this.tick();
      if (started.length === 0 && this.active.size === 0) return runs;
      runs.push(...(await Promise.all(started)));
      await Promise.all([...this.active.values()].map((a) => a.done));
    }
  }

  private async enqueueSchedules(now: Date): Promise<void> {
    const due = this.schedules.filter((s) => this.lastSlots.get(s.name) !== slotStart(now, s.everyMs).getTime());
    if (due.length === 0) return;
    await enqueueDueSchedules(this.db, due, now);
    for (const s of due) this.lastSlots.set(s.name, slotStart(now, s.everyMs).getTime());
  }

  private async poll(): Promise<void> {
    while (this.running) {
      this.wakePending = false;
      let started = 0;
      try {
        started = (await this.tick()).length;
        this.lastRoundAt = Date.now();
        if (this.pollingBlind) this.logger.info({ workerId: this.workerId }, 'job worker reaches the database again; due jobs run now');
        this.pollingBlind = false;
      } catch (error) {
        // An outage is logged once (here and by the database's availability), not at every poll;
        // the poll goes on and finds everything that fell due meanwhile once the database is back.
        if (!databaseUnreachable(error)) this.logger.error({ err: error, workerId: this.workerId }, 'job worker could not poll');
        else if (!this.pollingBlind)
          this.logger.warn({ err: error, workerId: this.workerId }, 'job worker cannot reach the database; polling on until it is back');
        if (databaseUnreachable(error)) {
          this.pollingBlind = true;
          // The loop still turns; /readyz reports the database itself, and a worker called dead after
          // a minute's outage kept the instance red after the database was back.
          this.lastRoundAt = Date.now();
        }
      }
      // Full house or nothing due: wait (a finishing job or stop() wakes us early).
      const slotsLeft = this.slotsLeft;
      if (this.running && (started === 0 || slotsLeft === 0) && !(this.wakePending && slotsLeft > 0)) await this.sleep(this.pollIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private launch(job: JobRow, lane: string): Promise<JobRun> {
    const abort = new AbortController();
    // A root span per attempt when tracing is on: the job's queries and provider calls are its children.
    const traced = inSpan(
      `job ${job.name}`,
      { kind: 'internal', attributes: { 'wise.job.name': job.name, 'wise.job.attempt': job.attempts } },
      async (span) => {
        const run = await this.execute(job, abort);
        span?.setAttributes({ 'wise.job.outcome': run.outcome });
        if (run.outcome !== 'done') span?.fail(run.outcome);
        return run;
      },
    );
    const done = traced.finally(() => {
      this.active.delete(job.id);
      if (this.active.size === 0) this.stopHeartbeat();
      this.wake?.();
    });
    this.active.set(job.id, { done, abort, lane });
    this.startHeartbeat();
    return done;
  }

  private async execute(job: JobRow, abort: AbortController): Promise<JobRun> {
    const definition = this.definitions.get(job.name);
    const run = (outcome: JobOutcome, error?: unknown): JobRun => ({
      id: job.id,
      name: job.name,
      attempt: job.attempts,
      outcome,
      ...(error === undefined ? {} : { error: errorText(error) }),
    });
    try {
      if (!definition) throw new PermanentJobError(`no handler registered for ${job.name}`);
      const parsed = definition.payload ? definition.payload.safeParse(job.payload) : { success: true as const, data: job.payload };
      if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      const laneTimeout = this.lanes.find((lane) => lane.name === this.laneOf(job.name))?.timeoutMs;
      await this.withTimeout(definition.timeoutMs ?? laneTimeout ?? this.timeoutMs, abort, () =>
        this.attempt(definition, job, parsed.data as never, abort.signal),
      );
      return run('done');
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.logger.warn(
          { jobId: job.id, job: job.name, workerId: this.workerId },
          `job ${job.name} lost its lease; another worker owns it now`,
        );
        return run('lease-lost', error);
      }
      const record = async (): Promise<JobRun> => {
        const status = await failJob(this.db, job, this.workerId, error, {
          now: this.clock.now(),
          backoff: definition?.backoff ?? DEFAULT_BACKOFF,
          permanent: error instanceof PermanentJobError,
        });
        if (status === null) return run('lease-lost', error);
        const details = { jobId: job.id, job: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts, err: error };
        if (status === 'failed') this.logger.error(details, `job ${job.name} failed for good`);
        else this.logger.warn(details, `job ${job.name} failed; will retry`);
        return run(status === 'failed' ? 'failed' : 'retry', error);
      };
      try {
        return await record();
      } catch (recordError) {
        if (!databaseUnreachable(recordError)) {
          this.logger.error({ jobId: job.id, job: job.name, err: recordError }, `job ${job.name} failed and could not be recorded`);
          return run('retry', error);
        }
        // The database is away (a restart, an outage). Left alone, the job would wait out its whole
        // lease (minutes) before anyone ran it again: its failure is recorded as soon as the database
        // answers, the heartbeat keeping the lease meanwhile.
        this.logger.warn(
          { jobId: job.id, job: job.name },
          `job ${job.name} failed while the database is unreachable; recording it once it is back`,
        );
        const deadline = Date.now() + this.leaseMs;
        while (this.running && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
          try {
            return await record();
          } catch (again) {
            if (!databaseUnreachable(again)) break;
          }
        }
        return run('retry', error);
      }
    }
  }

  private async attempt(definition: JobDefinition<never>, job: JobRow, payload: never, signal: AbortSignal): Promise<void> {
    const context = (db: Db): JobContext => ({ db, job, clock: this.clock, logger: this.logger, signal });
    if (definition.transactional) {
      await this.db.transaction(async (tx) => {
        await definition.handler(payload, context(tx));
        if (!(await completeJob(tx, job, this.workerId, this.clock.now()))) throw new LeaseLost(`job ${job.id}`);
      });
      return;
    }
    await definition.handler(payload, context(this.db));
    if (!(await completeJob(this.db, job, this.workerId, this.clock.now()))) throw new LeaseLost(`job ${job.id}`);
  }

  private async withTimeout(timeoutMs: number, abort: AbortController, work: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`timed out after ${timeoutMs} ms`);
        abort.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      await Promise.race([work(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(
      () => {
        renewLeases(this.db, this.workerId, [...this.active.keys()], this.clock.now(), this.leaseMs).catch((error: unknown) => {
          this.logger.error({ err: error, workerId: this.workerId }, 'job worker could not renew its leases');
        });
      },
      Math.floor(this.leaseMs / 3),
    );
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
