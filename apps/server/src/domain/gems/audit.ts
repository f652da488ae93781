import { count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { gemAccounts, gemEntries, gemEntryLines } from '#server/db/schema/gems';

/**
 * The ledger audit: recomputes, from the lines alone, what the cache and the entries claim.
 * Run by `npm run ledger:audit` (src/cli/ledger-audit.ts), by the scheduled `gems.ledger_audit`
 * job, and by tests. Read-only; one consistent snapshot.
 */

/** Each list stops here; the counts beside it are exact. */
export const AUDIT_LIST_LIMIT = 100;

export interface UnbalancedEntry {
  entryId: string;
  lineCount: number;
  sum: number;
}

export interface CacheMismatch {
  accountId: string;
  userId: string;
  kind: string;
  /** null only if someone stripped a customer account's cache. */
  cached: number | null;
  derived: number;
}

export interface LedgerAudit {
  /** Customer accounts whose cached balance was compared with their lines. */
  accountsChecked: number;
  entriesChecked: number;
  unbalancedEntryCount: number;
  /** Entries with fewer than 2 lines or lines not summing to 0 (at most AUDIT_LIST_LIMIT). */
  unbalancedEntries: UnbalancedEntry[];
  cacheMismatchCount: number;
  cacheMismatches: CacheMismatch[];
  /** Customer accounts below zero, by cache or by lines. */
  negativeUserAccounts: string[];
  /** Sum of every line in scope: 0 when no gem was ever invented or lost. */
  grandTotal: number;
  ok: boolean;
}

export interface LedgerAuditScope {
  /** Only these customers' accounts and entries (tests, support): the whole ledger otherwise. */
  userIds?: string[];
}

function toSafeInteger(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} is not a safe integer: ${String(value)}`);
  return n;
}

/** Sum of the joined lines (bigint sums come back as numeric text). */
const linesSum = () => sql<string>`coalesce(sum(${gemEntryLines.amount}), 0)`;

/** Checks every cached balance against the sum of its lines and every entry (≥ 2 lines, sum 0). */
export async function auditLedger(db: Db, scope: LedgerAuditScope = {}): Promise<LedgerAudit> {
  if (scope.userIds && scope.userIds.length === 0) throw new RangeError('an audit scope needs at least one user id');
  const entryScope: SQL | undefined = scope.userIds ? inArray(gemEntries.userId, scope.userIds) : undefined;
  const accountScope: SQL | undefined = scope.userIds ? inArray(gemAccounts.userId, scope.userIds) : isNotNull(gemAccounts.userId);

  // Repeatable read: the counts, the lists and the total describe one moment of a live ledger.
  return db.transaction(
    async (tx) => {
      const [entryCount] = await tx.select({ n: count() }).from(gemEntries).where(entryScope);
      const unbalanced = tx
        .select({
          entryId: gemEntries.id,
          lineCount: sql<number>`count(${gemEntryLines.id})::int`.as('line_count'),
          sum: linesSum().as('sum'),
        })
        .from(gemEntries)
        .leftJoin(gemEntryLines, eq(gemEntryLines.entryId, gemEntries.id))
        .where(entryScope)
        .groupBy(gemEntries.id)
        .having(sql`count(${gemEntryLines.id}) < 2 OR ${linesSum()} <> 0`)
        .as('unbalanced');
      const [unbalancedCount] = await tx.select({ n: count() }).from(unbalanced);
      const unbalancedRows = await tx.select().from(unbalanced).orderBy(unbalanced.entryId).limit(AUDIT_LIST_LIMIT);

      const [accountCount] = await tx.select({ n: count() }).from(gemAccounts).where(accountScope);
      const perAccount = tx
        .select({
          accountId: gemAccounts.id,
          userId: gemAccounts.userId,
          kind: gemAccounts.kind,
          cached: gemAccounts.balance,
          derived: linesSum().as('derived'),
        })
        .from(gemAccounts)
        .leftJoin(gemEntryLines, eq(gemEntryLines.accountId, gemAccounts.id))
        .where(accountScope)
        .groupBy(gemAccounts.id)
        .as('per_account');
      const mismatched = sql`${perAccount.cached} IS DISTINCT FROM ${perAccount.derived}`;
      const [mismatchCount] = await tx.select({ n: count() }).from(perAccount).where(mismatched);
      const mismatchRows = await tx.select().from(perAccount).where(mismatched).orderBy(perAccount.accountId).limit(AUDIT_LIST_LIMIT);
      const negativeRows = await tx
        .select({ accountId: perAccount.accountId })
        .from(perAccount)
        .where(sql`${perAccount.cached} < 0 OR ${perAccount.derived} < 0`)
        .orderBy(perAccount.accountId)
        .limit(AUDIT_LIST_LIMIT);

      const totalQuery = tx.select({ total: linesSum() }).from(gemEntryLines);
      const [total] = scope.userIds
        ? await totalQuery.innerJoin(gemEntries, eq(gemEntries.id, gemEntryLines.entryId)).where(entryScope)
        : await totalQuery;

      const audit: LedgerAudit = {
        accountsChecked: accountCount?.n ?? 0,
        entriesChecked: entryCount?.n ?? 0,
        unbalancedEntryCount: unbalancedCount?.n ?? 0,
        unbalancedEntries: unbalancedRows.map((r) => ({
          entryId: r.entryId,
          lineCount: r.lineCount,
          sum: toSafeInteger(r.sum, 'entry sum'),
        })),
        cacheMismatchCount: mismatchCount?.n ?? 0,
        cacheMismatches: mismatchRows.map((r) => ({
          accountId: r.accountId,
          userId: r.userId ?? '',
          kind: r.kind,
          cached: r.cached === null ? null : toSafeInteger(r.cached, 'cached balance'),
          derived: toSafeInteger(r.derived, 'derived balance'),
        })),
        negativeUserAccounts: negativeRows.map((r) => r.accountId),
        grandTotal: toSafeInteger(total?.total ?? 0, 'grand total'),
        ok: false,
      };
      audit.ok =
        audit.unbalancedEntryCount === 0 &&
        audit.cacheMismatchCount === 0 &&
        audit.negativeUserAccounts.length === 0 &&
        audit.grandTotal === 0;
      return audit;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** A few lines for a person: the verdict, what was checked, then each problem (listed ones). */
export function formatLedgerAudit(audit: LedgerAudit): string {
  const checked = `${plural(audit.accountsChecked, 'customer account')} and ${plural(audit.entriesChecked, 'entry', 'entries')} checked`;
  if (audit.ok) {
    return `Ledger audit OK: ${checked}; every cached balance equals its lines, every entry balances, all lines sum to 0.`;
  }
  const problems =
    audit.unbalancedEntryCount + audit.cacheMismatchCount + audit.negativeUserAccounts.length + (audit.grandTotal === 0 ? 0 : 1);
  const lines = [`Ledger audit FAILED: ${plural(problems, 'mismatch', 'mismatches')} (${checked}).`];
  for (const m of audit.cacheMismatches) {
    lines.push(`  account ${m.accountId} (${m.kind} of user ${m.userId}): cached ${m.cached ?? 'NULL'}, its lines sum to ${m.derived}`);
  }
  if (audit.cacheMismatchCount > audit.cacheMismatches.length)
    lines.push(`  … and ${audit.cacheMismatchCount - audit.cacheMismatches.length} more accounts`);
  for (const e of audit.unbalancedEntries) {
    lines.push(`  entry ${e.entryId}: ${plural(e.lineCount, 'line')} summing to ${e.sum} (needs 2 or more summing to 0)`);
  }
  if (audit.unbalancedEntryCount > audit.unbalancedEntries.length)
    lines.push(`  … and ${audit.unbalancedEntryCount - audit.unbalancedEntries.length} more entries`);
  for (const id of audit.negativeUserAccounts) lines.push(`  account ${id} is below zero`);
  if (audit.grandTotal !== 0) lines.push(`  all lines sum to ${audit.grandTotal}, not 0: gems were invented or lost`);
  return lines.join('\n');
}
