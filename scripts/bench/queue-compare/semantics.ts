// What each queue does of what apps/server/test/jobs*.test.ts asks of ours, tried on a scratch
// PostgreSQL database (and pg-boss on the embedded database through the server's bridge). Prints
// one line per probe: yes / no and what was seen. docs/decisions.md §5b.5 records the answers.
// Usage: npm run bench:queue:semantics -- --libs DIR (a node_modules folder with pg-boss and graphile-worker)
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../apps/server/src/db/client';
import { migrate } from '../../../apps/server/src/db/migrate';
import { claimJobs, enqueue } from '../../../apps/server/src/jobs/queue';
import { JobWorker } from '../../../apps/server/src/jobs/worker';
import { ManualClock } from '../../../apps/server/src/lib/clock';

const { values: args } = parseArgs({
  options: {
    libs: { type: 'string' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
if (!args.libs) throw new Error('--libs DIR: a node_modules folder with pg-boss and graphile-worker');
const libs = args.libs;

const report = (queue: string, probe: string, ok: boolean, seen: string) =>
  console.log(`${queue.padEnd(16)} ${probe.padEnd(34)} ${ok ? 'yes' : 'NO '}  ${seen}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<number | null> {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    if (await check()) return performance.now() - t0;
    await pause(25);
  }
  return null;
}
/** What these probes use of pg-boss 12 and graphile-worker 0.18 (neither is a dependency of the project). */
interface Boss {
  start(): Promise<unknown>;
  stop(options?: object): Promise<void>;
  on(event: string, listener: (error: unknown) => void): void;
  createQueue(name: string, options?: object): Promise<void>;
  send(name: string, data: object, options?: object): Promise<string | null>;
  fetch(name: string): Promise<{ id: string }[]>;
  complete(name: string, id: string): Promise<unknown>;
  work(name: string, options: object, handler: (jobs: { signal: AbortSignal }[]) => Promise<unknown>): Promise<string>;
}
interface PgBossModule {
  PgBoss: new (options: object) => Boss;
  fromDrizzle(tx: unknown, tag: unknown): unknown;
  TestClock: new (start: number) => { tick(ms: number): Promise<void> };
}
interface GraphileModule {
  Logger: new (factory: unknown) => unknown;
  runMigrations(options: object): Promise<void>;
  run(options: object): Promise<{ stop(): Promise<void> }>;
}
async function load<T>(name: string): Promise<T> {
  const manifest = (await import(pathToFileURL(path.join(libs, name, 'package.json')).href, { with: { type: 'json' } })) as {
    default: { main?: string; version: string };
  };
  return (await import(pathToFileURL(path.join(libs, name, manifest.default.main ?? 'index.js')).href)) as T;
}
/** A UUID from a text key (name-based, as uuid v5 does), for pg-boss's `id` option. */
const uuidOf = (key: string) => {
  const h = createHash('sha1').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

async function scratchDatabase() {
  const name = `wise_bench_sem_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(args.postgres!);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function probeJobs(database: Database) {
  const q = 'jobs/';
  // Rolled back: no job.
  await database.db
    .transaction(async (tx) => {
      await enqueue(tx, 'sem.tx', {});
      await tx.rollback();
    })
    .catch(() => undefined);
  report(
    q,
    'enqueue in the caller’s transaction',
    (await database.query('SELECT 1 FROM jobs WHERE name = $1', ['sem.tx'])).length === 0,
    'rolled back → no row',
  );
  // Singleton for good.
  const ran: string[] = [];
  const worker = new JobWorker(database.db, { pollIntervalMs: 50, leaseMs: 2000 }).register({
    name: 'sem.once',
    handler: async () => void ran.push('x'),
  });
  await enqueue(database.db, 'sem.once', {}, { singletonKey: 'payout:1' });
  await worker.runDue();
  const again = await enqueue(database.db, 'sem.once', {}, { singletonKey: 'payout:1' });
  report(q, 'singleton key holds after done', again === null && ran.length === 1, `second enqueue → ${again}`);
  // A dead worker's job runs again after its lease.
  const orphan = await enqueue(database.db, 'sem.orphan', {});
  await claimJobs(database.db, { workerId: 'dead', names: ['sem.orphan'], limit: 1, now: new Date(), leaseMs: 2000 });
  let rerun = false;
  const survivor = new JobWorker(database.db, { pollIntervalMs: 100 }).register({
    name: 'sem.orphan',
    handler: async () => void (rerun = true),
  });
  survivor.start();
  const after = await waitFor(() => rerun, 20_000);
  await survivor.stop();
  report(
    q,
    'killed worker’s job runs again',
    after !== null,
    `job ${orphan}: re-run ${after === null ? 'not within 20 s' : `${Math.round(after)} ms after the claim (lease 2 s)`}`,
  );
  // Time limit per kind (lane).
  let aborted = false;
  const laned = new JobWorker(database.db, { lanes: [{ name: 'slow', areas: ['semslow'], concurrency: 1, timeoutMs: 1000 }] }).register({
    name: 'semslow.hang',
    handler: (_p, { signal }) =>
      new Promise((_r, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted'))))),
  });
  await enqueue(database.db, 'semslow.hang', {});
  const [run] = await laned.runDue();
  report(q, 'time limit per kind', aborted && run?.outcome === 'retry', `lane timeoutMs 1000 → ${run?.outcome}, ${run?.error}`);
  // Due times on an injected clock.
  const clock = new ManualClock('2030-01-01T00:00:00Z');
  let dueRan = 0;
  const timed = new JobWorker(database.db, { clock }).register({ name: 'sem.due', handler: async () => void (dueRan += 1) });
  await enqueue(database.db, 'sem.due', {}, { runAt: new Date(clock.now().getTime() + 60_000) });
  await timed.runDue();
  const early = dueRan;
  clock.advance(60_000);
  await timed.runDue();
  report(q, 'due time on an injected clock', early === 0 && dueRan === 1, `ManualClock: before ${early}, at due ${dueRan}`);
}

async function probePgBoss(database: Database, url: string) {
  const { PgBoss, fromDrizzle, TestClock } = await load<PgBossModule>('pg-boss');
  const q = 'pg-boss';
  const boss = new PgBoss({ connectionString: url, superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue('sem_tx');
  await database.db
    .transaction(async (tx) => {
      await boss.send('sem_tx', {}, { db: fromDrizzle(tx, sql) });
      await tx.rollback();
    })
    .catch(() => undefined);
  const txRows = await database.query("SELECT 1 FROM pgboss.job WHERE name = 'sem_tx'");
  await database.db.transaction(async (tx) => void (await boss.send('sem_tx', {}, { db: fromDrizzle(tx, sql) })));
  const committed = await database.query("SELECT 1 FROM pgboss.job WHERE name = 'sem_tx'");
  report(
    q,
    'enqueue in the caller’s transaction',
    txRows.length === 0 && committed.length === 1,
    `fromDrizzle(tx): rolled back → ${txRows.length} rows, committed → ${committed.length}`,
  );

  // Singleton for good: singletonKey (standard policy), and an id derived from the key.
  await boss.createQueue('sem_once');
  const first = await boss.send('sem_once', {}, { singletonKey: 'payout:1' });
  const [job] = await boss.fetch('sem_once');
  await boss.complete('sem_once', job!.id);
  const byKey = await boss.send('sem_once', {}, { singletonKey: 'payout:1' });
  const id = uuidOf('payout:2');
  await boss.send('sem_once', {}, { id });
  const [job2] = await boss.fetch('sem_once');
  await boss.complete('sem_once', job2!.id);
  const byId = await boss.send('sem_once', {}, { id });
  report(
    q,
    'singleton key holds after done',
    byId === null,
    `singletonKey after completion → ${byKey ? 'a second job' : 'null'} (first ${first ? 'sent' : 'null'}); id from the key → ${byId === null ? 'null' : 'a second job'}`,
  );

  // A dead worker's job: fetched, never completed; past expireInSeconds (2 s) supervision takes it
  // back (heartbeatSeconds, renewed while a handler runs, must be at least 10).
  await boss.createQueue('sem_orphan', { expireInSeconds: 2, retryLimit: 3, retryDelay: 0 });
  await boss.send('sem_orphan', {});
  await boss.fetch('sem_orphan');
  const claimedAt = performance.now();
  let rerun = false;
  await boss.work('sem_orphan', { pollingIntervalSeconds: 0.5 }, async () => void (rerun = true));
  const after = await waitFor(() => rerun, 20_000);
  report(
    q,
    'killed worker’s job runs again',
    after !== null,
    `expireInSeconds 2: re-run ${after === null ? 'not within 20 s' : `${Math.round(performance.now() - claimedAt)} ms after the claim`}`,
  );

  // Time limit per queue.
  await boss.createQueue('sem_slow', { expireInSeconds: 1, retryLimit: 1, retryDelay: 60 });
  let aborted = false;
  await boss.work(
    'sem_slow',
    { pollingIntervalSeconds: 0.5 },
    ([j]) => new Promise((_r, reject) => j!.signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted'))))),
  );
  await boss.send('sem_slow', {});
  const expired = await waitFor(
    async () => aborted && (await database.query("SELECT 1 FROM pgboss.job WHERE name = 'sem_slow' AND state = 'retry'")).length === 1,
    10_000,
  );
  report(
    q,
    'time limit per kind',
    expired !== null,
    `queue expireInSeconds 1 → ${expired === null ? 'still active after 10 s' : `aborted and set to retry after ${Math.round(expired)} ms`}`,
  );
  await boss.stop({ graceful: false, timeout: 1000 });

  // Due times on an injected clock: pg-boss 12's TestClock also moves the database's job_now().
  try {
    const clock = new TestClock(Date.parse('2030-01-01T00:00:00Z'));
    const timed = new PgBoss({ connectionString: url, clock, schedule: false, supervise: false });
    timed.on('error', () => undefined);
    await timed.start();
    await timed.createQueue('sem_due');
    await timed.send('sem_due', {}, { startAfter: new Date(Date.parse('2030-01-01T00:01:00Z')) });
    const early = await timed.fetch('sem_due');
    await clock.tick(60_000);
    const due = await timed.fetch('sem_due');
    report(
      q,
      'due time on an injected clock',
      early.length === 0 && due.length === 1,
      `TestClock: before ${early.length}, at due ${due.length}`,
    );
    await timed.stop({ graceful: false, timeout: 1000 });
  } catch (error) {
    report(q, 'due time on an injected clock', false, `TestClock: ${(error as Error).message.slice(0, 120)}`);
  }
}

async function probePgBossEmbedded() {
  const { PgBoss, fromDrizzle } = await load<PgBossModule>('pg-boss');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wise-sem-pglite-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    // Every statement through the server's bridge pool, as the app's own queries go.
    const boss = new PgBoss({
      db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await database.query(text, values) }) },
      backend: 'pglite',
      schedule: false,
    });
    boss.on('error', (error: unknown) => console.error('pg-boss on PGlite:', (error as Error).message));
    const t0 = performance.now();
    await boss.start();
    const startMs = performance.now() - t0;
    await boss.createQueue('sem_embedded');
    let ran = 0;
    await boss.work('sem_embedded', { pollingIntervalSeconds: 0.5 }, async () => void (ran += 1));
    await database.db.transaction(async (tx) => void (await boss.send('sem_embedded', {}, { db: fromDrizzle(tx, sql) })));
    const after = await waitFor(() => ran === 1, 10_000);
    report(
      'pg-boss',
      'embedded PGlite (the server’s bridge)',
      after !== null,
      `start (schema) ${Math.round(startMs)} ms; job enqueued in a drizzle transaction ran after ${after === null ? '> 10 s' : `${Math.round(after)} ms`}`,
    );
    await boss.stop({ graceful: false, timeout: 1000 });
  } catch (error) {
    report('pg-boss', 'embedded PGlite (the server’s bridge)', false, (error as Error).message.slice(0, 160));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function probeGraphile(database: Database, url: string) {
  const mod = await load<GraphileModule>('graphile-worker');
  const q = 'graphile-worker';
  const logger = new mod.Logger(() => () => undefined);
  await mod.runMigrations({ connectionString: url, logger });
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`SELECT graphile_worker.add_job('sem_tx', '{}'::json)`);
      await tx.rollback();
    })
    .catch(() => undefined);
  const none = await database.query("SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'sem_tx'");
  report(q, 'enqueue in the caller’s transaction', none.length === 0, `add_job() in the transaction: rolled back → ${none.length} rows`);

  let ran = 0;
  let hangAborted = false;
  const runner = await mod.run({
    connectionString: url,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 200,
    logger,
    taskList: {
      sem_once: async () => void (ran += 1),
      sem_orphan: async () => void (ran += 100),
      sem_hang: (_p: unknown, helpers: { abortSignal?: AbortSignal }) =>
        new Promise((_r, reject) =>
          helpers.abortSignal?.addEventListener('abort', () => ((hangAborted = true), reject(new Error('aborted')))),
        ),
    },
  });
  await database.exec("SELECT graphile_worker.add_job('sem_once', '{}'::json, job_key := 'payout:1', job_key_mode := 'unsafe_dedupe')");
  await waitFor(() => ran === 1, 10_000);
  await waitFor(async () => (await database.query("SELECT 1 FROM graphile_worker.jobs WHERE key = 'payout:1'")).length === 0, 5000);
  await database.exec("SELECT graphile_worker.add_job('sem_once', '{}'::json, job_key := 'payout:1', job_key_mode := 'unsafe_dedupe')");
  await waitFor(() => ran === 2, 5000);
  report(
    q,
    'singleton key holds after done',
    ran === 1,
    `unsafe_dedupe after completion → ran ${ran} times (done jobs are deleted, so is the key)`,
  );

  // A dead worker's lock, as get_job() leaves it.
  // Added for later (so the runner cannot take it first), then locked by a worker that died.
  await database.exec("SELECT graphile_worker.add_job('sem_orphan', '{}'::json, job_key := 'orphan', run_at := now() + interval '1 hour')");
  await database.exec(
    "UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'dead', attempts = 1, run_at = now() WHERE key = 'orphan'",
  );
  const after = await waitFor(() => ran >= 100, 20_000);
  report(
    q,
    'killed worker’s job runs again',
    after !== null,
    `re-run ${after === null ? 'not within 20 s (locks are reset after 4 hours, fixed)' : `${Math.round(after)} ms after`}`,
  );

  await database.exec("SELECT graphile_worker.add_job('sem_hang', '{}'::json)");
  const ended = await waitFor(() => hangAborted, 5000);
  report(
    q,
    'time limit per kind',
    ended !== null,
    `no per-task or per-attempt limit: a hanging task ${ended === null ? 'still runs after 5 s' : 'ended'}`,
  );
  await runner.stop();
}

const scratch = await scratchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'wise-sem-'));
const database = await openDatabase({ databaseUrl: scratch.url, dataDir });
try {
  await migrate(database);
  console.log(`queue semantics — PostgreSQL scratch database, Node ${process.version}`);
  await probeJobs(database);
  await probePgBoss(database, scratch.url);
  await probePgBossEmbedded();
  await probeGraphile(database, scratch.url);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
  await admin.end();
}
process.exit(0);
