import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { logErrorToStderr } from '../lib/log-redaction';
import { DatabaseAvailability } from './availability';
import { PgliteWorkerHost } from './pglite-bridge';
import { traceQueries } from './traced-queries';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Either driver, or a transaction of either: domain functions take this first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * `work` inside the caller's transaction when `db` is one, else in a transaction of its own.
 * Not a savepoint: a failure of `work` fails the caller's whole transaction, which is what the
 * money flows want, and the two statements a savepoint costs are a round trip each (on the
 * embedded database, each a turn of its one session).
 */
export function withinTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

// A boolean, not a type guard: narrowing to PgTransaction would lose the schema's types.
const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** The database each transaction handle was opened on (see `databaseOf`). */
const openedOn = new WeakMap<object, Db>();

/**
 * Makes every transaction of `db` remember `db`: Drizzle gives each transaction a new handle and no
 * public way back to the database it runs on.
 */
function rememberTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction((tx) => {
      openedOn.set(tx, db);
      return work(tx);
    }, config)) as Db['transaction'];
  return db;
}

/**
 * One key for a database and every transaction opened on it, for caches of what never changes in
 * one database (the gem ledger's system accounts). A handle made elsewhere (a nested transaction, a
 * test's own Drizzle) is its own key: such a cache only reads again.
 */
export const databaseOf = (db: Db): object => openedOn.get(db) ?? db;

export interface Connection {
  /** Runs SQL text with several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

/** Channels every pooled connection LISTENs on (see `onNotification`). */
export const CATALOGUE_CHANNEL = 'wise_catalogue';
const POOL_CHANNELS = [CATALOGUE_CHANNEL];

export type NotificationListener = (channel: string, payload: string) => void;

export interface Database extends Connection {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Notifications on POOL_CHANNELS reaching any of the pool's connections: a connection that
   * committed a NOTIFY gets its own before its COMMIT answers (PostgreSQL and PGlite alike), so a
   * listener hears of this process's writes before the writer goes on. Others' writes reach an idle
   * pooled connection too, but a pool may hold none: a listener across instances needs a
   * connection of its own (db/listen.ts). Absent where connections are not pooled.
   */
  onNotification?: (listener: NotificationListener) => () => void;
  /** Whether the database answers now (db/availability.ts); absent for an in-process PGlite. */
  availability: DatabaseAvailability;
  /** One physical connection for work that must not hop (session-level locks). */
  withConnection<T>(work: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An in-process PGlite (test harness, one-off tools): queries run on the calling thread. */
export function wrapPglite(client: PGlite): Database {
  const connection: Connection = {
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query<T>(sqlText, params)).rows,
  };
  return {
    ...connection,
    db: rememberTransactions(drizzlePglite(client, { schema }) as unknown as Db),
    kind: 'pglite',
    // In process: the database goes when the process does, never on its own.
    availability: new DatabaseAvailability(async () => undefined),
    withConnection: (work) => work(connection),
    close: () => client.close(),
  };
}

/** A transaction open in this async chain (see `refuseHopsOutOfTransactions`). */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export const HOP_OUT_OF_TRANSACTION =
  'a query went to the pool while a transaction was open in the same chain: pass the transaction (tx), not the database';

/**
 * Makes the pool refuse a connection asked for while a transaction is open in the same async chain:
 * a query on `db` inside `db.transaction(async (tx) => …)` instead of on `tx`. On PostgreSQL such a
 * query runs on a second connection, outside the transaction (it doesn't see the transaction's
 * writes, and waits forever on a row the transaction locked); on the embedded engine it waits
 * forever for the session, which the transaction that waits for it holds. Tests turn this on for both
 * engines, so the PostgreSQL runs catch what only the embedded engine would hang on
 * (docs/decisions.md §2.18).
 */
function refuseHopsOutOfTransactions(pools: pg.Pool[], db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const state = { open: true };
      try {
        return await openTransaction.run(state, () => work(tx));
      } finally {
        state.open = false;
      }
    }, config)) as Db['transaction'];
  for (const pool of pools) {
    const connect = pool.connect.bind(pool) as (
      callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
    ) => unknown;
    // pg-pool's query() asks this.connect(callback) for its connection, so both paths come through here.
    pool.connect = ((callback?: (error: Error | undefined) => void) => {
      if (!openTransaction.getStore()?.open) return connect(callback);
      const error = new Error(HOP_OUT_OF_TRANSACTION);
      if (!callback) return Promise.reject(error);
      process.nextTick(() => callback(error));
      return undefined;
    }) as pg.Pool['connect'];
  }
}

export interface WrapOptions {
  /** What the pool reaches (the embedded database is reached through a pool too), for the query spans. */
  engine?: 'postgres' | 'pglite';
  /** Refuse a query on the pool from inside an open transaction (tests; see refuseHopsOutOfTransactions). */
  refuseHops?: boolean;
  /**
   * Where `withConnection` takes its connection, when not from `pool`: the embedded engine's pool
   * shares one session between transactions, so session-level state needs a pinned connection.
   */
  sessionPool?: pg.Pool;
  /** Also told of each idle pooled connection that failed (tests; the availability logs what matters). */
  onPoolError?: (error: Error) => void;
}

/** How long the probe waits for its connection and its answer before calling the database unreachable. */
const PROBE_CONNECT_TIMEOUT_MS = 1000;
const PROBE_QUERY_TIMEOUT_MS = 2000;

/**
 * The availability probe's `SELECT 1`. On PostgreSQL it has a connection of its own, outside the
 * pool: a pool busy with requests must not make the database look down, and a connection the
 * server ends (a restart) is heard at once. The embedded engine is asked through its pool.
 */
function availabilityProbe(
  pool: pg.Pool,
  engine: 'postgres' | 'pglite',
  onLost: (error: Error) => void,
): { probe: () => Promise<void>; close: () => Promise<void> } {
  if (engine === 'pglite') return { probe: async () => void (await pool.query('SELECT 1')), close: async () => undefined };
  let client: pg.Client | undefined;
  let closed = false;
  const drop = (failed: pg.Client) => {
    if (client === failed) client = undefined;
    failed.end().catch(() => undefined);
  };
  return {
    probe: async () => {
      if (closed) return;
      let current = client;
      if (!current) {
        const opened = new pg.Client({
          ...pool.options,
          connectionTimeoutMillis: PROBE_CONNECT_TIMEOUT_MS,
          query_timeout: PROBE_QUERY_TIMEOUT_MS,
        });
        opened.on('error', (error) => {
          drop(opened);
          if (!closed) onLost(error);
        });
        try {
          await opened.connect();
        } catch (error) {
          drop(opened);
          throw error;
        }
        client = current = opened;
      }
      try {
        await current.query('SELECT 1');
      } catch (error) {
        drop(current);
        throw error;
      }
    },
    close: async () => {
      closed = true;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * Every connection of `pool` keeps an `error` listener for its whole life. pg-pool listens only while
 * a connection is idle and removes its listener when the connection is checked out, so a connection
 * the server ended under a transaction (a restart, `pg_terminate_backend`, an idle-in-transaction
 * time-out) emitted `error` with nobody listening, and Node ended the process. pg has already failed
 * the connection's queries with the error (the request answers 503) and pg-pool drops a connection
 * that is no longer queryable when it is released; what is left here is to tell the availability.
 */
function guardConnections(pool: pg.Pool, onLost: (error: Error) => void): void {
  pool.on('connect', (client) => {
    client.on('error', onLost);
  });
  // An idle connection's failure comes here (pg-pool has removed it); without a listener it would crash the process.
  pool.on('error', onLost);
}

export function wrapPool(
  pool: pg.Pool,
  { engine = 'postgres', refuseHops = false, sessionPool = pool, onPoolError }: WrapOptions = {},
): Database {
  traceQueries(pool, engine);
  if (sessionPool !== pool) traceQueries(sessionPool, engine);
  const lost = (error: Error) => availability.suspect(error);
  if (onPoolError) pool.on('error', onPoolError);
  const probe = availabilityProbe(pool, engine, lost);
  const availability = new DatabaseAvailability(probe.probe);
  guardConnections(pool, lost);
  if (sessionPool !== pool) guardConnections(sessionPool, lost);
  const listeners = new Set<NotificationListener>();
  // The pool waits for this before handing a new connection out (pg-pool's onConnect), so the
  // LISTEN never overlaps the query the connection was opened for. A failed LISTEN costs only this
  // connection's self-notifications; the query that follows reports its own errors.
  const previous = pool.options.onConnect as ((client: pg.ClientBase) => unknown) | undefined;
  const onConnect = async (client: pg.ClientBase): Promise<void> => {
    await previous?.(client);
    client.on('notification', (message) => {
      for (const listener of listeners) listener(message.channel, message.payload ?? '');
    });
    for (const channel of POOL_CHANNELS) await client.query(`LISTEN ${channel}`).catch(() => undefined);
  };
  // @types/pg types the hook as returning nothing; pg-pool awaits what it returns.
  pool.options.onConnect = onConnect as (client: pg.ClientBase) => void;
  // A pinned connection's COMMIT answer carries the notifications it caused, like any other's: the
  // listeners hear them from it too (the session already LISTENs through the pool's connections).
  if (sessionPool !== pool) {
    sessionPool.options.onConnect = ((client: pg.ClientBase) => {
      client.on('notification', (message) => {
        for (const listener of listeners) listener(message.channel, message.payload ?? '');
      });
    }) as (client: pg.ClientBase) => void;
  }
  const db = rememberTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  if (refuseHops) refuseHopsOutOfTransactions(sessionPool === pool ? [pool] : [pool, sessionPool], db);
  return {
    onNotification: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    db,
    kind: 'postgres',
    availability,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => {
      const result = await pool.query(sqlText, params);
      return result.rows as T[];
    },
    withConnection: async (work) => {
      const client = await sessionPool.connect();
      try {
        return await work({
          exec: async (sqlText) => {
            await client.query(sqlText);
          },
          query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query(sqlText, params)).rows as T[],
        });
      } finally {
        // A pinned embedded connection holds the session while it lives: it ends with its work.
        client.release(sessionPool !== pool);
      }
    },
    close: async () => {
      availability.stop();
      await probe.close();
      await pool.end();
      if (sessionPool !== pool) await sessionPool.end();
    },
  };
}

interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** See WrapOptions. */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL connections at most (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** See WrapOptions. */
  refuseHops?: boolean;
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite persisted in dataDir, run in
 * a worker thread (pglite-bridge.ts) and reached through the same `pg` code path as PostgreSQL.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Lost connections are handled in wrapPool (guardConnections): the pool replaces them and the availability logs the outage.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20, connectionTimeoutMillis: 5000 });
    return wrapPool(pool, { refuseHops: options.refuseHops, onPoolError: options.onPoolError });
  }
  const host = new PgliteWorkerHost({ dataDir: `${options.dataDir}/pglite` }, (message) =>
    logErrorToStderr('embedded database', new Error(message)),
  );
  await host.start();
  const pool = host.createPool();
  const sessionPool = host.createPool({ max: 1, pinned: true });
  const database = wrapPool(pool, { engine: 'pglite', refuseHops: options.refuseHops, sessionPool, onPoolError: options.onPoolError });
  return {
    ...database,
    kind: 'pglite',
    close: async () => {
      await database.close();
      await host.close();
    },
  };
}
