import { randomUUID } from 'node:crypto';
import { errorCodes, httpMessages } from '@wise/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wrapPool, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { SaleWriteError } from '../src/domain/sales/submit';
import { databaseUnreachable } from '../src/lib/db-errors';
import { jobs } from '../src/db/schema/index';
import { enqueue } from '../src/jobs/queue';
import { JobWorker } from '../src/jobs/worker';
import { createTestApp, get, post, type TestApp } from './support/app';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres';
import { createCustomer, type TestUser } from './support/users';

/**
 * Connection loss and outages (docs/RELIABILITY.md, "Faults"), on a PostgreSQL cluster of the
 * file's own that is restarted, stopped and whose backends are terminated: a connection the server
 * ends under a transaction must fail that request cleanly (before, the checked-out client's `error`
 * event had no listener and ended the process), an unreachable database answers 503 with
 * Retry-After, and /readyz follows the database both ways.
 */

let cluster: PrivatePostgres;
let database: Database;
let databaseUrl: string;
let t: TestApp;
const logged: { level: string; message: string }[] = [];

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE wise_outage');
  await admin.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = '/wise_outage';
  databaseUrl = url.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  database = wrapPool(pool);
  await migrate(database);
  t = await createTestApp({ database });
  database.availability.attachLogger({
    warn: (_details, message) => logged.push({ level: 'warn', message }),
    info: (_details, message) => logged.push({ level: 'info', message }),
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
  await cluster?.destroy();
});

/** A second session that holds gem_request_keys locked until `release`. */
async function lockGemKeys(): Promise<{ release(): Promise<void> }> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  // The restart ends this session too; its error is expected.
  holder.on('error', () => undefined);
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE gem_request_keys IN ACCESS EXCLUSIVE MODE');
  return { release: () => holder.end().catch(() => undefined) };
}

/** The backend of the request that waits on the lock. */
async function waitingBackend(): Promise<number> {
  const observer = new pg.Client({ connectionString: databaseUrl });
  await observer.connect();
  try {
    return await vi.waitFor(
      async () => {
        const { rows } = await observer.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        if (rows.length !== 1) throw new Error(`${rows.length} backends wait on a lock`);
        return rows[0]!.pid;
      },
      { timeout: 20_000, interval: 50 },
    );
  } finally {
    await observer.end();
  }
}

const collect = (user: TestUser, key: string) =>
  post(t.app, '/api/gems/collect', undefined, user.cookie, { headers: { 'idempotency-key': key } });

/** A new customer's first collection, counted once: the balance is what this one collection gave. */
function expectCollectedOnce(response: Awaited<ReturnType<typeof collect>>) {
  expect(response.statusCode).toBe(200);
  const body = response.json<{ status: string; points: number; total_points: number }>();
  expect(body.status).toBe('success');
  expect(body.total_points).toBe(body.points);
}

function expectOutageAnswer(response: Awaited<ReturnType<typeof collect>>) {
  expect(response.statusCode).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({ error: httpMessages.outage, code: errorCodes.unavailable });
}

describe('a connection lost under a transaction', () => {
  it('a PostgreSQL restart while a collection waits on a lock: the request fails cleanly, a retry works', async () => {
    const user = await createCustomer(t);
    const lock = await lockGemKeys();
    const key = randomUUID();
    const pending = collect(user, key);
    await waitingBackend();
    await cluster.restart();
    const answer = await pending;
    await lock.release();
    expectOutageAnswer(answer);
    // The same key again once the database is back: the collection happens (once).
    const retried = await vi.waitFor(
      async () => {
        const response = await collect(user, key);
        if (response.statusCode === 503) throw new Error('still unavailable');
        return response;
      },
      { timeout: 20_000, interval: 100 },
    );
    expectCollectedOnce(retried);
  });

  it('pg_terminate_backend of the transaction’s backend: the request fails cleanly, the next one works', async () => {
    const user = await createCustomer(t);
    const lock = await lockGemKeys();
    const key = randomUUID();
    const pending = collect(user, key);
    const pid = await waitingBackend();
    const killer = new pg.Client({ connectionString: databaseUrl });
    await killer.connect();
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    await killer.end();
    const answer = await pending;
    await lock.release();
    expectOutageAnswer(answer);
    const retried = await collect(user, key);
    expectCollectedOnce(retried);
  });
});

describe('the database stopped', () => {
  it('answers 503 with Retry-After while it is down, says so once, and /readyz follows it both ways', async () => {
    const user = await createCustomer(t);
    expect((await get(t.app, '/readyz')).statusCode).toBe(200);
    logged.length = 0;
    await cluster.stop();
    try {
      await vi.waitFor(async () => expect((await get(t.app, '/readyz')).json()).toEqual({ status: 'unavailable', failing: ['database'] }), {
        timeout: 5000,
        interval: 50,
      });
      for (let i = 0; i < 5; i += 1) {
        const answer = await get(t.app, '/api/gems/balance', user.cookie);
        expect(answer.statusCode).toBe(503);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(answer.json()).toEqual({ error: httpMessages.outage, code: errorCodes.unavailable });
      }
    } finally {
      await cluster.start();
    }
    await vi.waitFor(async () => expect((await get(t.app, '/readyz')).statusCode).toBe(200), { timeout: 5000, interval: 50 });
    const after = await get(t.app, '/api/gems/balance', user.cookie);
    expect(after.statusCode).toBe(200);
    expect(logged.filter((line) => line.message.startsWith('database unavailable'))).toHaveLength(1);
    expect(logged.filter((line) => line.message.startsWith('database available again'))).toHaveLength(1);
  });
});

describe('a job that fails while the database is away', () => {
  it('records its failure once the database is back, instead of waiting out its lease', async () => {
    const name = `outage.job_${randomUUID().slice(0, 8)}`;
    const waiting: string[] = [];
    const logger = {
      info: () => undefined,
      error: () => undefined,
      warn: (_details: object, message: string) => void waiting.push(message),
    };
    const worker = new JobWorker(database.db, { pollIntervalMs: 50, leaseMs: 120_000, wakeOnEnqueue: false, logger });
    worker.register({
      name,
      handler: async () => {
        // The provider call failed, and the database went away before the failure was written.
        await cluster.stop();
        throw new Error('the provider refused');
      },
    });
    const id = await enqueue(database.db, name, {});
    worker.start();
    try {
      // The worker found it could not write the failure down: the database comes back.
      await vi.waitFor(
        () => expect(waiting).toContain(`job ${name} failed while the database is unreachable; recording it once it is back`),
        { timeout: 30_000, interval: 20 },
      );
      await cluster.start();
      const row = await vi.waitFor(
        async () => {
          const [found] = await database.db.select().from(jobs).where(eq(jobs.id, id!));
          if (found?.status !== 'queued' || found.attempts !== 1) throw new Error(`job is ${found?.status}, attempt ${found?.attempts}`);
          return found;
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(row.lastError).toContain('the provider refused');
    } finally {
      await worker.stop();
    }
  });
});

describe('what counts as the database being unreachable', () => {
  it('a sale whose connection was lost under it (its driver error is not kept) is still an outage, not a bug', () => {
    const lost = new SaleWriteError(new Error('Connection terminated unexpectedly'));
    expect(databaseUnreachable(lost)).toBe(true);
    expect(
      databaseUnreachable(
        new SaleWriteError(Object.assign(new Error('new row violates check constraint'), { code: '23514', severity: 'ERROR' })),
      ),
    ).toBe(false);
  });

  it('a provider’s refused socket is not the database', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(databaseUnreachable(new TypeError('fetch failed', { cause: refused }))).toBe(false);
    expect(databaseUnreachable(refused)).toBe(true);
  });
});
