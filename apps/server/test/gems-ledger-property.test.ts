import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { gemDayAt, gemErrorCodes } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { collectDailyGems } from '../src/domain/gems/collection';
import { captureGemHold, getHeldGems, placeGemHold, releaseGemHold, type GemHold } from '../src/domain/gems/holds';
import { auditLedger } from '../src/domain/gems/audit';
import { derivedBalance, getGemBalance, getUserAccountBalance, postEntry, systemAccountId } from '../src/domain/gems/ledger';
import { DomainError } from '../src/domain/errors';
import { accrueReward, claimRewards, getClaimableRewards, getTotalClaimedRewards } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, type TestApp } from './support/app';

/**
 * Model-based property test of the ledger: random sequences of collections, reward accruals and
 * claims, holds, captures, releases and replays, checked against a plain in-memory model and
 * against the journal's invariants after every run.
 */

const TIME_ZONE = 'Africa/Lagos';
const BASE = Date.parse('2026-04-06T07:00:00Z'); // Monday 08:00 in Lagos
const DAY_MS = 86_400_000;

let t: TestApp;
let db: Db;
const clock = new ManualClock(new Date(BASE));

beforeAll(async () => {
  t = await createTestApp({ clock });
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

async function newUsers(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const tag = randomUUID().replaceAll('-', '');
    const rows = await t.database.query<{ id: string }>(
      `INSERT INTO users (full_name, username, email, phone, password_hash) VALUES ('Prop Test', $1, $2, $3, 'x') RETURNING id`,
      [`p${tag.slice(0, 18)}`, `${tag}@prop.com`, `+${tag.replace(/\D/g, '').padEnd(12, '7').slice(0, 12)}${i}`],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

type Op =
  | { kind: 'collect'; user: number; dayOffset: number }
  | { kind: 'accrue'; user: number; amount: number; replay: boolean }
  | { kind: 'claim'; user: number }
  | { kind: 'hold'; user: number; amount: number; replay: boolean }
  | { kind: 'capture'; hold: number; replay: boolean }
  | { kind: 'release'; hold: number; replay: boolean }
  | { kind: 'replayEntry'; pick: number };

const USERS = 3;
const user = fc.nat({ max: USERS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('collect' as const), user, dayOffset: fc.nat({ max: 9 }) }),
  fc.record({ kind: fc.constant('accrue' as const), user, amount: fc.integer({ min: 1, max: 200 }), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('claim' as const), user }),
  fc.record({ kind: fc.constant('hold' as const), user, amount: fc.integer({ min: 1, max: 120 }), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('capture' as const), hold: fc.nat({ max: 30 }), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('release' as const), hold: fc.nat({ max: 30 }), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('replayEntry' as const), pick: fc.nat({ max: 1000 }) }),
);

interface Model {
  available: number[];
  rewards: number[];
  claimed: number[];
  collected: Set<string>;
  holds: { hold: GemHold; status: 'pending' | 'captured' | 'released' }[];
  spent: number;
}

const codeOf = async (work: () => Promise<unknown>): Promise<string | undefined> => {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return String(error.code);
    throw error;
  }
};

async function entryCount(): Promise<number> {
  const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gem_entries');
  return rows[0]!.n;
}

async function run(ops: Op[]): Promise<void> {
  const users = await newUsers(USERS);
  const model: Model = {
    available: users.map(() => 0),
    rewards: users.map(() => 0),
    claimed: users.map(() => 0),
    collected: new Set(),
    holds: [],
    spent: 0,
  };
  const sources: { user: number; source: string; amount: number }[] = [];

  for (const op of ops) {
    switch (op.kind) {
      case 'collect': {
        clock.set(new Date(BASE + op.dayOffset * DAY_MS));
        const today = gemDayAt(clock.now(), TIME_ZONE);
        const key = `${op.user}:${today.localDate}`;
        const code = await codeOf(() => collectDailyGems(db, { clock, timeZone: TIME_ZONE }, users[op.user]!));
        if (model.collected.has(key)) {
          expect(code).toBe(gemErrorCodes.alreadyCollected);
        } else {
          expect(code).toBeUndefined();
          model.collected.add(key);
          model.available[op.user]! += today.amount;
        }
        break;
      }
      case 'accrue': {
        const previous = sources.filter((s) => s.user === op.user).at(-1);
        if (op.replay && previous) {
          const before = await entryCount();
          const again = await accrueReward(db, clock, {
            userId: users[op.user]!,
            source: previous.source,
            amount: previous.amount,
            description: 'replay',
          });
          expect(again.created).toBe(false);
          expect(await entryCount()).toBe(before);
        } else {
          const source = `prop:${randomUUID()}`;
          const accrued = await accrueReward(db, clock, {
            userId: users[op.user]!,
            source,
            amount: op.amount,
            description: `Sale ${source}`,
          });
          expect(accrued.created).toBe(true);
          sources.push({ user: op.user, source, amount: op.amount });
          model.rewards[op.user]! += op.amount;
        }
        break;
      }
      case 'claim': {
        const code = await codeOf(() => claimRewards(db, clock, users[op.user]!));
        if (model.rewards[op.user] === 0) {
          expect(code).toBe(gemErrorCodes.nothingToClaim);
        } else {
          expect(code).toBeUndefined();
          model.available[op.user]! += model.rewards[op.user]!;
          model.claimed[op.user]! += model.rewards[op.user]!;
          model.rewards[op.user] = 0;
        }
        break;
      }
      case 'hold': {
        const previous = model.holds.filter((h) => h.hold.userId === users[op.user]).at(-1);
        if (op.replay && previous) {
          const before = await entryCount();
          const again = await placeGemHold(db, clock, {
            userId: previous.hold.userId,
            amount: previous.hold.amount,
            reference: previous.hold.reference,
          });
          expect(again.id).toBe(previous.hold.id);
          expect(await entryCount()).toBe(before);
          break;
        }
        const reference = `bill:${randomUUID()}`;
        let placed: GemHold | undefined;
        const code = await codeOf(async () => {
          placed = await placeGemHold(db, clock, { userId: users[op.user]!, amount: op.amount, reference });
        });
        if (model.available[op.user]! < op.amount) {
          expect(code).toBe(gemErrorCodes.insufficient);
        } else {
          expect(code).toBeUndefined();
          model.available[op.user]! -= op.amount;
          model.holds.push({ hold: placed!, status: 'pending' });
        }
        break;
      }
      case 'capture':
      case 'release': {
        if (model.holds.length === 0) break;
        const target = model.holds[op.hold % model.holds.length]!;
        const outcome = op.kind === 'capture' ? 'captured' : 'released';
        const settleOnce = () => (op.kind === 'capture' ? captureGemHold : releaseGemHold)(db, clock, target.hold.id);
        const code = await codeOf(settleOnce);
        if (target.status === 'pending') {
          expect(code).toBeUndefined();
          target.status = outcome;
          const owner = users.indexOf(target.hold.userId);
          if (outcome === 'released') model.available[owner]! += target.hold.amount;
          else model.spent += target.hold.amount;
          if (op.replay) {
            const before = await entryCount();
            expect(await codeOf(settleOnce)).toBeUndefined();
            expect(await entryCount()).toBe(before);
          }
        } else if (target.status === outcome) {
          expect(code).toBeUndefined(); // a retried settlement is harmless
        } else {
          expect(code).toBe(gemErrorCodes.holdSettled);
        }
        break;
      }
      case 'replayEntry': {
        // Replaying any key with its original lines is a no-op reported as such.
        const rows = await t.database.query<{ idempotency_key: string; reason: string; user_id: string; id: string }>(
          'SELECT id, idempotency_key, reason, user_id FROM gem_entries WHERE user_id = ANY($1::uuid[]) ORDER BY id',
          [users],
        );
        if (rows.length === 0) break;
        const entry = rows[op.pick % rows.length]!;
        const lines = await t.database.query<{ account_id: string; amount: string }>(
          'SELECT account_id, amount::text AS amount FROM gem_entry_lines WHERE entry_id = $1',
          [entry.id],
        );
        const before = await entryCount();
        const posted = await db.transaction((tx) =>
          postEntry(tx, {
            idempotencyKey: entry.idempotency_key,
            reason: entry.reason as Parameters<typeof postEntry>[1]['reason'],
            userId: entry.user_id,
            at: clock.now(),
            lines: lines.map((l) => ({ accountId: l.account_id, amount: Number(l.amount) })),
          }),
        );
        expect(posted).toEqual({ entryId: entry.id, replayed: true });
        expect(await entryCount()).toBe(before);
        break;
      }
    }
  }

  // The model and the ledger agree, user by user.
  for (const [i, id] of users.entries()) {
    expect(await getGemBalance(db, id)).toBe(model.available[i]);
    expect(await getClaimableRewards(db, id)).toBe(model.rewards[i]);
    expect(await getTotalClaimedRewards(db, id)).toBe(model.claimed[i]);
    expect(await getHeldGems(db, id)).toBe(
      model.holds.filter((h) => h.hold.userId === id && h.status === 'pending').reduce((s, h) => s + h.hold.amount, 0),
    );
    expect(await getUserAccountBalance(db, id, 'available')).toBeGreaterThanOrEqual(0);
  }
  // The journal's invariants for this run's customers (other tests' rows are theirs to check).
  const audit = await auditLedger(db, { userIds: users });
  expect(audit.unbalancedEntries).toEqual([]);
  expect(audit.cacheMismatches).toEqual([]);
  expect(audit.negativeUserAccounts).toEqual([]);
  expect(audit.grandTotal).toBe(0);
  expect(audit.ok).toBe(true);
  // The holds account carries exactly the pending holds (across every run so far).
  const pending = await t.database.query<{ total: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS total FROM gem_holds WHERE status = 'pending'`,
  );
  expect(await derivedBalance(db, await systemAccountId(db, 'holds'))).toBe(Number(pending[0]!.total));
}

describe('ledger properties', () => {
  it('any sequence keeps entries balanced, balances equal to their lines, none negative, replays inert', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), (ops) => run(ops)),
      { numRuns: 30, interruptAfterTimeLimit: 100_000 },
    );
  }, 180_000);

  it('refuses a key reused for a different movement', async () => {
    const [userId] = await newUsers(1);
    const source = `prop:${randomUUID()}`;
    await accrueReward(db, clock, { userId: userId!, source, amount: 5, description: 'first' });
    const rewardsAccount = await t.database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'rewards'`, [
      userId,
    ]);
    const program = await systemAccountId(db, 'rewards_program');
    const attempt = db.transaction((tx) =>
      postEntry(tx, {
        idempotencyKey: `reward:${source}`,
        reason: 'reward_accrual',
        userId: userId!,
        at: clock.now(),
        lines: [
          { accountId: program, amount: -500 },
          { accountId: rewardsAccount[0]!.id, amount: 500 },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: gemErrorCodes.idempotencyMismatch, status: 409 });
    expect(await getClaimableRewards(db, userId!)).toBe(5);
  });

  it('refuses unbalanced entries in code before they reach the database', async () => {
    const [userId] = await newUsers(1);
    const program = await systemAccountId(db, 'rewards_program');
    const spend = await systemAccountId(db, 'bill_spend');
    const base = { idempotencyKey: `bad:${randomUUID()}`, reason: 'reward_accrual' as const, userId: userId!, at: clock.now() };
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          ...base,
          lines: [
            { accountId: program, amount: -5 },
            { accountId: spend, amount: 4 },
          ],
        }),
      ),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          ...base,
          lines: [
            { accountId: program, amount: 0 },
            { accountId: spend, amount: 0 },
          ],
        }),
      ),
    ).rejects.toThrow(RangeError);
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          ...base,
          lines: [
            { accountId: program, amount: -1.5 },
            { accountId: spend, amount: 1.5 },
          ],
        }),
      ),
    ).rejects.toThrow(RangeError);
    await expect(db.transaction((tx) => postEntry(tx, { ...base, lines: [{ accountId: program, amount: 5 }] }))).rejects.toThrow(
      RangeError,
    );
  });
});

describe('the database guards the ledger on its own', () => {
  const insertEntry = async (sqlLines: string, userId: string) => {
    await t.database.withConnection(async (c) => {
      try {
        await c.exec(`BEGIN;
          INSERT INTO gem_entries (id, idempotency_key, reason, user_id) VALUES ('00000000-0000-4000-8000-${randomUUID().slice(-12)}', '${randomUUID()}', 'hold', '${userId}');
          ${sqlLines}
          COMMIT;`);
      } catch (error) {
        await c.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  };

  it('rejects at commit an entry whose lines do not sum to zero, or that has none', async () => {
    const [userId] = await newUsers(1);
    const spend = await systemAccountId(db, 'bill_spend');
    const holds = await systemAccountId(db, 'holds');
    const before = await entryCount();
    await expect(
      insertEntry(
        `INSERT INTO gem_entry_lines (entry_id, account_id, amount) SELECT id, '${spend}', -5 FROM gem_entries ORDER BY created_at DESC LIMIT 0;
         INSERT INTO gem_entry_lines (entry_id, account_id, amount) VALUES ((SELECT id FROM gem_entries WHERE user_id = '${userId}'), '${spend}', -5), ((SELECT id FROM gem_entries WHERE user_id = '${userId}'), '${holds}', 4);`,
        userId!,
      ),
    ).rejects.toThrow(/unbalanced/);
    await expect(insertEntry('', userId!)).rejects.toThrow(/unbalanced/);
    expect(await entryCount()).toBe(before);
  });

  it('refuses a line that would take a user below zero, and any edit of the journal', async () => {
    const [userId] = await newUsers(1);
    await accrueReward(db, clock, { userId: userId!, source: `prop:${randomUUID()}`, amount: 7, description: 'seed' });
    await claimRewards(db, clock, userId!);
    const [available] = await t.database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'available'`, [
      userId,
    ]);
    const spend = await systemAccountId(db, 'bill_spend');
    await expect(
      insertEntry(
        `INSERT INTO gem_entry_lines (entry_id, account_id, amount) VALUES ((SELECT id FROM gem_entries WHERE user_id = '${userId}' AND reason = 'hold'), '${available!.id}', -8), ((SELECT id FROM gem_entries WHERE user_id = '${userId}' AND reason = 'hold'), '${spend}', 8);`,
        userId!,
      ),
    ).rejects.toThrow(/gem_accounts_balance_nonnegative/);
    await expect(t.database.exec(`UPDATE gem_entry_lines SET amount = amount * 2 WHERE account_id = '${available!.id}'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.exec(`DELETE FROM gem_entries WHERE user_id = '${userId}'`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`UPDATE gem_accounts SET balance = -1 WHERE id = '${available!.id}'`)).rejects.toThrow(
      /moves only with a ledger line/,
    );
    expect(await getGemBalance(db, userId!)).toBe(7);
    expect(await derivedBalance(db, available!.id)).toBe(7);
  });

  it('refuses a second collection row for the same user and day', async () => {
    const [userId] = await newUsers(1);
    clock.set('2026-05-01T10:00:00Z');
    await collectDailyGems(db, { clock, timeZone: TIME_ZONE }, userId!);
    const [row] = await t.database.query<{ entry_id: string }>('SELECT entry_id FROM gem_collections WHERE user_id = $1', [userId]);
    await expect(
      t.database.exec(
        `INSERT INTO gem_collections (user_id, local_date, weekday, amount, entry_id, created_at) VALUES ('${userId}', '2026-05-01', 5, 20, '${row!.entry_id}', now())`,
      ),
    ).rejects.toThrow(/duplicate key|unique/);
    await expect(
      t.database.exec(
        `INSERT INTO gem_collections (user_id, local_date, weekday, amount, entry_id, created_at) VALUES ('${userId}', '2026-05-02', 3, 20, '${row!.entry_id}', now())`,
      ),
    ).rejects.toThrow(/weekday_matches|check/);
  });
});
