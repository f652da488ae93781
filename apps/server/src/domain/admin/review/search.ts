import { sql, type SQL } from 'drizzle-orm';
import { parseTransactionId } from '@wise/shared';
import { sales } from '#server/db/schema/index';
import { cardCodeHashes, cardCodeKeyring } from '#server/domain/sales/card-codes';

/**
 * The desk's search (docs/back-office.md, "The review desk"): which sales a reviewer's words name, as ONE predicate
 * `sales.id IN (…)` over a small set of ids, each part answered by an index, so the view it is
 * added to reads only those rows (never a LIKE over sales):
 * - a customer's full name, username or e-mail from its start (0026's lower(...) text_pattern_ops
 *   indexes), or a phone from its start (a local 080… is read as +23480…); at most
 *   SEARCH_CUSTOMERS_MAX customers, then their sales through sales_user_list_idx;
 * - exactly: a sale id (primary key), a card code (its keyed hash under every configured key),
 *   a transaction ID (normalised as the database does, hex coins and Solana alike), a payout
 *   reference (an attempt's, payouts_reference_key, or the sale's own).
 */

export const SEARCH_CUSTOMERS_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` typed by a reviewer are letters, not wildcards. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A phone as stored (+234…): digits typed with or without the country code or the leading 0. */
function phonePrefix(text: string): string | undefined {
  const digits = text.replace(/[\s()-]/g, '');
  if (!/^\+?\d{3,}$/.test(digits)) return undefined;
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('234')) return `+${digits}`;
  if (digits.startsWith('0')) return `+234${digits.slice(1)}`;
  return `+234${digits}`;
}

export function saleSearchPredicate(query: string): SQL {
  const text = query.trim();
  const lower = text.toLowerCase();
  const parts: SQL[] = [];
  const phone = phonePrefix(text);
  parts.push(sql`SELECT s.id FROM sales s WHERE s.user_id IN (
    SELECT u.id FROM users u
    WHERE lower(u.full_name) LIKE ${likePrefix(lower)}
       OR lower(u.username) LIKE ${likePrefix(lower.replace(/^@/, ''))}
       OR lower(u.email) LIKE ${likePrefix(lower)}
       ${phone ? sql`OR u.phone LIKE ${likePrefix(phone)}` : sql``}
    LIMIT ${SEARCH_CUSTOMERS_MAX}
  )`);
  if (UUID.test(text)) parts.push(sql`SELECT ${lower}::uuid`);
  // A transaction ID in any spelling its one form is read from (docs/identifiers.md), or as a
  // customer typed one that 0044 could not read.
  const parsed = parseTransactionId(undefined, text);
  if (parsed.ok && parsed.id !== undefined) parts.push(sql`SELECT s.id FROM sales s WHERE s.transaction_id_normalized = ${parsed.id}`);
  parts.push(sql`SELECT s.id FROM sales s WHERE s.transaction_id_as_typed = ${text}`);
  const hashes = cardCodeHashes(cardCodeKeyring(), text);
  if (hashes.length > 0)
    parts.push(
      sql`SELECT s.id FROM sales s WHERE s.card_code_hash IN (${sql.join(
        hashes.map((hash) => sql`${hash}`),
        sql`, `,
      )})`,
    );
  parts.push(sql`SELECT p.sale_id FROM payouts p WHERE p.reference = ${text}`);
  parts.push(sql`SELECT s.id FROM sales s WHERE s.payout_reference = ${text}`);
  return sql`${sales.id} IN (${sql.join(parts, sql` UNION `)})`;
}
