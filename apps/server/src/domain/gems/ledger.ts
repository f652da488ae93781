import { and, asc, eq, sql } from 'drizzle-orm';
import { GEMS_MAX, gemErrorCodes, gemMessages } from '@wise/shared';
import { databaseOf, type Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { violatedConstraint } from '#server/lib/db-errors';
import {
  gemAccounts,
  gemEntries,
  gemEntryLines,
  type GemAccountKind,
  type GemEntryReason,
  type GemSystemAccount,
} from '#server/db/schema/gems';
import { DomainError } from '../errors';

/**
 * The Wise Gems ledger (docs/decisions.md §4): double-entry, append-only, idempotent.
 *
 * - Every movement is one `gem_entries` row with lines whose signed amounts sum to zero
 *   (checked here before writing and again by a deferred constraint trigger at commit).
 * - A user-owned account's balance is cached on `gem_accounts.balance`, moved by a trigger in the
 *   same transaction as the lines; `CHECK (balance >= 0)` makes a negative balance impossible
 *   under any interleaving. Writers also lock the account row first so that an overdraft is a
 *   clean, typed refusal rather than a constraint error.
 * - Each entry carries a unique idempotency key: replaying a key returns the first entry and
 *   moves nothing.
 * - The database enforces the rest on its own (0005_ledger_guards.sql); `audit.ts` recomputes
 *   everything from the lines.
 */

export type UserGemAccountKind = Exclude<GemAccountKind, 'system'>;

export interface LedgerLine {
  accountId: string;
  /** Signed whole gems: positive adds to the account, negative takes from it. */
  amount: number;
}

export interface EntryInput {
  idempotencyKey: string;
  reason: GemEntryReason;
  userId: string;
  lines: LedgerLine[];
  memo?: string;
  at: Date;
}

export interface PostedEntry {
  entryId: string;
  /** True when the key had already been used: nothing moved this time. */
  replayed: boolean;
}

export const insufficientGems = () => new DomainError(gemErrorCodes.insufficient, gemMessages.insufficient, 409);

/** Refuses anything that is not a positive whole number of gems within the ledger's range. */
export function assertGemAmount(amount: number, what = 'gem amount'): number {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > GEMS_MAX) {
    throw new RangeError(`${what} must be a whole number of gems in 1..${GEMS_MAX}, got ${amount}`);
  }
  return amount;
}

/** Sums come back from PostgreSQL as bigint text; anything past 2^53 would be silently wrong. */
function toSafeInteger(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} is not a safe integer: ${String(value)}`);
  return n;
}

/** The constraint a check violation (SQLSTATE 23514) hit, looking through driver wrappers. */
export const checkViolation = (error: unknown): string | undefined => violatedConstraint(error, '23514');

/** Turns the database's last line of defence into the customer's "Insufficient balance". */
export async function mapOverdraft<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (checkViolation(error) === 'gem_accounts_balance_nonnegative') throw insufficientGems();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

const systemAccountIds = new WeakMap<object, Map<GemSystemAccount, string>>();

/**
 * The id of a system account (seeded by the migration; ids never change, so they are cached).
 * Cached per database, not per handle (`databaseOf`): a transaction is a new handle each time, and
 * the payouts' and rewards' transactions do not read it again.
 */
export async function systemAccountId(db: Db, code: GemSystemAccount): Promise<string> {
  const key = databaseOf(db);
  const cached = systemAccountIds.get(key)?.get(code);
  if (cached) return cached;
  const [row] = await db.select({ id: gemAccounts.id }).from(gemAccounts).where(eq(gemAccounts.code, code));
  if (!row) throw new Error(`gem system account ${code} is missing: has migration 0003 run?`);
  const map = systemAccountIds.get(key) ?? new Map<GemSystemAccount, string>();
  map.set(code, row.id);
  systemAccountIds.set(key, map);
  return row.id;
}

const userAccount = (userId: string, kind: UserGemAccountKind) => and(eq(gemAccounts.userId, userId), eq(gemAccounts.kind, kind));

/** Creates the user's account of a kind if it does not exist yet (safe under concurrency). */
export async function ensureUserAccount(db: Db, userId: string, kind: UserGemAccountKind): Promise<string> {
  // Nearly always there already: one read, and the insert only for a first movement.
  const [existing] = await db.select({ id: gemAccounts.id }).from(gemAccounts).where(userAccount(userId, kind));
  if (existing) return existing.id;
  await createUserAccount(db, userId, kind);
  const [row] = await db.select({ id: gemAccounts.id }).from(gemAccounts).where(userAccount(userId, kind));
  if (!row) throw new Error(`gem account ${kind} for ${userId} vanished after insert`);
  return row.id;
}

/** Its first movement creates a user's account; a racing creator's row wins, unharmed. */
async function createUserAccount(db: Db, userId: string, kind: UserGemAccountKind): Promise<void> {
  await db
    .insert(gemAccounts)
    .values({ kind, userId, balance: 0 })
    .onConflictDoNothing({ target: [gemAccounts.userId, gemAccounts.kind] });
}

/**
 * Creates (if needed) and row-locks a user's account until the transaction ends, returning its
 * balance as of the lock. Every writer that may take gems away goes through here first.
 */
export async function lockUserAccount(tx: Db, userId: string, kind: UserGemAccountKind): Promise<{ accountId: string; balance: number }> {
  // The account is found and locked in one statement; only a first movement creates it first.
  const lock = () =>
    tx.select({ id: gemAccounts.id, balance: gemAccounts.balance }).from(gemAccounts).where(userAccount(userId, kind)).for('update');
  let [row] = await lock();
  if (!row) {
    await createUserAccount(tx, userId, kind);
    [row] = await lock();
  }
  if (!row) throw new Error(`gem account ${kind} for ${userId} vanished after insert`);
  if (row.balance === null) throw new Error(`gem account ${row.id} has no cached balance`);
  return { accountId: row.id, balance: toSafeInteger(row.balance, 'cached balance') };
}

/**
 * THE balance of a customer: spendable gems (held gems are excluded until released). Every
 * screen that shows or caps by the gem balance calls this — dashboard `wallet`,
 * `total_points`, /earn, and the bill amount caps.
 */
export async function getGemBalance(db: Db, userId: string): Promise<number> {
  return getUserAccountBalance(db, userId, 'available');
}

export async function getUserAccountBalance(db: Db, userId: string, kind: UserGemAccountKind): Promise<number> {
  const [row] = await accountBalanceRow(db).execute({ userId, kind });
  return row?.balance == null ? 0 : toSafeInteger(row.balance, 'cached balance');
}

/** Prepared (db/prepared.ts): the balance is read on every gem screen, and building it was most of its cost. */
const accountBalanceRow = (db: Db) =>
  prepared(db, 'gem_account_balance', (d) =>
    d
      .select({ balance: gemAccounts.balance })
      .from(gemAccounts)
      .where(and(eq(gemAccounts.userId, sql.placeholder('userId')), eq(gemAccounts.kind, sql.placeholder('kind'))))
      .prepare('gem_account_balance'),
  );

/** An account's balance recomputed from its lines (audits and tests compare it with the cache). */
export async function derivedBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${gemEntryLines.amount}), 0)` })
    .from(gemEntryLines)
    .where(eq(gemEntryLines.accountId, accountId));
  return toSafeInteger(row?.total ?? 0, 'derived balance');
}

// ---------------------------------------------------------------------------------------------
// Entries
// ---------------------------------------------------------------------------------------------

const MAX_LINES = 16;

function assertBalanced(input: EntryInput): void {
  const { lines, idempotencyKey } = input;
  if (idempotencyKey.length < 1 || idempotencyKey.length > 200) throw new RangeError('idempotency key must be 1-200 characters');
  if (lines.length < 2 || lines.length > MAX_LINES) throw new RangeError(`an entry needs 2-${MAX_LINES} lines, got ${lines.length}`);
  let sum = 0;
  const accounts = new Set<string>();
  for (const line of lines) {
    assertGemAmount(Math.abs(line.amount), 'line amount');
    if (accounts.has(line.accountId)) throw new RangeError(`account ${line.accountId} appears twice in one entry`);
    accounts.add(line.accountId);
    sum += line.amount;
  }
  if (sum !== 0) throw new RangeError(`entry ${idempotencyKey} is unbalanced by ${sum}`);
}

const sameLines = (a: LedgerLine[], b: LedgerLine[]) => {
  const key = (lines: LedgerLine[]) =>
    lines
      .map((l) => `${l.accountId}:${l.amount}`)
      .sort()
      .join('|');
  return key(a) === key(b);
};

/**
 * Writes one balanced entry, or returns the existing one if its idempotency key was used before
 * (refusing a reuse of the key for a different movement). Must run inside a transaction: callers
 * lock the user accounts they debit first, so the entry and its balance effects are atomic.
 */
export async function postEntry(tx: Db, input: EntryInput): Promise<PostedEntry> {
  assertBalanced(input);
  const [inserted] = await tx
    .insert(gemEntries)
    .values({
      idempotencyKey: input.idempotencyKey,
      reason: input.reason,
      userId: input.userId,
      memo: input.memo ?? null,
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: gemEntries.idempotencyKey })
    .returning({ id: gemEntries.id });

  if (!inserted) {
    const existing = await findEntryByKey(tx, input.idempotencyKey);
    if (!existing) throw new Error(`idempotency key ${input.idempotencyKey} conflicted but no entry holds it`);
    if (existing.reason !== input.reason || existing.userId !== input.userId || !sameLines(existing.lines, input.lines)) {
      throw new DomainError(gemErrorCodes.idempotencyMismatch, gemMessages.idempotencyMismatch, 409);
    }
    return { entryId: existing.id, replayed: true };
  }

  await tx
    .insert(gemEntryLines)
    .values(input.lines.map((line) => ({ entryId: inserted.id, accountId: line.accountId, amount: line.amount })));
  return { entryId: inserted.id, replayed: false };
}

export interface StoredEntry {
  id: string;
  idempotencyKey: string;
  reason: GemEntryReason;
  userId: string;
  createdAt: Date;
  lines: LedgerLine[];
}

export async function findEntryByKey(db: Db, idempotencyKey: string): Promise<StoredEntry | undefined> {
  const [entry] = await db.select().from(gemEntries).where(eq(gemEntries.idempotencyKey, idempotencyKey));
  if (!entry) return undefined;
  const lines = await db
    .select({ accountId: gemEntryLines.accountId, amount: gemEntryLines.amount })
    .from(gemEntryLines)
    .where(eq(gemEntryLines.entryId, entry.id))
    .orderBy(asc(gemEntryLines.id));
  return { ...entry, lines };
}
