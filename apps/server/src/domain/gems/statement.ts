import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  billOrderTitle,
  fieldMessages,
  GEM_STATEMENT_PAGE_SIZE,
  gemMovementTitle,
  gemStatementTexts,
  type BillKind,
  type GemMovement,
  type GemMovementKind,
  type GemStatementResponse,
} from '@wise/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { billOrders, gemEntries, gemHolds, gemRewards } from '#server/db/schema/index';
import { hmac, safeEqualHex } from '#server/lib/secrets';
import { validationError } from '../errors';

/**
 * The gem statement (README.md here, "The statement"): every entry of the customer's gem ledger, newest first,
 * with the signed change to the spendable balance and the balance after it.
 *
 * Entries are read in the order they were written (gem_entries.seq, 0021), keyset-paged on
 * gem_entries_user_seq_idx, so a deep page costs what the first does. The running balance must not
 * cost more either: the first page starts from the cached balance (read in the same statement as
 * the rows, so they agree), and each cursor carries the balance where the next page starts. The
 * cursor is signed with the session secret and bound to the customer, so a balance the server did
 * not compute is refused.
 */

export interface StatementQuery {
  cursor?: string;
  limit?: number;
}

interface Cursor {
  /** The seq of the last movement shown: the next page starts below it. */
  seq: number;
  /** The spendable balance just after the first movement of the page this cursor opens. */
  balance: number;
}

const SEQ = /^\d{1,16}$/;
const BALANCE = /^-?\d{1,16}$/;
const MAC = /^[0-9a-f]{32}$/;

const badCursor = () => validationError(fieldMessages.invalidEntry, { cursor: fieldMessages.invalidEntry });

const signature = (secret: string, userId: string, body: string) => hmac(secret, `gem-statement|${userId}|${body}`).slice(0, 32);

export function encodeStatementCursor(secret: string, userId: string, cursor: Cursor): string {
  const body = `${cursor.seq}|${cursor.balance}`;
  return Buffer.from(`${body}|${signature(secret, userId, body)}`, 'utf8').toString('base64url');
}

export function decodeStatementCursor(secret: string, userId: string, text: string): Cursor {
  const parts = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (parts.length !== 3) throw badCursor();
  const [seq = '', balance = '', mac = ''] = parts;
  if (!SEQ.test(seq) || !BALANCE.test(balance) || !MAC.test(mac)) throw badCursor();
  if (!safeEqualHex(mac, signature(secret, userId, `${seq}|${balance}`))) throw badCursor();
  return { seq: Number(seq), balance: Number(balance) };
}

const toNumber = (value: unknown): number => {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`gem amount is not a safe integer: ${String(value)}`);
  return n;
};

/** One page of entries, one prepared statement per shape (first page or after a cursor). */
const statementPage = (db: Db, withCursor: boolean) => {
  const name = `gem_statement_page_${Number(withCursor)}`;
  return prepared(db, name, (d) => {
    const conditions: SQL[] = [eq(gemEntries.userId, sql.placeholder('userId'))];
    if (withCursor) conditions.push(sql`${gemEntries.seq} < ${sql.placeholder('afterSeq')}::bigint`);
    return d
      .select({
        id: gemEntries.id,
        reason: gemEntries.reason,
        createdAt: gemEntries.createdAt,
        seq: gemEntries.seq,
        // Subqueries name the outer table in full: drizzle writes a one-table query's columns bare.
        // An entry's lines are on its customer's accounts or system ones (0005's guard), so the
        // line on an `available` account is this customer's spendable side; none: it moved elsewhere.
        amount: sql`coalesce((SELECT l.amount FROM gem_entry_lines l JOIN gem_accounts a ON a.id = l.account_id
                    WHERE l.entry_id = gem_entries.id AND a.kind = 'available'), 0)`.mapWith(toNumber),
        // Every movement is two lines of one size, opposite signs.
        gems: sql`(SELECT max(abs(l.amount)) FROM gem_entry_lines l WHERE l.entry_id = gem_entries.id)`.mapWith(toNumber),
        // Read in this statement's snapshot, so the balance and the rows agree.
        balanceNow:
          sql`(SELECT a.balance FROM gem_accounts a WHERE a.user_id = ${sql.placeholder('userId')}::uuid AND a.kind = 'available')`.mapWith(
            toNumber,
          ),
      })
      .from(gemEntries)
      .where(and(...conditions))
      .orderBy(desc(gemEntries.seq))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
};

/** `column IN (ids)`, or nothing for no ids (`or` leaves it out). */
const someOf = (column: AnyPgColumn, ids: string[]) => (ids.length > 0 ? inArray(column, ids) : undefined);

interface About {
  detail: string | null;
  transactionId: string | null;
  billKind: BillKind | null;
}

/** The bill order behind each hold, capture and release of the page (by unique index, a few rows). */
async function billsOf(db: Db, holdEntryIds: string[], settleEntryIds: string[]): Promise<Map<string, About>> {
  const found = new Map<string, About>();
  if (holdEntryIds.length === 0 && settleEntryIds.length === 0) return found;
  const rows = await db
    .select({
      holdEntryId: gemHolds.holdEntryId,
      settleEntryId: gemHolds.settleEntryId,
      id: billOrders.id,
      kind: billOrders.kind,
      service: billOrders.service,
      phone: billOrders.phone,
      planName: billOrders.planName,
      customerId: billOrders.customerId,
    })
    .from(gemHolds)
    .innerJoin(billOrders, eq(billOrders.holdId, gemHolds.id))
    .where(or(someOf(gemHolds.holdEntryId, holdEntryIds), someOf(gemHolds.settleEntryId, settleEntryIds)));
  for (const row of rows) {
    const about: About = {
      detail: billOrderTitle({
        kind: row.kind,
        service: row.service,
        phone: row.phone,
        plan_name: row.planName,
        customer_id: row.customerId,
      }),
      transactionId: row.id,
      billKind: row.kind,
    };
    found.set(row.holdEntryId, about);
    if (row.settleEntryId) found.set(row.settleEntryId, about);
  }
  return found;
}

const SALE_SOURCE = /^sale:([0-9a-f-]{36})$/;

/** The reward behind each accrual and take-back of the page: its words, and the sale that earned it. */
async function rewardsOf(db: Db, accrualIds: string[], clawbackIds: string[]): Promise<Map<string, About>> {
  const found = new Map<string, About>();
  if (accrualIds.length === 0 && clawbackIds.length === 0) return found;
  const rows = await db
    .select({
      accrualEntryId: gemRewards.accrualEntryId,
      clawbackEntryId: gemRewards.clawbackEntryId,
      source: gemRewards.source,
      description: gemRewards.description,
    })
    .from(gemRewards)
    .where(or(someOf(gemRewards.accrualEntryId, accrualIds), someOf(gemRewards.clawbackEntryId, clawbackIds)));
  for (const row of rows) {
    const about: About = { detail: row.description, transactionId: SALE_SOURCE.exec(row.source)?.[1] ?? null, billKind: null };
    found.set(row.accrualEntryId, about);
    if (row.clawbackEntryId) found.set(row.clawbackEntryId, about);
  }
  return found;
}

const noteOf = (kind: GemMovementKind): string | null =>
  kind in gemStatementTexts.notes ? gemStatementTexts.notes[kind as keyof typeof gemStatementTexts.notes] : null;

export async function getGemStatement(db: Db, secret: string, userId: string, query: StatementQuery = {}): Promise<GemStatementResponse> {
  const limit = query.limit ?? GEM_STATEMENT_PAGE_SIZE;
  const after = query.cursor ? decodeStatementCursor(secret, userId, query.cursor) : undefined;
  // One more than asked tells whether another page exists without a count.
  const rows = await statementPage(db, after !== undefined).execute({ userId, afterSeq: after?.seq, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const ids = (kinds: GemMovementKind[]) => page.filter((r) => kinds.includes(r.reason)).map((r) => r.id);
  const [bills, rewards] = await Promise.all([
    billsOf(db, ids(['hold']), ids(['hold_capture', 'hold_release'])),
    rewardsOf(db, ids(['reward_accrual', 'referral']), ids(['reward_clawback'])),
  ]);

  let balance = after ? after.balance : (page[0]?.balanceNow ?? 0);
  const movements: GemMovement[] = page.map((row) => {
    const about = bills.get(row.id) ?? rewards.get(row.id);
    const movement: GemMovement = {
      id: row.id,
      kind: row.reason,
      title: gemMovementTitle(row.reason, about?.billKind ?? null),
      detail: [about?.detail, noteOf(row.reason)].filter(Boolean).join(' · ') || null,
      gems: row.gems,
      amount: row.amount,
      balance,
      created_at: row.createdAt.toISOString(),
      transaction_id: about?.transactionId ?? null,
    };
    balance -= row.amount;
    return movement;
  });
  const last = page.at(-1);
  return {
    movements,
    next_cursor: rows.length > limit && last ? encodeStatementCursor(secret, userId, { seq: last.seq, balance }) : null,
  };
}
