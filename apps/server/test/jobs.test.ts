import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/client';
import { jobs } from '../src/db/schema/jobs';
import { collectDailyGems } from '../src/domain/gems/collection';
import { appSchedules, createAppJobWorker, jobNames } from '../src/app-jobs';
import { backoffMs, claimJobs, completeJob, enqueue, purgeFinishedJobs, type JobRow } from '../src/jobs/queue';
import { listenForJobs } from '../src/jobs/wake';
import { enqueueDueSchedules, JobWorker, PermanentJobError, scheduleKey, slotStart, type JobLogger } from '../src/jobs/worker';
import { ManualClock, systemClock } from '../src/lib/clock';
import { connectionUrlOf, openTestDatabase } from './support/db';
import { commitSql, insertUsers } from './support/gem-users';

/**
 * The durable job queue (src/jobs). Time is a ManualClock: back-off, leases and schedule slots
 * move only when a test moves them. Each test uses its own job names, so no test sees another's
 * jobs; tests that need a whole table to themselves open a fresh database.
 */

let database: Database;
const clock = new ManualClock('2026-11-02T10:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  await database.exec('CREATE TABLE job_effects (id serial PRIMARY KEY, job_id bigint NOT NULL, note text NOT NULL)');
});
afterAll(async () => {
  await database.close();
});

const uniqueName = (label: string) => `test.${label}.${randomUUID().slice(0, 8)}`;

async function jobRow(id: number | null): Promise<JobRow> {
  if (id === null) throw new Error('no job id');
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

async function effectsOf(jobId: number): Promise<string[]> {
  const rows = await database.query<{ note: string }>('SELECT note FROM job_effects WHERE job_id = $1 ORDER BY id', [jobId]);
  return rows.map((r) => r.note);
}

function capturingLogger() {
  const lines: { level: 'info' | 'warn' | 'error'; message: string; details: object }[] = [];
  const logger: JobLogger = {
    info: (details, message) => lines.push({ level: 'info', message, details }),
    warn: (details, message) => lines.push({ level: 'warn', message, details }),
    error: (details, message) => lines.push({ level: 'error', message, details }),
  };
  return { logger, lines };
}

const workerOn = (db: Database, options: ConstructorParameters<typeof JobWorker>[1] = {}) =>
  new JobWorker(db.db, { clock, pollIntervalMs: 20, leaseMs: 60_000, ...options });

describe('enqueue', () => {
  it('joins the caller’s transaction: a rolled-back change leaves no job behind', async () => {
    const name = uniqueName('atomic');
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, name, { n: 1 }, { clock });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const kept = await database.db.transaction((tx) => enqueue(tx, name, { n: 2 }, { clock }));
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, name));
    expect(rows.map((r) => [r.id, r.payload, r.status, r.attempts])).toEqual([[kept, { n: 2 }, 'queued', 0]]);
    expect(rows[0]!.runAt).toEqual(clock.now());
  });

  it('keeps one job per singleton key and refuses bad names, payloads and attempt limits', async () => {
    const name = uniqueName('singleton');
    const key = `order:${randomUUID()}`;
    const first = await enqueue(database.db, name, {}, { clock, singletonKey: key });
    expect(first).not.toBeNull();
    expect(await enqueue(database.db, name, { other: true }, { clock, singletonKey: key })).toBeNull();
    expect(await database.db.select().from(jobs).where(eq(jobs.singletonKey, key))).toHaveLength(1);
    await expect(enqueue(database.db, 'Bad Name', {})).rejects.toThrow(RangeError);
    await expect(enqueue(database.db, name, {}, { maxAttempts: 0 })).rejects.toThrow(RangeError);
    await expect(enqueue(database.db, name, {}, { maxAttempts: 51 })).rejects.toThrow(RangeError);
    await expect(enqueue(database.db, name, { blob: 'x'.repeat(20_000) })).rejects.toThrow(/payload/);
  });
});

describe('running jobs', () => {
  it('runs a due job once with its parsed payload, and leaves future and unknown jobs alone', async () => {
    const name = uniqueName('once');
    const seen: number[] = [];
    const worker = workerOn(database).register({
      name,
      payload: z.object({ n: z.number().int() }),
      handler: async ({ n }, { job }) => {
        seen.push(n);
        await database.query('INSERT INTO job_effects (job_id, note) VALUES ($1, $2)', [job.id, `n=${n}`]);
      },
    });
    const now = await enqueue(database.db, name, { n: 7 }, { clock });
    const later = await enqueue(database.db, name, { n: 8 }, { runAt: new Date(clock.now().getTime() + 60_000) });
    const foreign = await enqueue(database.db, uniqueName('nobody-handles'), {}, { clock });

    const runs = await worker.runDue();
    expect(runs).toEqual([{ id: now, name, attempt: 1, outcome: 'done' }]);
    expect(seen).toEqual([7]);
    expect(await effectsOf(now!)).toEqual(['n=7']);
    expect(await jobRow(now)).toMatchObject({
      status: 'done',
      attempts: 1,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      finishedAt: clock.now(),
    });
    expect(await jobRow(later)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await jobRow(foreign)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await worker.runDue()).toEqual([]);
  });

  it('retries with exponential back-off, keeping the last error, until it succeeds', async () => {
    clock.set('2026-11-03T10:00:00Z');
    const name = uniqueName('flaky');
    let calls = 0;
    const worker = workerOn(database).register({
      name,
      backoff: { baseMs: 1000, maxMs: 10_000 },
      handler: async () => {
        calls += 1;
        if (calls < 4) throw new Error(`provider down (${calls})`);
      },
    });
    const id = await enqueue(database.db, name, {}, { clock, maxAttempts: 5 });
    const start = clock.now().getTime();
    expect(backoffMs(1, { baseMs: 1000, maxMs: 10_000 })).toBe(1000);

    // Failure n waits base × 2^(n-1): 1 s, 2 s, 4 s. Nothing runs a millisecond early.
    let waited = 0;
    for (const [attempt, delayMs] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ] as const) {
      const [run] = await worker.runDue();
      expect(run).toMatchObject({ id, attempt, outcome: 'retry', error: `Error: provider down (${attempt})` });
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: attempt, lastError: `Error: provider down (${attempt})`, lockedBy: null });
      expect(row.runAt.getTime() - clock.now().getTime()).toBe(delayMs);
      clock.advance(delayMs - 1);
      expect(await worker.runDue()).toEqual([]);
      clock.advance(1);
      waited += delayMs;
    }
    expect(clock.now().getTime() - start).toBe(waited);
    expect(await worker.runDue()).toEqual([{ id, name, attempt: 4, outcome: 'done' }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 4, lastError: 'Error: provider down (3)' });
    expect(calls).toBe(4);
  });

  it('caps the back-off and gives up after maxAttempts, for good', async () => {
    clock.set('2026-11-04T10:00:00Z');
    const name = uniqueName('doomed');
    const { logger, lines } = capturingLogger();
    let calls = 0;
    const worker = workerOn(database, { logger }).register({
      name,
      backoff: { baseMs: 60_000, maxMs: 90_000 },
      handler: async () => {
        calls += 1;
        throw new Error('always broken');
      },
    });
    const id = await enqueue(database.db, name, {}, { clock, maxAttempts: 3 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await worker.runDue();
      clock.advance(90_000); // the cap: 60 s, then 90 s rather than 120 s
    }
    expect(calls).toBe(3);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, maxAttempts: 3, lastError: 'Error: always broken', lockedBy: null });
    expect(row.finishedAt).not.toBeNull();
    clock.advance(24 * 3600_000);
    expect(await worker.runDue()).toEqual([]);
    expect(lines.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([`job ${name} failed for good`]);
    expect(backoffMs(2, { baseMs: 60_000, maxMs: 90_000 })).toBe(90_000);
  });

  it('fails at once, without retries, on a payload that does not parse or a permanent error', async () => {
    const strict = uniqueName('strict');
    const permanent = uniqueName('permanent');
    const worker = workerOn(database)
      .register({ name: strict, payload: z.object({ orderId: z.uuid() }), handler: async () => undefined })
      .register({
        name: permanent,
        handler: async () => {
          throw new PermanentJobError('order does not exist');
        },
      });
    const bad = await enqueue(database.db, strict, { orderId: 'nope' }, { clock });
    const gone = await enqueue(database.db, permanent, {}, { clock });
    const runs = await worker.runDue();
    expect(runs.map((r) => [r.id, r.outcome])).toEqual([
      [bad, 'failed'],
      [gone, 'failed'],
    ]);
    expect(await jobRow(bad)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobRow(bad)).lastError).toMatch(/^PermanentJobError: invalid payload/);
    expect(await jobRow(gone)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'PermanentJobError: order does not exist' });
  });
});

describe('leases', () => {
  it('re-runs a job whose worker died once its lease runs out, and fences the dead worker out', async () => {
    clock.set('2026-11-05T10:00:00Z');
    const name = uniqueName('orphan');
    const id = await enqueue(database.db, name, {}, { clock });
    // A worker claims it and dies: nothing ever completes the attempt.
    const [claimed] = await claimJobs(database.db, { workerId: 'dead-worker', names: [name], limit: 1, now: clock.now(), leaseMs: 60_000 });
    expect(claimed).toMatchObject({ id, status: 'running', attempts: 1, lockedBy: 'dead-worker' });

    const survivor = workerOn(database).register({
      name,
      handler: async (_payload, { job }) => {
        await database.query('INSERT INTO job_effects (job_id, note) VALUES ($1, $2)', [job.id, `attempt ${job.attempts}`]);
      },
    });
    clock.advance(59_999);
    expect(await survivor.runDue()).toEqual([]); // still leased
    clock.advance(2);
    expect(await survivor.runDue()).toEqual([{ id, name, attempt: 2, outcome: 'done' }]);
    expect(await effectsOf(id!)).toEqual(['attempt 2']);
    expect(await jobRow(id)).toMatchObject({
      status: 'done',
      attempts: 2,
      lastError: 'lease expired: dead-worker stopped during attempt 1',
    });
    // The dead worker's late word changes nothing.
    expect(await completeJob(database.db, claimed!, 'dead-worker', clock.now())).toBe(false);
  });

  it('fails a job whose last attempt lost its lease instead of running it again', async () => {
    clock.set('2026-11-05T12:00:00Z');
    const name = uniqueName('last-orphan');
    const id = await enqueue(database.db, name, {}, { clock, maxAttempts: 1 });
    await claimJobs(database.db, { workerId: 'dead-worker', names: [name], limit: 1, now: clock.now(), leaseMs: 1000 });
    clock.advance(1001);
    let calls = 0;
    const worker = workerOn(database).register({ name, handler: async () => void (calls += 1) });
    expect(await worker.runDue()).toEqual([]);
    expect(calls).toBe(0);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'lease expired: dead-worker stopped during attempt 1',
    });
  });

  it('rolls back a transactional job’s writes when its lease was taken over meanwhile', async () => {
    const name = uniqueName('fenced');
    const worker = workerOn(database).register({
      name,
      transactional: true,
      handler: async (_payload, { db, job }) => {
        await db.execute(sql`INSERT INTO job_effects (job_id, note) VALUES (${job.id}, 'written')`);
        // What a reaper and another worker would have done while this one stalled.
        await db.update(jobs).set({ lockedBy: 'another-worker' }).where(eq(jobs.id, job.id));
      },
    });
    const id = await enqueue(database.db, name, {}, { clock });
    expect(await worker.runDue()).toMatchObject([{ id, outcome: 'lease-lost' }]);
    expect(await effectsOf(id!)).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: worker.workerId });
  });

  it('commits a transactional job’s writes together with its completion', async () => {
    const name = uniqueName('atomic-run');
    const worker = workerOn(database).register({
      name,
      transactional: true,
      handler: async (_payload, { db, job }) => {
        await db.execute(sql`INSERT INTO job_effects (job_id, note) VALUES (${job.id}, 'written')`);
      },
    });
    const id = await enqueue(database.db, name, {}, { clock });
    expect(await worker.runDue()).toEqual([{ id, name, attempt: 1, outcome: 'done' }]);
    expect(await effectsOf(id!)).toEqual(['written']);
    expect(await jobRow(id)).toMatchObject({ status: 'done' });
  });
});

describe('schedules', () => {
  it('enqueues a recurring slot once, however many workers schedule it and how often', async () => {
    clock.set('2026-11-06T10:07:00Z');
    const name = uniqueName('every-15-min');
    const schedule = { name, everyMs: 15 * 60_000 };
    const slot = slotStart(clock.now(), schedule.everyMs);
    expect(slot.toISOString()).toBe('2026-11-06T10:00:00.000Z');

    let runs = 0;
    const define = (worker: JobWorker) => worker.register({ name, handler: async () => void (runs += 1) });
    const a = define(workerOn(database, { schedules: [schedule] }));
    const b = define(workerOn(database, { schedules: [schedule] }));
    const [first, second] = await Promise.all([
      enqueueDueSchedules(database.db, [schedule], clock.now()),
      enqueueDueSchedules(database.db, [schedule], clock.now()),
    ]);
    expect([...first!, ...second!]).toHaveLength(1);
    await Promise.all([a.runDue(), b.runDue()]);
    await a.runDue();
    expect(runs).toBe(1);
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, name));
    expect(rows.map((r) => [r.singletonKey, r.status, r.runAt.toISOString()])).toEqual([
      [scheduleKey(schedule, slot), 'done', '2026-11-06T10:00:00.000Z'],
    ]);

    clock.set('2026-11-06T10:14:59Z'); // same slot: nothing new
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    clock.set('2026-11-06T10:15:00Z'); // the next slot: once more
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    expect(await database.db.select().from(jobs).where(eq(jobs.name, name))).toHaveLength(2);
  });

  it('runs every app job on its schedule', () => {
    expect(appSchedules.map((s) => [s.name, s.everyMs / 60_000])).toEqual([
      [jobNames.purgeExpiredAuth, 15],
      [jobNames.purgeRequestKeys, 60],
      [jobNames.purgeFinishedJobs, 60],
      [jobNames.purgeCryptoQuotes, 60],
      [jobNames.ledgerAudit, 360],
    ]);
  });
});

describe('the worker loop', () => {
  it('never runs more than `concurrency` jobs at once, and runs them all', async () => {
    const name = uniqueName('parallel');
    let running = 0;
    let peak = 0;
    let started = 0;
    let finished = 0;
    // Each job holds its slot until every slot is taken (or the last job has started): the worker
    // is given every chance to start a fourth, and the jobs overlap without any timing.
    let held: (() => void)[] = [];
    const worker = workerOn(database, { concurrency: 3 }).register({
      name,
      handler: async () => {
        running += 1;
        started += 1;
        peak = Math.max(peak, running);
        const release = new Promise<void>((resolve) => held.push(resolve));
        if (running === 3 || started === 10) {
          for (const resolve of held) resolve();
          held = [];
        }
        await release;
        running -= 1;
        finished += 1;
      },
    });
    for (let i = 0; i < 10; i += 1) await enqueue(database.db, name, { i }, { clock });
    worker.start();
    await expect.poll(() => finished, { timeout: 10_000, interval: 20 }).toBe(10);
    await worker.stop();
    expect(peak).toBe(3);
    expect((await database.db.select().from(jobs).where(eq(jobs.name, name))).every((r) => r.status === 'done')).toBe(true);
  });

  it("keeps a lane's slots for its area: hanging jobs of another area never delay a payout", async () => {
    // Areas of their own (a job name's part before the dot) so no other test's jobs share them.
    const tag = randomUUID().slice(0, 8).replace(/-/g, '');
    const billCheck = `bills${tag}.requery`;
    const payout = `payouts${tag}.send`;
    const hanging: (() => void)[] = [];
    const paid: number[] = [];
    const worker = workerOn(database, {
      concurrency: 2,
      lanes: [{ name: 'payouts', areas: [`payouts${tag}`], concurrency: 1, timeoutMs: 60_000 }],
    })
      .register({ name: billCheck, handler: () => new Promise<void>((resolve) => hanging.push(resolve)) })
      .register({ name: payout, payload: z.object({ n: z.number() }), handler: async ({ n }) => void paid.push(n) });
    // More bill checks than the shared slots, every one waiting on a provider that does not answer.
    for (let i = 0; i < 4; i += 1) await enqueue(database.db, billCheck, { i }, { clock });
    worker.start();
    await expect.poll(() => hanging.length, { timeout: 5000, interval: 10 }).toBe(2);
    expect(worker.runningJobs).toBe(2);
    // The shared slots are full: payouts go out all the same, in their own lane.
    await enqueue(database.db, payout, { n: 1 }, { clock });
    await enqueue(database.db, payout, { n: 2 }, { clock });
    await expect.poll(() => paid.length, { timeout: 5000, interval: 10 }).toBe(2);
    expect(hanging).toHaveLength(2);
    for (const release of hanging.splice(0)) release();
    await expect.poll(() => hanging.length, { timeout: 5000, interval: 10 }).toBe(2);
    for (const release of hanging.splice(0)) release();
    await worker.stop();
    expect(paid.sort()).toEqual([1, 2]);
  });

  it("gives a lane's jobs the lane's time limit when their definition sets none", async () => {
    const tag = randomUUID().slice(0, 8).replace(/-/g, '');
    const name = `slow${tag}.send`;
    const worker = workerOn(database, { lanes: [{ name: 'slow', areas: [`slow${tag}`], concurrency: 1, timeoutMs: 50 }] }).register({
      name,
      handler: (_payload, { signal }) =>
        new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    });
    const id = await enqueue(database.db, name, {}, { clock });
    const [run] = await worker.runDue();
    expect(run).toMatchObject({ id, outcome: 'retry', error: 'Error: timed out after 50 ms' });
  });

  it('stops gracefully: waits for a running job, then claims nothing more', async () => {
    const name = uniqueName('graceful');
    let release: () => void = () => undefined;
    let started = 0;
    const worker = workerOn(database, { concurrency: 1 }).register({
      name,
      handler: async () => {
        started += 1;
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const first = await enqueue(database.db, name, {}, { clock });
    const second = await enqueue(database.db, name, {}, { clock });
    worker.start();
    await expect.poll(() => started, { timeout: 5000, interval: 10 }).toBe(1);
    // The job ends only once stop() is waiting for it: when it has armed its 5 s bound.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const stopping = worker.stop(5000);
      await vi.waitFor(() => expect(timers).toHaveBeenCalledWith(expect.any(Function), 5000));
      release();
      await stopping;
    } finally {
      timers.mockRestore();
    }
    expect(worker.runningJobs).toBe(0);
    expect(await jobRow(first)).toMatchObject({ status: 'done' });
    expect(await jobRow(second)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('bounds the wait: a job still running at the stop timeout is aborted, and its attempt counts as failed', async () => {
    const name = uniqueName('stuck');
    let signalled = false;
    const worker = workerOn(database, { concurrency: 1 }).register({
      name,
      handler: (_payload, { signal }) =>
        new Promise<void>((_, reject) => {
          signal.addEventListener('abort', () => {
            signalled = true;
            reject(new Error('aborted'));
          });
        }),
    });
    const id = await enqueue(database.db, name, {}, { clock });
    worker.start();
    await expect.poll(async () => (await jobRow(id)).status, { timeout: 5000, interval: 10 }).toBe('running');
    // The handler never ends by itself: stop() returning at all is the bound at work.
    await worker.stop(150);
    expect(signalled).toBe(true);
    await expect.poll(async () => (await jobRow(id)).status, { timeout: 5000, interval: 10 }).toBe('queued');
    expect(await jobRow(id)).toMatchObject({ attempts: 1, lastError: 'Error: aborted', lockedBy: null });
  });
});

/**
 * Waking the workers (src/jobs/wake.ts): with a poll interval of a minute, a job must still start
 * at once — woken in process, or by PostgreSQL's notification at commit from another instance.
 */
describe('waking the worker when a job is enqueued', () => {
  const MINUTE = 60_000;
  /** Resolves once `worker` has finished a round and set its timer to sleep for `pollIntervalMs`. */
  async function asleep(start: () => void, pollIntervalMs: number) {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      start();
      await vi.waitFor(() => expect(timers).toHaveBeenCalledWith(expect.any(Function), pollIntervalMs), { timeout: 10_000, interval: 5 });
    } finally {
      timers.mockRestore();
    }
  }

  /** A worker that has finished its first (empty) round and sleeps for a minute. */
  async function sleepingWorker(name: string, ran: number[], options: ConstructorParameters<typeof JobWorker>[1] = {}) {
    const worker = workerOn(database, { pollIntervalMs: MINUTE, ...options }).register({
      name,
      handler: async (_payload, { job }) => {
        ran.push(job.id);
      },
    });
    await asleep(() => worker.start(), MINUTE);
    return worker;
  }

  /** Counts the worker's rounds from now on. */
  function countRounds(worker: JobWorker): { count: () => number } {
    let rounds = 0;
    const tick = worker.tick.bind(worker);
    worker.tick = async (...args) => {
      rounds += 1;
      return tick(...args);
    };
    return { count: () => rounds };
  }

  it('runs a job this process enqueues at once, not at the next poll', async () => {
    const name = uniqueName('wake-local');
    const ran: number[] = [];
    const worker = await sleepingWorker(name, ran);
    try {
      const id = await enqueue(database.db, name, {}, { clock });
      await expect.poll(() => ran, { timeout: 5000, interval: 10 }).toEqual([id]);
    } finally {
      await worker.stop();
    }
  });

  it('a worker told not to listen in process sleeps until its next poll', async () => {
    const name = uniqueName('wake-off');
    const ran: number[] = [];
    const worker = await sleepingWorker(name, ran, { wakeOnEnqueue: false });
    const rounds = countRounds(worker);
    try {
      const id = await enqueue(database.db, name, {}, { clock });
      // A listening worker is woken inside enqueue() itself (a synchronous signal), and starts its
      // round within the same turn of the event loop; by the next turn this one has not.
      await new Promise((resolve) => setImmediate(resolve));
      expect(rounds.count()).toBe(0);
      expect(ran).toEqual([]);
      // Not a worker that cannot run it: woken, it does.
      worker.wakeUp();
      await expect.poll(() => ran, { timeout: 5000, interval: 10 }).toEqual([id]);
    } finally {
      await worker.stop();
    }
  });

  /**
   * Runs `body` with the timers and the system clock faked: time moves only when the test moves it
   * (vi.advanceTimersByTimeAsync), so a job's due time is checked to the millisecond.
   */
  async function onFakeTime(body: () => Promise<void>) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      await body();
    } finally {
      vi.useRealTimers();
    }
  }

  /** Waits for `check` to pass, a turn of the event loop at a time: vi.waitFor would move the fake time. */
  async function until(check: () => unknown) {
    const deadline = performance.now() + 10_000;
    for (;;) {
      try {
        return void (await check());
      } catch (error) {
        if (performance.now() > deadline) throw error;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A worker on the (faked) system clock that records when, by that clock, each job started. */
  async function dueTimeWorker(name: string, pollIntervalMs: number) {
    const started = new Map<number, number>();
    const onPostgres = inject('testDb').kind === 'postgres';
    // On PostgreSQL only the notification at commit wakes it, as it would another instance.
    const worker = new JobWorker(database.db, { clock: systemClock, pollIntervalMs, leaseMs: 60_000, wakeOnEnqueue: !onPostgres }).register(
      {
        name,
        handler: async (_payload, { job }) => void started.set(job.id, Date.now()),
      },
    );
    await asleep(() => worker.start(), pollIntervalMs);
    const listener = onPostgres
      ? await listenForJobs(await connectionUrlOf(database), (runAt) => worker.wakeUp(runAt), capturingLogger().logger)
      : undefined;
    // The due times the worker hears of, in process or by the notification.
    const heard = vi.spyOn(worker, 'wakeUp');
    const rounds = countRounds(worker);
    return {
      started,
      heard: () => heard.mock.calls.filter(([runAt]) => runAt !== undefined).length,
      rounds: rounds.count,
      stop: async () => {
        await listener?.close();
        await worker.stop();
      },
    };
  }

  it('a job due shortly runs when it is due, not before and not at the next poll', () =>
    onFakeTime(async () => {
      const name = uniqueName('wake-due');
      const worker = await dueTimeWorker(name, MINUTE);
      try {
        const enqueuedAt = Date.now();
        const id = await enqueue(database.db, name, {}, { runAt: new Date(enqueuedAt + 500) });
        await until(() => expect(worker.heard()).toBe(1));
        await vi.advanceTimersByTimeAsync(499);
        expect(worker.rounds()).toBe(0);
        // Due: it runs now, a minute before the worker's next poll.
        await vi.advanceTimersByTimeAsync(10);
        await until(() => expect([...worker.started.keys()]).toEqual([id]));
        expect(worker.started.get(id!)! - enqueuedAt).toBeGreaterThanOrEqual(500);
        expect(worker.started.get(id!)! - enqueuedAt).toBeLessThanOrEqual(510);
      } finally {
        await worker.stop();
      }
    }));

  it('jobs due after the poll interval run when due, each, not at the first poll after it', () =>
    onFakeTime(async () => {
      // A 3 s poll: the job due at 3.5 s would wait for the poll at ~6.3 s (the poll after the first
      // job's run), and a second time heard of while a nearer timer is set must not be forgotten.
      const name = uniqueName('wake-later');
      const worker = await dueTimeWorker(name, 3000);
      try {
        const enqueuedAt = Date.now();
        const soon = await enqueue(database.db, name, {}, { runAt: new Date(enqueuedAt + 300) });
        const later = await enqueue(database.db, name, {}, { runAt: new Date(enqueuedAt + 3500) });
        await until(() => expect(worker.heard()).toBe(2));
        await vi.advanceTimersByTimeAsync(299);
        expect(worker.rounds()).toBe(0);
        await vi.advanceTimersByTimeAsync(10);
        await until(() => expect([...worker.started.keys()]).toEqual([soon]));
        expect(worker.started.get(soon!)! - enqueuedAt).toBeGreaterThanOrEqual(300);
        // The round that ran it, and the poll 3 s after it, leave the later job where it is.
        await vi.advanceTimersByTimeAsync(3499 - (Date.now() - enqueuedAt));
        expect([...worker.started.keys()]).toEqual([soon]);
        await vi.advanceTimersByTimeAsync(10);
        await until(() => expect([...worker.started.keys()]).toEqual([soon, later]));
        expect(worker.started.get(later!)! - enqueuedAt).toBeGreaterThanOrEqual(3500);
        expect(worker.started.get(later!)! - enqueuedAt).toBeLessThanOrEqual(3510);
      } finally {
        await worker.stop();
      }
    }));

  it('a job due in over 24.8 days (the longest timer) sets a timer that waits, not one that fires at once', async () => {
    const name = uniqueName('wake-far');
    const ran: number[] = [];
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const worker = await sleepingWorker(name, ran);
    const rounds = countRounds(worker);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      worker.wakeUp(new Date(clock.now().getTime() + 40 * 24 * 3600_000));
      // The timer is set at once, for the longest delay Node takes (past it Node fires at once and
      // warns, on the next tick: one turn of the event loop shows either).
      expect(timers).toHaveBeenCalledWith(expect.any(Function), 2 ** 31 - 1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('TimeoutOverflowWarning');
      expect(rounds.count()).toBe(0);
    } finally {
      timers.mockRestore();
      process.off('warning', onWarning);
      await worker.stop();
    }
  });

  it('a job enqueued in a transaction runs once it commits, never if it rolls back: by the notification on PostgreSQL, in process on the embedded database', async () => {
    const name = uniqueName('wake-commit');
    const ran: number[] = [];
    const onPostgres = inject('testDb').kind === 'postgres';
    // On PostgreSQL, as another instance would be: only the notification tells this worker.
    const worker = await sleepingWorker(name, ran, { wakeOnEnqueue: !onPostgres });
    const { logger, lines } = capturingLogger();
    const listener = onPostgres ? await listenForJobs(await connectionUrlOf(database), (runAt) => worker.wakeUp(runAt), logger) : undefined;
    const rounds = countRounds(worker);
    const enqueueSlowly = (n: number) =>
      database.db.transaction(async (tx) => {
        const roundsBefore = rounds.count();
        const enqueued = await enqueue(tx, name, { n }, { clock });
        // Still uncommitted. Embedded: the worker, woken in process, is already looking (its claim
        // waits for this transaction's session). PostgreSQL: nothing wakes it before the commit.
        if (!onPostgres) await vi.waitFor(() => expect(rounds.count()).toBeGreaterThan(roundsBefore));
        expect(ran).toEqual(n === 1 ? [] : [expect.any(Number)]);
        return enqueued;
      });
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await enqueue(tx, name, { n: 0 }, { clock });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const first = await enqueueSlowly(1);
      await expect.poll(() => ran, { timeout: 5000, interval: 10 }).toEqual([first]);
      if (onPostgres) {
        // The listening connection is cut: it comes back by itself and wakes the worker again.
        await database.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN wise_jobs' AND datname = current_database()",
        );
        await expect.poll(() => lines.some((line) => line.level === 'warn'), { timeout: 5000, interval: 20 }).toBe(true);
        // Back: listening again on a new connection.
        await expect
          .poll(
            async () =>
              (
                await database.query<{ n: number }>(
                  "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN wise_jobs' AND datname = current_database()",
                )
              )[0]!.n,
            { timeout: 10_000, interval: 50 },
          )
          .toBe(1);
      }
      const second = await enqueueSlowly(2);
      await expect.poll(() => ran, { timeout: 5000, interval: 10 }).toEqual([first, second]);
    } finally {
      await listener?.close();
      await worker.stop();
    }
  });
});

describe('the app’s jobs', () => {
  it('auth.purge_expired deletes only expired sessions, codes, reset links and re-authentications', async () => {
    const fresh = await openTestDatabase();
    try {
      clock.set('2026-11-09T10:00:00Z');
      const [userId] = await insertUsers(fresh, 1);
      const past = "'2026-11-09T09:59:59Z'";
      const future = "'2026-11-09T10:00:01Z'";
      await commitSql(
        fresh,
        `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('s-old', '${userId}', ${past}), ('s-live', '${userId}', ${future}), ('s-old-reauth', '${userId}', ${future});
         INSERT INTO reauthentications (session_hash, user_id, expires_at) VALUES ('s-old-reauth', '${userId}', ${past}), ('s-live', '${userId}', ${future});
         INSERT INTO otp_codes (user_id, purpose, code_hash, target, expires_at) VALUES ('${userId}', 'signup', 'old', 'a@b.c', ${past}), ('${userId}', 'signup', 'live', 'a@b.c', ${future});
         INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ('${userId}', 'old', ${past}), ('${userId}', 'live', ${future});`,
      );
      const worker = createAppJobWorker(fresh.db, { clock });
      const runs = await worker.runDue();
      expect(runs.map((r) => [r.name, r.outcome]).sort()).toEqual(
        [
          [jobNames.ledgerAudit, 'done'],
          [jobNames.purgeCryptoQuotes, 'done'],
          [jobNames.purgeExpiredAuth, 'done'],
          [jobNames.purgeFinishedJobs, 'done'],
          [jobNames.purgeRequestKeys, 'done'],
        ].sort(),
      );
      expect((await fresh.query<{ id_hash: string }>('SELECT id_hash FROM sessions ORDER BY 1')).map((r) => r.id_hash)).toEqual([
        's-live',
        's-old-reauth',
      ]);
      expect(
        (await fresh.query<{ session_hash: string }>('SELECT session_hash FROM reauthentications')).map((r) => r.session_hash),
      ).toEqual(['s-live']);
      expect((await fresh.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes')).map((r) => r.code_hash)).toEqual(['live']);
      expect((await fresh.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens')).map((r) => r.token_hash)).toEqual([
        'live',
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('jobs.purge_finished deletes done jobs after 7 days and failed ones after 30, nothing else', async () => {
    const fresh = await openTestDatabase();
    try {
      clock.set('2026-12-01T00:00:00Z');
      const day = 24 * 3600_000;
      const ago = (days: number) => new Date(clock.now().getTime() - days * day).toISOString();
      await commitSql(
        fresh,
        `INSERT INTO jobs (name, status, run_at, attempts, finished_at, singleton_key) VALUES
           ('t.done', 'done', '${ago(9)}', 1, '${ago(8)}', 'done-8d'),
           ('t.done', 'done', '${ago(7)}', 1, '${ago(6)}', 'done-6d'),
           ('t.failed', 'failed', '${ago(40)}', 5, '${ago(31)}', 'failed-31d'),
           ('t.failed', 'failed', '${ago(20)}', 5, '${ago(29)}', 'failed-29d'),
           ('t.queued', 'queued', '${ago(90)}', 0, NULL, 'queued-old');
         INSERT INTO jobs (name, status, run_at, attempts, locked_by, locked_until, singleton_key) VALUES
           ('t.running', 'running', '${ago(90)}', 1, 'w', '${ago(89)}', 'running-old');`,
      );
      const purged = await purgeFinishedJobs(fresh.db, { now: clock.now(), doneRetentionMs: 7 * day, failedRetentionMs: 30 * day });
      expect(purged).toBe(2);
      const left = await fresh.query<{ singleton_key: string }>('SELECT singleton_key FROM jobs ORDER BY singleton_key');
      expect(left.map((r) => r.singleton_key)).toEqual(['done-6d', 'failed-29d', 'queued-old', 'running-old']);
    } finally {
      await fresh.close();
    }
  });

  it('gems.ledger_audit logs an error line naming the mismatch, and an info line when sound', async () => {
    const fresh = await openTestDatabase();
    try {
      clock.set('2026-11-10T09:00:00Z');
      const [userId] = await insertUsers(fresh, 1);
      await collectDailyGems(fresh.db, { clock, timeZone: 'Africa/Lagos' }, userId!);
      const { logger, lines } = capturingLogger();
      const worker = createAppJobWorker(fresh.db, { clock, logger });
      await worker.runDue();
      const sound = lines.find((l) => l.message.startsWith('Ledger audit'));
      expect(sound).toMatchObject({
        level: 'info',
        message: expect.stringMatching(/^Ledger audit OK: 1 customer account and 1 entry checked/),
      });

      await commitSql(
        fresh,
        `SET LOCAL session_replication_role = replica; UPDATE gem_accounts SET balance = 99 WHERE user_id = '${userId}';`,
      );
      lines.length = 0;
      clock.advance(6 * 3600_000); // the next audit slot
      await worker.runDue();
      const alarm = lines.filter((l) => l.message.startsWith('Ledger audit'));
      expect(alarm).toHaveLength(1);
      expect(alarm[0]).toMatchObject({ level: 'error', details: { ok: false, cacheMismatchCount: 1 } });
      expect(alarm[0]!.message).toContain('Ledger audit FAILED: 1 mismatch');
      expect(alarm[0]!.message).toMatch(/cached 99, its lines sum to 10/);
    } finally {
      await fresh.close();
    }
  });
});
