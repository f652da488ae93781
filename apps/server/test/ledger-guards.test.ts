import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { collectDailyGems } from '../src/domain/gems/collection';
import { captureGemHold, placeGemHold, releaseGemHold } from '../src/domain/gems/holds';
import { derivedBalance, getGemBalance, getUserAccountBalance, systemAccountId } from '../src/domain/gems/ledger';
import { accrueReward, claimRewards, getClaimableRewards } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import { openTestDatabase } from './support/db';
import { commitSql, insertUsers, refusalOf } from './support/gem-users';

/**
 * Migration 0005: the database keeps the ledger's rules even against hand-written SQL. Every
 * refusal is attempted in a transaction that is rolled back, so a guard that failed to fire
 * cannot spoil the other tests; each test works on its own customers.
 */

const clock = new ManualClock('2026-08-03T09:00:00Z'); // Monday in Lagos
const calendar = { clock, timeZone: 'Africa/Lagos' };
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const refused = (statements: string) => refusalOf(database, statements);

async function accountId(userId: string, kind: 'available' | 'rewards'): Promise<string> {
  const [row] = await database.query<{ id: string }>('SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = $2', [userId, kind]);
  if (!row) throw new Error(`no ${kind} account for ${userId}`);
  return row.id;
}

/** A customer with `gems` spendable gems, credited the way real gems arrive. */
async function customerWith(gems: number): Promise<string> {
  const [userId] = await insertUsers(database, 1);
  await accrueReward(database.db, clock, { userId: userId!, source: `seed:${randomUUID()}`, amount: gems, description: 'Seed' });
  await claimRewards(database.db, clock, userId!);
  return userId!;
}

/** Cache and lines agree for both of a customer's accounts. */
async function expectConsistent(userId: string) {
  for (const kind of ['available', 'rewards'] as const) {
    const id = await accountId(userId, kind);
    expect(await getUserAccountBalance(database.db, userId, kind)).toBe(await derivedBalance(database.db, id));
  }
}

describe('gem_accounts', () => {
  it('refuses a direct UPDATE of a cached balance, even with the line flag set by hand', async () => {
    const userId = await customerWith(10);
    const available = await accountId(userId, 'available');
    expect(await refused(`UPDATE gem_accounts SET balance = balance + 5 WHERE id = '${available}';`)).toMatch(
      /moves only with a ledger line/,
    );
    expect(await refused(`UPDATE gem_accounts SET balance = 0 WHERE id = '${available}';`)).toMatch(/moves only with a ledger line/);
    expect(
      await refused(`SELECT set_config('wise.gem_applying_line', 'on', true);
        UPDATE gem_accounts SET balance = 1000000 WHERE id = '${available}';`),
    ).toMatch(/moves only with a ledger line/);
    // Outside an explicit transaction too (autocommit).
    await expect(database.exec(`UPDATE gem_accounts SET balance = 99 WHERE user_id = '${userId}'`)).rejects.toThrow(
      /moves only with a ledger line/,
    );
    expect(await getGemBalance(database.db, userId)).toBe(10);
    await expectConsistent(userId);
  });

  it("never changes an account's owner, kind or code", async () => {
    const [userId, other] = await insertUsers(database, 2);
    await collectDailyGems(database.db, calendar, userId!);
    const available = await accountId(userId!, 'available');
    const spend = await systemAccountId(database.db, 'bill_spend');
    expect(await refused(`UPDATE gem_accounts SET user_id = '${other}' WHERE id = '${available}';`)).toMatch(/never changes owner/);
    expect(await refused(`UPDATE gem_accounts SET kind = 'rewards' WHERE id = '${available}';`)).toMatch(/never changes owner/);
    expect(await refused(`UPDATE gem_accounts SET code = 'holds' WHERE id = '${spend}';`)).toMatch(/never changes owner/);
    expect(await refused(`DELETE FROM gem_accounts WHERE id = '${available}';`)).toMatch(/append-only/);
  });

  it('starts every customer account at zero; system accounts keep no cache', async () => {
    const [userId] = await insertUsers(database, 1);
    expect(await refused(`INSERT INTO gem_accounts (kind, user_id, balance) VALUES ('available', '${userId}', 100);`)).toMatch(
      /starts at 0/,
    );
    expect(await refused(`INSERT INTO gem_accounts (kind, user_id, balance) VALUES ('rewards', '${userId}', NULL);`)).toMatch(
      /starts at 0/,
    );
    expect(await refused(`INSERT INTO gem_accounts (kind, code, balance) VALUES ('system', 'extra', 0);`)).toMatch(
      /gem_accounts_cached_balance/,
    );
    await database.exec(`INSERT INTO gem_accounts (kind, user_id, balance) VALUES ('available', '${userId}', 0)`);
    expect(await getGemBalance(database.db, userId!)).toBe(0);
  });
});

describe('gem_entry_lines', () => {
  it('seals an entry at commit: a later transaction cannot add lines, even balanced ones', async () => {
    const userId = await customerWith(20);
    const rewards = await accountId(userId, 'rewards');
    const available = await accountId(userId, 'available');
    const program = await systemAccountId(database.db, 'rewards_program');
    const [accrual] = await database.query<{ id: string }>(`SELECT id FROM gem_entries WHERE user_id = $1 AND reason = 'reward_accrual'`, [
      userId,
    ]);
    const lines = `INSERT INTO gem_entry_lines (entry_id, account_id, amount) VALUES
      ('${accrual!.id}', '${program}', -500), ('${accrual!.id}', '${available}', 500);`;
    expect(await refused(lines)).toMatch(/is sealed/);
    expect(await refused(`SAVEPOINT s; ${lines} RELEASE s;`)).toMatch(/is sealed/);
    await expect(database.exec(lines)).rejects.toThrow(/is sealed/);
    const [count] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM gem_entry_lines WHERE entry_id = $1', [
      accrual!.id,
    ]);
    expect(count!.n).toBe(2);
    expect(await getGemBalance(database.db, userId)).toBe(20);
    expect(await derivedBalance(database.db, rewards)).toBe(0);
    await expectConsistent(userId);
  });

  it('accepts lines written with their entry, in the same transaction or its savepoints', async () => {
    const userId = await customerWith(30);
    const available = await accountId(userId, 'available');
    const spend = await systemAccountId(database.db, 'bill_spend');
    const entry = (id: string) =>
      `INSERT INTO gem_entries (id, idempotency_key, reason, user_id) VALUES ('${id}', '${randomUUID()}', 'hold', '${userId}');`;
    const pair = (id: string, n: number) =>
      `INSERT INTO gem_entry_lines (entry_id, account_id, amount) VALUES ('${id}', '${available}', -${n}), ('${id}', '${spend}', ${n});`;
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await commitSql(database, `${entry(a)} ${pair(a, 1)}`);
    await commitSql(database, `${entry(b)} SAVEPOINT s; ${pair(b, 2)} RELEASE s;`);
    await commitSql(database, `SAVEPOINT s; ${entry(c)} RELEASE s; ${pair(c, 3)}`);
    expect(await getGemBalance(database.db, userId)).toBe(30 - 6);
    await expectConsistent(userId);
  });

  it('tells our own transaction id from older, newer and not-yet-assigned ones', async () => {
    const [row] = await database.query<Record<string, boolean>>(`
      SELECT gem_xid_is_current(low::text::xid) AS own,
             gem_xid_is_current(((low + 4294967295) % 4294967296)::text::xid) AS previous,
             gem_xid_is_current(((low + 1000000) % 4294967296)::text::xid) AS future,
             gem_xid_is_current(((low + 2147483648) % 4294967296)::text::xid) AS opposite
        FROM (SELECT pg_current_xact_id()::text::bigint % 4294967296 AS low) AS current`);
    expect(row).toEqual({ own: true, previous: false, future: false, opposite: false });
  });

  it("refuses a line on another customer's account", async () => {
    const [owner, stranger] = await insertUsers(database, 2);
    await collectDailyGems(database.db, calendar, stranger!);
    const strangersAccount = await accountId(stranger!, 'available');
    const daily = await systemAccountId(database.db, 'daily_collection');
    const id = randomUUID();
    const message = await refused(`
      INSERT INTO gem_entries (id, idempotency_key, reason, user_id) VALUES ('${id}', '${randomUUID()}', 'daily_collection', '${owner}');
      INSERT INTO gem_entry_lines (entry_id, account_id, amount) VALUES ('${id}', '${daily}', -5), ('${id}', '${strangersAccount}', 5);`);
    expect(message).toMatch(/belongs to another customer/);
    expect(await getGemBalance(database.db, stranger!)).toBe(10);
  });
});

describe('history is never rewritten', () => {
  const journal = ['gem_accounts', 'gem_entries', 'gem_entry_lines', 'gem_collections', 'gem_holds', 'gem_reward_claims', 'gem_rewards'];

  it('refuses DELETE on every gem table', async () => {
    const userId = await customerWith(40);
    await collectDailyGems(database.db, calendar, userId);
    await placeGemHold(database.db, clock, { userId, amount: 5, reference: `bill:${randomUUID()}` });
    for (const table of journal) {
      const [row] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'gem_entry_lines' ? 'entry_id IN (SELECT id FROM gem_entries WHERE user_id = $1)' : 'user_id = $1'}`,
        [userId],
      );
      expect(row!.n, table).toBeGreaterThan(0);
      const where =
        table === 'gem_entry_lines' ? `entry_id IN (SELECT id FROM gem_entries WHERE user_id = '${userId}')` : `user_id = '${userId}'`;
      expect(await refused(`DELETE FROM ${table} WHERE ${where};`), table).toMatch(/append-only \(DELETE on /);
    }
  });

  it('refuses TRUNCATE on every gem table, with or without CASCADE', async () => {
    for (const table of journal) {
      expect(await refused(`TRUNCATE ${table} CASCADE;`), table).toMatch(/append-only \(TRUNCATE on /);
    }
    expect(await refused('TRUNCATE gem_entry_lines;')).toMatch(/append-only \(TRUNCATE on gem_entry_lines\)/);
  });

  it('lets a hold settle once and a reward be claimed once, and nothing else change', async () => {
    const userId = await customerWith(50);
    const hold = await placeGemHold(database.db, clock, { userId, amount: 10, reference: `bill:${randomUUID()}` });
    expect(await refused(`UPDATE gem_holds SET amount = 1 WHERE id = '${hold.id}';`)).toMatch(/settle once/);
    await captureGemHold(database.db, clock, hold.id);
    expect(await refused(`UPDATE gem_holds SET status = 'released' WHERE id = '${hold.id}';`)).toMatch(/settle once/);
    expect(
      await refused(`UPDATE gem_holds SET status = 'pending', settle_entry_id = NULL, settled_at = NULL WHERE id = '${hold.id}';`),
    ).toMatch(/settle once/);

    expect(await refused(`UPDATE gem_rewards SET claim_id = NULL WHERE user_id = '${userId}';`)).toMatch(/claimed once/);
    await accrueReward(database.db, clock, { userId, source: `sale:${randomUUID()}`, amount: 3, description: 'Another sale' });
    expect(await refused(`UPDATE gem_rewards SET amount = 300 WHERE user_id = '${userId}' AND claim_id IS NULL;`)).toMatch(/claimed once/);
    expect(await refused(`UPDATE gem_reward_claims SET amount = amount + 1 WHERE user_id = '${userId}';`)).toMatch(/append-only/);

    await collectDailyGems(database.db, calendar, userId);
    expect(await refused(`UPDATE gem_collections SET amount = 50 WHERE user_id = '${userId}';`)).toMatch(/append-only/);
    expect(await getClaimableRewards(database.db, userId)).toBe(3);
    await expectConsistent(userId);
  });
});

describe('normal operations under the guards', () => {
  it('collect, accrue, claim, hold, capture and release all still work and keep the cache equal to the lines', async () => {
    const [userId] = await insertUsers(database, 1);
    clock.set('2026-08-10T09:00:00Z'); // Monday: +10
    await collectDailyGems(database.db, calendar, userId!);
    await accrueReward(database.db, clock, { userId: userId!, source: `sale:${randomUUID()}`, amount: 25, description: 'Sale' });
    expect(await getClaimableRewards(database.db, userId!)).toBe(25);
    await claimRewards(database.db, clock, userId!);
    expect(await getGemBalance(database.db, userId!)).toBe(35);
    const captured = await placeGemHold(database.db, clock, { userId: userId!, amount: 15, reference: `bill:${randomUUID()}` });
    const released = await placeGemHold(database.db, clock, { userId: userId!, amount: 20, reference: `bill:${randomUUID()}` });
    expect(await getGemBalance(database.db, userId!)).toBe(0);
    await captureGemHold(database.db, clock, captured.id);
    await releaseGemHold(database.db, clock, released.id);
    expect(await getGemBalance(database.db, userId!)).toBe(20);
    await expectConsistent(userId!);
  });
});
