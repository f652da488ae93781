import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOf, HOP_OUT_OF_TRANSACTION, type Database } from '../src/db/client';
import { findInCauses } from '../src/lib/error-causes';
import { openTestDatabase } from './support/db';

/**
 * The test databases refuse a query sent to the pool from inside an open transaction (db/client.ts,
 * docs/decisions.md §2.18): on the embedded engine it would wait forever for the session held by
 * the transaction waiting for it, so the PostgreSQL runs must catch it too. Runs on both engines.
 */
describe('a query that leaves its open transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const one = async (db: Database['db']) => ((await db.execute(sql`select 1 as n`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
  /** The refusal, found under whatever the query builder wrapped it in. */
  const refusedAsHop = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(findInCauses(error, (candidate) => (candidate.message === HOP_OUT_OF_TRANSACTION ? true : undefined))).toBe(true);
  };

  it('is refused, and the transaction rolls back', async () => {
    await database.exec('create table hop_probe (id int primary key)');
    await refusedAsHop(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into hop_probe values (1)`);
        await one(database.db);
      }),
    );
    expect(await database.query('select * from hop_probe')).toEqual([]);
  });

  it('is refused through raw SQL, a session connection and a second transaction alike', async () => {
    for (const hop of [
      () => database.query('select 1'),
      () => database.withConnection((connection) => connection.query('select 1')),
      () => database.db.transaction((inner) => one(inner)),
    ]) {
      await refusedAsHop(database.db.transaction(async () => hop()));
    }
  });

  it('leaves the transaction itself, its savepoints and the pool afterwards alone', async () => {
    let later: Promise<number | undefined> | undefined;
    let ended!: () => void;
    const transactionEnded = new Promise<void>((resolve) => (ended = resolve));
    const inside = await database.db.transaction(async (tx) => {
      const nested = await tx.transaction((savepoint) => one(savepoint));
      // Started inside, run once the transaction has ended: not a hop.
      later = transactionEnded.then(() => one(database.db));
      return nested;
    });
    ended();
    expect(inside).toBe(1);
    expect(await later).toBe(1);
    // Transactions side by side each have their own connection.
    expect(await Promise.all([0, 1].map(() => database.db.transaction((tx) => one(tx))))).toEqual([1, 1]);
  });
});

/** What caches per database (the gem ledger's system accounts) keys on: the database, whatever the handle. */
describe('databaseOf', () => {
  it('is the same for a database and its transactions, and differs between databases', async () => {
    const [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    try {
      const inside = await first.db.transaction(async (tx) => databaseOf(tx));
      expect(inside).toBe(databaseOf(first.db));
      expect(databaseOf(second.db)).not.toBe(databaseOf(first.db));
      expect(await second.db.transaction(async (tx) => databaseOf(tx))).toBe(databaseOf(second.db));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
