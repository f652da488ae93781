import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { EmbeddedDatabaseStopped, PgliteWorkerHost } from '../src/db/pglite-bridge';
import { copyMigratedDataDir } from './support/db';
import { exited, startServerProcess, type ServerProcess } from './support/server-process';
import './support/test-db-kind';

/**
 * The embedded database as the server runs it: PGlite in a worker thread, reached through `pg`
 * (db/pglite-bridge.ts). The whole PGlite project runs on this path (support/db.ts); this file
 * covers the worker itself: its thread, its restarts, its sessions. It needs no PostgreSQL, so it
 * runs in the PGlite project only.
 */
const embedded = inject('testDb').kind === 'pglite';
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
const scratchDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'wise-pglite-worker-'));
  dirs.push(dir);
  return dir;
};
/**
 * A DATA_DIR holding the project's migrated template, as the server lays it out (DATA_DIR/pglite):
 * a new cluster would cost an initdb (seconds, minutes on a busy machine) per directory.
 */
async function preparedDataDir(): Promise<string> {
  const dir = await scratchDir();
  await copyMigratedDataDir(dir);
  return dir;
}

describe.runIf(embedded)('the embedded database in a worker thread', () => {
  let database: Database;
  /** Connections of the server's kind onto a worker of their own, for what `Database` hides. */
  let host: PgliteWorkerHost;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: await preparedDataDir() });
    // Already migrated: the advisory lock and the bookkeeping run through the worker all the same.
    expect(await migrate(database)).toEqual([]);
    host = new PgliteWorkerHost({ dataDir: path.join(await preparedDataDir(), 'pglite') }, () => undefined);
    await host.start();
    pool = host.createPool({ max: 8 });
  }, 240_000);
  afterAll(async () => {
    await database?.close();
    await pool?.end();
    await host?.close();
  });

  /** Every batch handed to a worker thread (any host's): what has reached an embedded database. */
  const posted = vi.spyOn(PgliteWorkerHost.prototype, 'post');
  afterAll(() => posted.mockRestore());
  /** Resolves once a batch holding `text` has reached a worker thread. */
  const reached = (text: string) =>
    vi.waitFor(() =>
      expect(posted.mock.calls.some(([message]) => message.t === 'data' && Buffer.from(message.bytes).includes(text))).toBe(true),
    );

  /** `work` on a connection of the shared kind, which ends with it (so the next call opens another). */
  async function onItsOwnConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release(true);
    }
  }

  it('runs a slow query without stalling this thread, and serialises the next query behind it', async () => {
    const order: string[] = [];
    const slow = database.query('SELECT pg_sleep(1.5)').then(() => order.push('slow'));
    const quick = database.query<{ one: number }>('SELECT 1 AS one').then((rows) => {
      order.push('quick');
      return rows;
    });
    // This thread goes on while the query runs: on the main thread PGlite would hold it for the
    // whole 1.5 s, and the query would be over before the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    order.push('this thread');
    await slow;
    expect(await quick).toEqual([{ one: 1 }]);
    // One session: the second statement waited for the first.
    expect(order).toEqual(['this thread', 'slow', 'quick']);
  });

  it("keeps a transaction to itself: no other connection's statement runs inside it", async () => {
    await pool.query('CREATE TABLE worker_counter (n int NOT NULL)');
    await pool.query('INSERT INTO worker_counter VALUES (0)');
    // Read, pause, write, each on a connection of its own: two such transactions interleaved would lose an increment.
    const increment = () =>
      onItsOwnConnection(async (client) => {
        await client.query('BEGIN');
        const { rows } = await client.query<{ n: number }>('SELECT n FROM worker_counter');
        await new Promise((resolve) => setTimeout(resolve, 20));
        await client.query('UPDATE worker_counter SET n = $1', [rows[0]!.n + 1]);
        await client.query('COMMIT');
      });
    await Promise.all(Array.from({ length: 8 }, increment));
    expect((await pool.query('SELECT n FROM worker_counter')).rows).toEqual([{ n: 8 }]);
  });

  /**
   * Opens a transaction on a connection of its own (`open`); meanwhile `beside` runs on another
   * connection (its text must hold `besideText`). Once `beside` has reached the worker, the
   * transaction runs one more statement and ends with `end`. A worker that let `beside` in would
   * answer it before that statement, which the worker received after it. Returns the order of the
   * answers and what `beside` answered.
   */
  async function besideAnOpenTransaction<T>(
    open: (client: pg.PoolClient) => Promise<unknown>,
    end: 'COMMIT' | 'ROLLBACK',
    besideText: string,
    beside: (client: pg.PoolClient) => Promise<T>,
  ) {
    let opened!: () => void;
    const openedOnce = new Promise<void>((resolve) => (opened = resolve));
    const order: string[] = [];
    const transaction = onItsOwnConnection(async (client) => {
      await client.query('BEGIN');
      await open(client);
      opened();
      await reached(besideText);
      // In a failed transaction this is refused, but answered all the same, in its turn.
      await client.query('SELECT 1 AS still_inside').catch(() => undefined);
      order.push('transaction');
      await client.query(end);
      order.push(end);
    });
    await openedOnce;
    const result = await onItsOwnConnection(beside);
    order.push('beside');
    await transaction;
    return { order, result };
  }

  it('makes a query beside an open transaction wait for its end: it never sees the uncommitted row', async () => {
    await pool.query('CREATE TABLE worker_beside (k int NOT NULL)');
    const { order, result } = await besideAnOpenTransaction(
      (client) => client.query('INSERT INTO worker_beside VALUES ($1)', [1]),
      'COMMIT',
      'FROM worker_beside',
      (client) => client.query<{ n: number }>('SELECT count(*)::int AS n FROM worker_beside'),
    );
    expect(order).toEqual(['transaction', 'COMMIT', 'beside']);
    expect(result.rows).toEqual([{ n: 1 }]);
  });

  it("keeps a failed transaction's session until it rolls back", async () => {
    const { order, result } = await besideAnOpenTransaction(
      (client) => client.query('SELECT 1 / 0').catch(() => undefined),
      'ROLLBACK',
      'AS beside_one',
      // Run inside the failed transaction it would fail too ("current transaction is aborted").
      (client) => client.query<{ beside_one: number }>('SELECT 1 AS beside_one'),
    );
    expect(order).toEqual(['transaction', 'ROLLBACK', 'beside']);
    expect(result.rows).toEqual([{ beside_one: 1 }]);
  });

  it("holds the session from a transaction's first statement, not from its BEGIN", async () => {
    await pool.query('CREATE TABLE worker_begin (k int NOT NULL)');
    const order: string[] = [];
    let begun!: () => void;
    const begunOnce = new Promise<void>((resolve) => (begun = resolve));
    const transaction = onItsOwnConnection(async (client) => {
      await client.query('BEGIN');
      begun();
      // The first statement goes to the worker after the query beside it: held from the BEGIN, the
      // session would answer this one first.
      await reached('AS beside_begin');
      await client.query('INSERT INTO worker_begin VALUES (1)');
      order.push('first statement');
      await client.query('ROLLBACK');
    });
    await begunOnce;
    // Between the BEGIN and the first statement nothing of the transaction exists to wait for.
    await onItsOwnConnection((client) => client.query('SELECT 1 AS beside_begin'));
    order.push('beside');
    await transaction;
    expect(order).toEqual(['beside', 'first statement']);
    // It was a transaction all the same: the rolled-back row is not there, and a BEGIN then an end works.
    expect((await pool.query('SELECT count(*)::int AS n FROM worker_begin')).rows).toEqual([{ n: 0 }]);
    await onItsOwnConnection(async (client) => {
      await client.query('begin');
      await client.query('COMMIT');
      expect((await client.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    });
    // A BEGIN left unanswered by its connection's end leaves nothing open for the next.
    const dropped = await pool.connect();
    await dropped.query('BEGIN');
    dropped.release(true);
    expect((await pool.query('SELECT 3 AS three')).rows).toEqual([{ three: 3 }]);
  });

  it('gives each connection its own named statements, as PostgreSQL sessions have', async () => {
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      // One name, two texts: on a shared session the second Parse would meet 42P05.
      expect((await first.query({ name: 'worker_which', text: "SELECT 'first' AS which" })).rows).toEqual([{ which: 'first' }]);
      expect((await second.query({ name: 'worker_which', text: "SELECT 'second' AS which" })).rows).toEqual([{ which: 'second' }]);
      expect((await first.query({ name: 'worker_which', text: "SELECT 'first' AS which" })).rows).toEqual([{ which: 'first' }]);
      // A connection that ends frees its own statements only.
      first.release(true);
      expect((await second.query({ name: 'worker_which', text: "SELECT 'second' AS which" })).rows).toEqual([{ which: 'second' }]);
      const left = await second.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE '%worker_which'",
      );
      expect(left.rows).toEqual([{ n: 1 }]);
    } finally {
      second.release();
    }
  });

  it('keeps an unnamed query prepared once for every connection, and answers it as before', async () => {
    const text = 'SELECT $1::int * 2 AS doubled';
    for (const n of [1, 2, 3]) expect((await pool.query(text, [n])).rows).toEqual([{ doubled: n * 2 }]);
    expect(await onItsOwnConnection(async (client) => (await client.query(text, [5])).rows)).toEqual([{ doubled: 10 }]);
    // A statement with no parameters goes as a simple query, which is never kept.
    const kept = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = 'SELECT $1::int * 2 AS doubled'",
    );
    expect(kept.rows).toEqual([{ n: 1 }]);
  });

  it('re-plans a kept query whose result type changed: afresh outside a transaction, failing once inside one', async () => {
    await pool.query('CREATE TABLE worker_reshaped (a int)');
    await pool.query('INSERT INTO worker_reshaped VALUES (1)');
    const text = 'SELECT * FROM worker_reshaped WHERE a = $1';
    expect((await pool.query(text, [1])).rows).toEqual([{ a: 1 }]);
    await pool.query('ALTER TABLE worker_reshaped ADD COLUMN b int');
    expect((await pool.query(text, [1])).rows).toEqual([{ a: 1, b: null }]);
    await pool.query('ALTER TABLE worker_reshaped ADD COLUMN c int');
    await onItsOwnConnection(async (client) => {
      await client.query('BEGIN');
      // As with any driver's statement cache: the transaction cannot go on, its retry can.
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      await client.query('ROLLBACK');
      expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: null, c: null }]);
    });
  });

  it('lets a pinned connection (withConnection) hold the session until its work is done', async () => {
    const order: string[] = [];
    let locked!: () => void;
    const lockedOnce = new Promise<void>((resolve) => (locked = resolve));
    const pinned = database.withConnection(async (connection) => {
      await connection.query('SELECT pg_advisory_lock(7)');
      locked();
      // The query beside reached the worker before this one: only the pin keeps it waiting.
      await reached('AS beside_pinned');
      await connection.query('SELECT pg_advisory_unlock(7)');
      order.push('pinned');
    });
    await lockedOnce;
    await database.query('SELECT 1 AS beside_pinned');
    order.push('beside');
    await pinned;
    expect(order).toEqual(['pinned', 'beside']);
  });

  it('passes PostgreSQL errors through with their code and message', async () => {
    await database.exec('CREATE TABLE worker_unique (k text PRIMARY KEY)');
    await database.query('INSERT INTO worker_unique VALUES ($1)', ['a']);
    await expect(database.query('INSERT INTO worker_unique VALUES ($1)', ['a'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'worker_unique_pkey',
      message: 'duplicate key value violates unique constraint "worker_unique_pkey"',
    });
    await expect(database.exec("DO $$ BEGIN RAISE EXCEPTION 'custom refusal' USING ERRCODE = 'P0001'; END $$")).rejects.toMatchObject({
      code: 'P0001',
      message: 'custom refusal',
    });
    // The session is usable after an error.
    expect(await database.query('SELECT count(*)::int AS n FROM worker_unique')).toEqual([{ n: 1 }]);
  });

  it('ends a connection like PostgreSQL: an unfinished transaction is rolled back, its advisory locks and prepared statements freed', async () => {
    const host = new PgliteWorkerHost({ dataDir: path.join(await preparedDataDir(), 'pglite') }, () => undefined);
    await host.start();
    const pool = host.createPool();
    try {
      await pool.query('CREATE TABLE dropped (k int)');
      const client = await pool.connect();
      // A named statement, as db/prepared.ts runs the hot reads: node-postgres prepares it once per connection.
      await client.query({ name: 'dropped_count', text: 'SELECT count(*)::int AS n FROM dropped' });
      await client.query('BEGIN');
      await client.query('INSERT INTO dropped VALUES (1)');
      await client.query('SELECT pg_advisory_lock(42)');
      // The pool throws away a connection that failed mid-transaction.
      client.release(true);
      // The next connection prepares the same name again: the session must have forgotten it (42P05 otherwise).
      expect((await pool.query({ name: 'dropped_count', text: 'SELECT count(*)::int AS n FROM dropped' })).rows).toEqual([{ n: 0 }]);
      // PGlite is one session, whose advisory locks are re-entrant: only pg_locks shows one left behind.
      expect((await pool.query("SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory'")).rows).toEqual([{ held: 0 }]);
      expect((await pool.query('SELECT pg_try_advisory_lock(42) AS got')).rows).toEqual([{ got: true }]);
    } finally {
      await pool.end();
      await host.close();
    }
  }, 240_000);

  it('fails the queries of a crashed worker at once, and starts a new one for the next query', async () => {
    const host = new PgliteWorkerHost({ dataDir: path.join(await preparedDataDir(), 'pglite') }, () => undefined);
    await host.start();
    const pool = host.createPool();
    pool.on('error', () => undefined);
    try {
      const sent = vi.spyOn(host, 'post');
      const slow = pool.query('SELECT pg_sleep(5)');
      // Once the statement has reached the worker, the worker dies under it.
      await vi.waitFor(() =>
        expect(sent.mock.calls.some(([message]) => message.t === 'data' && Buffer.from(message.bytes).includes('pg_sleep(5)'))).toBe(true),
      );
      await host.terminateAbruptly();
      // Failed, not answered: the 5 s sleep can only end with the worker, which is gone.
      await expect(slow).rejects.toThrow(EmbeddedDatabaseStopped);
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
      await host.close();
    }
  }, 240_000);
});

describe.runIf(embedded)('the server on the embedded database', () => {
  let server: ServerProcess;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await preparedDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir });
  }, 240_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    if (server) await exited(server.child);
  });

  const postJson = (url: string, body: unknown, cookie?: string) =>
    fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      // No content-type without a body: Fastify answers an empty JSON body with 400.
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('answers the same signup raced eight times once, the rest with the duplicate error (23505 across the worker)', async () => {
    const form = {
      full_name: 'Ada Obi',
      username: 'adaworker',
      email: 'ada@worker.com',
      phone: '+2348030000009',
      password: 'worker pass 1',
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => postJson('/api/auth/signup', form)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
  });

  it('credits parallel gem collections once, and /healthz answers beside them', async () => {
    const form = {
      full_name: 'Bola Ade',
      username: 'bolaworker',
      email: 'bola@worker.com',
      phone: '+2348030000010',
      password: 'worker pass 2',
    };
    expect((await postJson('/api/auth/signup', form)).status).toBe(201);
    const outbox = (await (await fetch(`${server.baseUrl}/api/dev/outbox`)).json()) as { to: string; text: string }[];
    const otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
    expect((await postJson('/api/auth/otp/verify', { email: form.email, otp })).status).toBe(200);
    const login = await postJson('/api/auth/login', { email_or_phone: form.email, password: form.password });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const collects = Promise.all(Array.from({ length: 10 }, () => postJson('/api/gems/collect', undefined, cookie)));
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const answers = await collects;
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    // The day's amount depends on the weekday (10 to 50), so the credited one is read from the answer.
    const credited = (await answers.find((a) => a.status === 200)!.json()) as { points: number };
    expect(credited.points).toBeGreaterThan(0);
    const balance = await fetch(`${server.baseUrl}/api/gems/balance`, { headers: { cookie } });
    expect(await balance.json()).toEqual({ total_points: credited.points });
  });

  it('keeps the data across a restart, and shuts its worker down cleanly', async () => {
    server.child.kill('SIGTERM');
    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    server = await startServerProcess({ DATA_DIR: dataDir });
    const login = await postJson('/api/auth/login', { email_or_phone: 'bola@worker.com', password: 'worker pass 2' });
    expect(login.status).toBe(200);
  }, 120_000);
});
