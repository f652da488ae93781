// Side-by-side throughput and latency of the job queue (apps/server/src/jobs) against pg-boss
// (one job per worker, and batches) and graphile-worker, on one scratch PostgreSQL database (or
// --pglite: the embedded database through the server's bridge, jobs/ and pg-boss only).
// docs/decisions.md §5b.5 records the figures and the method.
//
// Each round runs every queue once, in turn (the order rotating each round), on the same database.
// Per queue: a backlog of N jobs, each enqueued inside a transaction of its own that also writes an
// order row (as an approval enqueues its payout), drained by C slots; then N more enqueued by P
// producers at once while the workers run. Each handler writes one row. Printed per queue, the
// median of the rounds: enqueue → handler start while producing (p50, p90), the backlog's drain time
// and rate, this process's CPU per job while draining, and the database's transactions and rows
// written per job while draining (pg_stat_database); each as a ratio to jobs/.
//
// Usage: npm run bench:queue -- [--libs DIR] [--jobs 2000] [--rounds 3] [--concurrency 8] [--producers 4] [--pglite] [--only jobs/,pg-boss]
//   --libs: a node_modules folder holding pg-boss and graphile-worker (not dependencies of the
//   project): `npm install --prefix /tmp/queue-libs pg-boss@12.38.0 graphile-worker@0.18.0`, then
//   --libs /tmp/queue-libs/node_modules. Without it only jobs/ runs.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../apps/server/src/db/client';
import { migrate } from '../../../apps/server/src/db/migrate';
import { enqueue } from '../../../apps/server/src/jobs/queue';
import { JobWorker } from '../../../apps/server/src/jobs/worker';
import { listenForJobs } from '../../../apps/server/src/jobs/wake';
import type { Db } from '../../../apps/server/src/db/client';

const { values: args } = parseArgs({
  options: {
    libs: { type: 'string' },
    jobs: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    producers: { type: 'string', default: '4' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    pglite: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const JOBS = Number(args.jobs);
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
const PRODUCERS = Number(args.producers);

interface Run {
  /** Starts the queue's workers; `handle` is the job's work. */
  start(handle: (n: number) => Promise<void>): Promise<void>;
  /** Stops the workers (start may be called again). */
  pause(): Promise<void>;
  /** Enqueues job n inside the caller's transaction. */
  enqueue(tx: Db, n: number): Promise<void>;
  /** Rows of finished jobs the queue still holds (a check that all were completed). */
  completed(): Promise<number>;
  stop(): Promise<void>;
}
interface QueueUnderTest {
  name: string;
  setup(database: Database, url: string | undefined): Promise<Run>;
}

const jobsQueue: QueueUnderTest = {
  name: 'jobs/',
  async setup(database, url) {
    await database.exec("DELETE FROM jobs WHERE name = 'bench.run'");
    let worker: JobWorker | undefined;
    let listener: { close(): Promise<void> } | undefined;
    return {
      async start(handle) {
        worker = new JobWorker(database.db, { lanes: [{ name: 'bench', areas: ['bench'], concurrency: CONCURRENCY }] });
        worker.register({ name: 'bench.run', handler: async (payload) => handle((payload as { n: number }).n) });
        worker.start();
        const started = worker;
        // As server.ts does on PostgreSQL (the in-process wake-up alone also does, here).
        if (url) listener = await listenForJobs(url, (runAt) => started.wakeUp(runAt), { info() {}, warn() {}, error() {} });
      },
      enqueue: async (tx, n) => void (await enqueue(tx, 'bench.run', { n })),
      completed: async () =>
        (await database.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE name = 'bench.run' AND status = 'done'"))[0]!.n,
      async pause() {
        await listener?.close();
        await worker?.stop();
      },
      async stop() {
        await database.exec("DELETE FROM jobs WHERE name = 'bench.run'");
      },
    };
  },
};

async function load(libs: string, name: string) {
  const manifest = (await import(pathToFileURL(path.join(libs, name, 'package.json')).href, { with: { type: 'json' } })) as {
    default: { main?: string; version: string };
  };
  const module = (await import(pathToFileURL(path.join(libs, name, manifest.default.main ?? 'index.js')).href)) as Record<string, unknown>;
  return { module, version: manifest.default.version };
}

async function pgBoss(libs: string, batched: boolean): Promise<QueueUnderTest> {
  const { module, version } = await load(libs, 'pg-boss');
  const PgBoss = module.PgBoss as new (options: object) => {
    start(): Promise<unknown>;
    stop(options?: object): Promise<void>;
    createQueue(name: string, options?: object): Promise<void>;
    deleteQueue(name: string): Promise<void>;
    send(name: string, data: object, options?: object): Promise<string | null>;
    work(name: string, options: object, handler: (jobs: { data: { n: number } }[]) => Promise<unknown>): Promise<string>;
    offWork(name: string, options?: object): Promise<void>;
    on(event: string, listener: (error: unknown) => void): void;
  };
  const fromDrizzle = module.fromDrizzle as (tx: unknown, tag: unknown) => unknown;
  return {
    name: `pg-boss ${version} ${batched ? `1×${CONCURRENCY}` : `${CONCURRENCY}×1`}`,
    async setup(database, url) {
      const options = url
        ? { connectionString: url, max: 10, useListenNotify: true, schedule: false }
        : // The embedded database: every statement through the server's bridge pool (no LISTEN there).
          {
            db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await database.query(text, values) }) },
            backend: 'pglite',
            schedule: false,
          };
      const started = async () => {
        const boss = new PgBoss(options);
        boss.on('error', (error) => console.error('pg-boss:', error));
        await boss.start();
        return boss;
      };
      // One instance sends; the workers run on another, started and stopped with them (a second
      // work() on an instance after offWork() left jobs behind).
      const producer = await started();
      await producer.deleteQueue('bench').catch(() => undefined);
      await producer.createQueue('bench', { notify: Boolean(url), expireInSeconds: 300 });
      let consumer: Awaited<ReturnType<typeof started>> | undefined;
      return {
        async start(handle) {
          consumer = await started();
          // A pg-boss worker waits its polling interval after each fetch unless the fetch came back
          // full (burst), which a batch of one never counts as: so either C workers taking one job
          // each, woken by NOTIFY and polling at the 0.5 s floor, or one worker taking batches of C
          // (the whole batch settles together: a slow job holds the other C − 1 slots).
          if (batched)
            await consumer.work(
              'bench',
              {
                localConcurrency: 1,
                batchSize: CONCURRENCY,
                burstWhenBatchFull: true,
                pollingIntervalSeconds: 0.5,
                notifyPollingIntervalSeconds: 0.5,
              },
              (jobs) => Promise.all(jobs.map((job) => handle(job.data.n))),
            );
          else
            await consumer.work(
              'bench',
              { localConcurrency: CONCURRENCY, batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
              async ([job]) => handle(job!.data.n),
            );
        },
        enqueue: async (tx, n) => void (await producer.send('bench', { n }, { db: fromDrizzle(tx, sql) })),
        completed: async () =>
          (
            await database.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'bench' AND state = 'completed'")
          )[0]!.n,
        pause: async () => {
          await consumer?.stop({ graceful: true, timeout: 5000 });
          consumer = undefined;
        },
        async stop() {
          await producer.deleteQueue('bench');
          await producer.stop({ graceful: true, timeout: 5000 });
        },
      };
    },
  };
}

async function graphileWorker(libs: string): Promise<QueueUnderTest> {
  const { module, version } = await load(libs, 'graphile-worker');
  const run = module.run as (options: object) => Promise<{ stop(): Promise<void>; promise: Promise<void> }>;
  const runMigrations = module.runMigrations as (options: object) => Promise<void>;
  return {
    name: `graphile-worker ${version}`,
    async setup(database, url) {
      if (!url) throw new Error('graphile-worker holds a LISTEN connection: PostgreSQL only');
      const logFactory = () => () => undefined;
      const logger = new (module.Logger as new (factory: unknown) => unknown)(logFactory);
      await runMigrations({ connectionString: url, logger });
      await database.exec(
        "DELETE FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'bench_run')",
      );
      let runner: { stop(): Promise<void> } | undefined;
      let finished = 0;
      return {
        async start(handle) {
          finished = 0;
          runner = await run({
            connectionString: url,
            concurrency: CONCURRENCY,
            maxPoolSize: 10,
            noHandleSignals: true,
            pollInterval: 500,
            logger,
            taskList: {
              bench_run: async (payload: { n: number }) => {
                await handle(payload.n);
                finished += 1;
              },
            },
          });
        },
        enqueue: async (tx, n) => void (await tx.execute(sql`SELECT graphile_worker.add_job('bench_run', ${JSON.stringify({ n })}::json)`)),
        // Done jobs are deleted: the count is of handlers that returned and rows gone.
        completed: async () =>
          (
            await database.query<{ n: number }>("SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'bench_run'")
          )[0]!.n === 0
            ? finished
            : -1,
        pause: async () => runner?.stop(),
        stop: async () => undefined,
      };
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

interface Figures {
  /** Live: enqueue → handler start, while P producers enqueue. */
  startP50: number;
  startP90: number;
  /** Backlog: N jobs waiting, workers started: time until the last handler ends. */
  drainMs: number;
  cpuUsPerJob: number;
  xactsPerJob: number;
  rowsPerJob: number;
}

async function dbStats(database: Database) {
  // Statistics reach pg_stat_database at most once a second (and at a backend's exit): flush ours.
  await database.exec('SELECT pg_stat_force_next_flush()').catch(() => undefined);
  const [row] = await database.query<{ x: string; w: string }>(
    'SELECT xact_commit + xact_rollback AS x, tup_inserted + tup_updated + tup_deleted AS w FROM pg_stat_database WHERE datname = current_database()',
  );
  return { xacts: Number(row?.x ?? 0), rows: Number(row?.w ?? 0) };
}

/** N jobs, each in a transaction of its own with an order row, by P producers at once; the time each committed. */
async function produce(database: Database, run: Run, base: number, enqueuedAt: number[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (next < JOBS) {
        const n = next++;
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO bench_orders (n) VALUES (${base + n})`);
          await run.enqueue(tx, n);
        });
        enqueuedAt[n] = performance.now();
      }
    }),
  );
}

async function measure(queue: QueueUnderTest, database: Database, url: string | undefined): Promise<Figures> {
  await database.exec('TRUNCATE bench_orders, bench_effects');
  const run = await queue.setup(database, url);
  const startedAt = new Array<number>(JOBS);
  let done = 0;
  let allDone: () => void = () => undefined;
  const handle = async (n: number) => {
    startedAt[n] = performance.now();
    await database.query('INSERT INTO bench_effects (n) VALUES ($1) ON CONFLICT (n) DO UPDATE SET n = excluded.n', [n]);
    done += 1;
    if (done === JOBS) allDone();
  };
  const all = () => {
    done = 0;
    return new Promise<void>((resolve) => (allDone = resolve));
  };
  const guard = setTimeout(() => {
    console.error(`${queue.name}: ${done}/${JOBS} after 10 minutes`);
    process.exit(1);
  }, 600_000);

  // Backlog: N jobs wait, then the workers start.
  await produce(database, run, 0, []);
  const before = await dbStats(database);
  let finished = all();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await run.start(handle);
  await finished;
  const drainMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  // Let the last completions land before counting them.
  for (let i = 0; i < 100 && (await run.completed()) < JOBS; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  const completed = await run.completed();
  const after = await dbStats(database);
  if (completed < JOBS) console.error(`${queue.name}: ${completed} of ${JOBS} recorded as completed`);

  // Live: the same workers run while the producers enqueue N more.
  const enqueuedAt = new Array<number>(JOBS);
  finished = all();
  await produce(database, run, JOBS, enqueuedAt);
  await finished;
  // A handler that started before its producer's commit returned (the in-process wake-up) waited 0.
  const waits = startedAt.map((at, n) => Math.max(0, at - enqueuedAt[n]!)).sort((a, b) => a - b);
  await run.pause();
  await run.stop();
  clearTimeout(guard);
  return {
    startP50: percentile(waits, 50),
    startP90: percentile(waits, 90),
    drainMs,
    cpuUsPerJob: (used.user + used.system) / JOBS,
    xactsPerJob: (after.xacts - before.xacts) / JOBS,
    rowsPerJob: (after.rows - before.rows) / JOBS,
  };
}

const queues: QueueUnderTest[] = [jobsQueue];
if (args.libs) queues.push(await pgBoss(args.libs, false), await pgBoss(args.libs, true));
if (args.libs && !args.pglite) queues.push(await graphileWorker(args.libs));
const selected = args.only ? queues.filter((q) => args.only!.split(',').some((name) => q.name.startsWith(name))) : queues;

const dataDir = mkdtempSync(path.join(tmpdir(), 'wise-bench-queue-'));
let scratch: { name: string; url: string } | undefined;
if (!args.pglite) {
  const name = `wise_bench_queue_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(args.postgres);
  url.pathname = `/${name}`;
  scratch = { name, url: url.toString() };
}
const database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
const results = new Map<string, Figures[]>();
try {
  await migrate(database);
  await database.exec('CREATE TABLE bench_orders (n int PRIMARY KEY); CREATE TABLE bench_effects (n int PRIMARY KEY)');
  console.log(
    `bench:queue — ${JOBS} jobs, ${PRODUCERS} producers, ${CONCURRENCY} at once, ${ROUNDS} rounds, ${database.kind}, Node ${process.version}`,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Each round in another order, so no queue always runs first (or last) on a noisy host.
    const order = selected.map((_, i) => selected[(i + round - 1) % selected.length]!);
    for (const queue of order) {
      const figures = await measure(queue, database, scratch?.url);
      results.set(queue.name, [...(results.get(queue.name) ?? []), figures]);
      console.log(
        `  round ${round} ${queue.name.padEnd(24)} start p50 ${figures.startP50.toFixed(1)} ms, backlog drained in ${Math.round(figures.drainMs)} ms`,
      );
    }
  }
  const rows = [...results].map(([name, runs]) => {
    const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
    return {
      name,
      drain: m('drainMs'),
      p50: m('startP50'),
      p90: m('startP90'),
      cpu: m('cpuUsPerJob'),
      xacts: m('xactsPerJob'),
      rows: m('rowsPerJob'),
    };
  });
  const base = rows[0]!;
  console.log('\nmedian of the rounds (ratio to jobs/):');
  console.log(
    'queue                    | start p50 ms  | start p90 ms   | backlog ms     | jobs/s | CPU µs/job     | DB xacts/job | DB rows/job',
  );
  for (const r of rows) {
    const ratio = (value: number, of: number) => (of > 0 ? ` (${(value / of).toFixed(2)}×)` : '');
    console.log(
      [
        r.name.padEnd(24),
        `${r.p50.toFixed(1)}${ratio(r.p50, base.p50)}`.padEnd(13),
        `${r.p90.toFixed(1)}${ratio(r.p90, base.p90)}`.padEnd(14),
        `${Math.round(r.drain)}${ratio(r.drain, base.drain)}`.padEnd(14),
        String(Math.round(JOBS / (r.drain / 1000))).padStart(6),
        `${Math.round(r.cpu)}${ratio(r.cpu, base.cpu)}`.padEnd(14),
        (args.pglite ? '–' : r.xacts.toFixed(1)).padEnd(12),
        args.pglite ? '–' : r.rows.toFixed(1),
      ].join(' | '),
    );
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (scratch) {
    const admin = new pg.Client({ connectionString: args.postgres });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
    await admin.end();
  }
}
process.exit(0);
