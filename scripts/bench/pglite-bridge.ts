/**
 * The embedded database's bridge against @electric-sql/pglite-socket (docs/decisions.md 2.8,
 * figures in docs/PERFORMANCE.md "Embedded database"). Not part of CI: `npm run bench:pglite-bridge`.
 *
 * Three ways for the server's `pg` Pool to reach PGlite, each PGlite in a worker thread on a copy
 * of one data directory:
 *   bridge     apps/server/src/db/pglite-bridge.ts + pglite-worker.ts, as production runs it (a
 *              Pool of one connection; the worker gives PGlite's session to one connection at a time)
 *   socket-10  pglite-socket's PGLiteSocketServer on a Unix socket, maxConnections 10, Pool of 10
 *              (its multiplexer: the connections share PGlite's one session message by message)
 *   socket-1   the same with maxConnections 1 and a Pool of one
 * For each: speed (10 callers at once: parameterised reads, then read-modify-write transactions;
 * queries/s and p50/p99), then what a server relies on (a concurrent caller beside an open
 * transaction, parameterised queries of several connections at once, a named prepared statement
 * after a reconnect, a connection dropped mid-transaction holding an advisory lock).
 *
 * Usage: npm run bench:pglite-bridge [-- --reads 3000 --transactions 600 --only bridge,socket-10]
 * pglite-socket is not a dependency (its PGlite peer is pinned to another release):
 *   npm install --no-save --legacy-peer-deps @electric-sql/pglite-socket@0.2.17
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { PgliteWorkerHost } from '../../apps/server/src/db/pglite-bridge';
import { openSocketHost } from './pglite-socket-host';

const { values: args } = parseArgs({
  options: {
    reads: { type: 'string', default: '3000' },
    transactions: { type: 'string', default: '600' },
    callers: { type: 'string', default: '10' },
    only: { type: 'string', default: 'bridge,socket-10,socket-1' },
  },
});
const READS = Number(args.reads);
const TRANSACTIONS = Number(args.transactions);
const CALLERS = Number(args.callers);
const ROWS = 1000;

interface Implementation {
  pool: pg.Pool;
  close(): Promise<void>;
}
type Kind = 'bridge' | 'socket-10' | 'socket-1';

async function open(kind: Kind, dataDir: string): Promise<Implementation> {
  if (kind === 'bridge') {
    const host = new PgliteWorkerHost({ dataDir }, (message) => console.error(`  [bridge] ${message}`));
    await host.start();
    const pool = host.createPool();
    return {
      pool,
      close: async () => {
        await pool.end();
        await host.close();
      },
    };
  }
  return openSocketHost(dataDir, kind === 'socket-10' ? 10 : 1);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** `total` calls of `work`, `CALLERS` at a time; throughput and latency of the calls that succeeded. */
async function load(total: number, work: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          await work(i);
          latencies.push(performance.now() - t0);
        } catch (error) {
          const key = error instanceof Error ? error.message.slice(0, 90) : String(error);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

/** The longest gap between 10 ms ticks of this thread while `work` runs. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 10);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return stall;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describeError = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return `${e.code ?? 'error'} ${e.message ?? String(error)}`.slice(0, 110);
};
/** A promise that settles within `ms` or says it did not (a hang is a result here, not a failure). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then((value) => ({ value })), sleep(ms).then(() => ({ timeout: true as const }))]);

async function speed(impl: Implementation) {
  const { pool } = impl;
  let wrong = 0;
  const reads = await load(READS, async (i) => {
    const id = (i % ROWS) + 1;
    const { rows } = await pool.query<{ v: number }>('SELECT v FROM bench_rows WHERE id = $1', [id]);
    if (rows[0]?.v !== id * 7) wrong += 1;
  });
  await pool.query('UPDATE bench_counter SET n = 0');
  const transactions = await load(TRANSACTIONS, async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ n: number }>('SELECT n FROM bench_counter WHERE id = $1', [1]);
      await client.query('UPDATE bench_counter SET n = $1 WHERE id = $2', [rows[0]!.n + 1, 1]);
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      client.release(true);
      throw error;
    }
  });
  const final = await pool.query<{ n: number }>('SELECT n FROM bench_counter WHERE id = 1').then(
    (r) => r.rows[0]?.n ?? NaN,
    () => NaN,
  );
  const stall = await longestStall(() => pool.query('SELECT pg_sleep(1)'));
  return { reads, wrongReads: wrong, transactions, committed: final, stall };
}

async function semantics(impl: Implementation) {
  const { pool } = impl;
  const out: Record<string, string> = {};

  // 1. A caller beside an open transaction: does it wait, run beside it, or see its rows?
  await pool.query('TRUNCATE bench_tx');
  const a = await pool.connect();
  await a.query('BEGIN');
  await a.query('INSERT INTO bench_tx VALUES ($1)', [1]);
  const t0 = performance.now();
  const other = pool
    .query<{ n: number }>('SELECT count(*)::int AS n FROM bench_tx')
    .then((r) => ({ n: r.rows[0]?.n, at: performance.now() - t0 }));
  await sleep(500);
  await a.query('COMMIT');
  a.release();
  const seen = await within(other, 5000);
  out['beside an open transaction'] =
    'timeout' in seen
      ? 'hangs'
      : seen.value.at >= 500
        ? `waits for its end (answered after ${Math.round(seen.value.at)} ms, saw ${seen.value.n} rows)`
        : `runs inside it: answered after ${Math.round(seen.value.at)} ms and saw ${seen.value.n} uncommitted row(s)`;

  // 2. Parameterised queries from several connections at once (outside any transaction), of three
  // shapes: a statement or portal of one connection bound or run by another shows as an error or a
  // wrong answer.
  let wrong = 0;
  const errors = new Map<string, number>();
  const shapes = ['SELECT $1::int AS n', 'SELECT $1::int AS n, $2::text AS s', 'SELECT $1::int AS n, $2::text AS s, $3::int AS z'];
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const width = (i % 3) + 1;
      try {
        const { rows } = await pool.query<{ n: number }>(shapes[width - 1]!, [i, `q${i}`, i].slice(0, width));
        if (rows[0]?.n !== i || Object.keys(rows[0]).length !== width) wrong += 1;
      } catch (error) {
        const key = describeError(error);
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }),
  );
  out['200 parameterised queries at once'] =
    `${200 - wrong - [...errors.values()].reduce((s, n) => s + n, 0)} right, ${wrong} wrong answers, ${[...errors.values()].reduce((s, n) => s + n, 0)} errors` +
    (errors.size ? ` (${[...errors].map(([k, n]) => `${n}× ${k}`).join('; ')})` : '');

  // 3. A named prepared statement (db/prepared.ts: the hot reads) run by several requests at once,
  // then on a new connection after the last one closed (the Pool closes a client idle for 10 s).
  const named = await Promise.allSettled(Array.from({ length: 10 }, () => pool.query({ name: 'bench_busy', text: 'SELECT 2 AS two' })));
  const refused = named.filter((r) => r.status === 'rejected');
  out['named statement, 10 at once'] = refused.length
    ? `${refused.length} of 10 fail: ${describeError((refused[0] as PromiseRejectedResult).reason)}`
    : 'ok';
  const first = await pool.connect();
  await first.query({ name: 'bench_named', text: 'SELECT 1 AS one' });
  first.release(true);
  await sleep(100);
  const second = await pool.connect();
  out['named statement after a reconnect'] = await second.query({ name: 'bench_named', text: 'SELECT 1 AS one' }).then(
    () => 'ok',
    (error: unknown) => `fails: ${describeError(error)}`,
  );
  second.release(true);
  await sleep(100);

  // 4. A connection dropped mid-transaction holding a session advisory lock (a crashed request).
  const dropped = await pool.connect();
  await dropped.query('BEGIN');
  await dropped.query('INSERT INTO bench_tx VALUES ($1)', [99]);
  await dropped.query('SELECT pg_advisory_lock(42)');
  dropped.release(true);
  await sleep(100);
  const after = await within(
    Promise.all([
      pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_tx WHERE k = 99'),
      // Not pg_try_advisory_lock: PGlite is one session, and a session's advisory locks are re-entrant.
      pool.query<{ held: number }>("SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory'"),
    ]),
    5000,
  ).catch((error: unknown) => ({ error }));
  out['dropped mid-transaction'] =
    'timeout' in after
      ? 'the next query hangs'
      : 'error' in after
        ? `the next query fails: ${describeError(after.error)}`
        : `row ${after.value[0].rows[0]?.n ? 'kept' : 'rolled back'}, advisory lock ${after.value[1].rows[0]?.held ? 'still held' : 'freed'}`;
  return out;
}

async function main() {
  const root = await mkdtemp(path.join(tmpdir(), 'wise-bench-bridge-'));
  try {
    // One cluster made the production way (initdb in a child process), copied for each run.
    const template = path.join(root, 'template');
    const setup = new PgliteWorkerHost({ dataDir: template }, () => undefined);
    await setup.start();
    const setupPool = setup.createPool();
    await setupPool.query(`CREATE TABLE bench_rows (id int PRIMARY KEY, v int NOT NULL);
      INSERT INTO bench_rows SELECT g, g * 7 FROM generate_series(1, ${ROWS}) g;
      CREATE TABLE bench_counter (id int PRIMARY KEY, n int NOT NULL); INSERT INTO bench_counter VALUES (1, 0);
      CREATE TABLE bench_tx (k int NOT NULL);`);
    await setupPool.end();
    await setup.close();

    const kinds = args.only.split(',') as Kind[];
    console.log(
      `PGlite bridges, ${CALLERS} callers: ${READS} reads, ${TRANSACTIONS} read-modify-write transactions (Node ${process.version})\n`,
    );
    for (const kind of kinds) {
      const dataDir = path.join(root, kind);
      await cp(template, dataDir, { recursive: true });
      const impl = await open(kind, dataDir);
      impl.pool.on('error', () => undefined);
      try {
        // Warm-up: the first queries load catalogue pages into PGlite.
        await Promise.all(
          Array.from({ length: 50 }, (_, i) => impl.pool.query('SELECT v FROM bench_rows WHERE id = $1', [i + 1]).catch(() => undefined)),
        );
        const s = await speed(impl);
        const errs = (m: Map<string, number>) => (m.size ? ` errors: ${[...m].map(([k, n]) => `${n}× ${k}`).join('; ')}` : '');
        console.log(`${kind}`);
        console.log(
          `  reads         ${s.reads.perSecond.toFixed(0).padStart(6)} q/s  p50 ${s.reads.p50.toFixed(1)} ms  p99 ${s.reads.p99.toFixed(1)} ms  wrong answers ${s.wrongReads}${errs(s.reads.errors)}`,
        );
        console.log(
          `  transactions  ${s.transactions.perSecond.toFixed(0).padStart(6)} tx/s p50 ${s.transactions.p50.toFixed(1)} ms  p99 ${s.transactions.p99.toFixed(1)} ms  counter ${s.committed}/${TRANSACTIONS}${errs(s.transactions.errors)}`,
        );
        console.log(`  main thread   longest stall during pg_sleep(1): ${s.stall.toFixed(0)} ms`);
        for (const [name, verdict] of Object.entries(await semantics(impl))) console.log(`  ${name.padEnd(34)} ${verdict}`);
        console.log('');
      } finally {
        await within(impl.close(), 15_000);
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
