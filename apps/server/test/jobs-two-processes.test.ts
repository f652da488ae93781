import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client';
import { enqueue } from '../src/jobs/queue';
import { openTestDatabase } from './support/db';

/**
 * Two server-like processes, one PostgreSQL database: every job runs exactly once. PGlite is an
 * in-process database that a second process cannot open, so this runs on PostgreSQL only; the
 * same claim path is exercised on PGlite by jobs.test.ts.
 */

const JOBS = 200;
const spec = inject('testDb');
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Worker {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  ready: Promise<void>;
  exited: Promise<number | null>;
}

function startWorker(databaseUrl: string, name: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-worker-process.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, WORKER_NAME: name },
  });
  let stdout = '';
  let stderr = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('ready\n')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker ${name} exited (${code}) before it was ready: ${stderr}`)));
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, ready, exited };
}

describe.runIf(spec.kind === 'postgres')('two worker processes on one PostgreSQL database', () => {
  let database: Database;
  let databaseUrl: string;
  const workers: Worker[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.exec('CREATE TABLE job_runs (id serial PRIMARY KEY, job_id bigint NOT NULL, n integer NOT NULL, worker text NOT NULL)');
    const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
    if (spec.kind !== 'postgres') throw new Error('unreachable');
    const url = new URL(spec.adminUrl);
    url.pathname = `/${row!.name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await database.close();
  });

  it(`runs each of ${JOBS} jobs exactly once between them, then both stop cleanly`, async () => {
    workers.push(startWorker(databaseUrl, 'worker-a'), startWorker(databaseUrl, 'worker-b'));
    await Promise.all(workers.map((w) => w.ready));

    const ids = await database.db.transaction(async (tx) => {
      const created: number[] = [];
      for (let n = 0; n < JOBS; n += 1) {
        const id = await enqueue(tx, 'test.record_run', { n });
        if (id === null) throw new Error('enqueue returned no id');
        created.push(id);
      }
      return created;
    });

    const doneCount = async () => (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'done'`))[0]!.n;
    await expect.poll(doneCount, { timeout: 20_000, interval: 100 }).toBe(JOBS);

    for (const worker of workers) worker.child.kill('SIGTERM');
    const codes = await Promise.all(workers.map((w) => w.exited));
    expect(codes, workers.map((w) => w.stderr()).join('\n')).toEqual([0, 0]);

    const runs = await database.query<{ job_id: string; n: number; worker: string }>(
      'SELECT job_id::text AS job_id, n, worker FROM job_runs ORDER BY job_runs.job_id',
    );
    expect(runs).toHaveLength(JOBS);
    expect(new Set(runs.map((r) => r.job_id)).size).toBe(JOBS);
    expect(runs.map((r) => Number(r.job_id))).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(runs.map((r) => r.n)).size).toBe(JOBS);
    // Both processes took part: the queue was shared, not drained by whoever started first.
    const perWorker = new Map<string, number>();
    for (const run of runs) perWorker.set(run.worker, (perWorker.get(run.worker) ?? 0) + 1);
    expect([...perWorker.keys()].sort()).toEqual(['worker-a', 'worker-b']);

    const states = await database.query<{ status: string; attempts: number; n: number }>(
      'SELECT status, attempts, count(*)::int AS n FROM jobs GROUP BY status, attempts',
    );
    expect(states).toEqual([{ status: 'done', attempts: 1, n: JOBS }]);
    expect(workers.map((w) => w.stderr())).toEqual(['', '']);
  }, 30_000);
});
