import { sql, type SQL } from 'drizzle-orm';
import { addDays, startOfLocalDate } from '@wise/shared';
import type { ExportKind, ExportQuery } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import type { Clock } from '#server/lib/clock';
import type { StaffPrincipal } from '../staff/principal';
import { recordStaffAction } from './audit';

/**
 * CSV exports of sales, payouts and bill orders by date range (docs/back-office.md). Streamed:
 * rows are read EXPORT_PAGE_ROWS at a time, keyset-paged on (created_at, id) — sales by a scan (see
 * migration 0026), payouts_created_idx and bill_orders_list_idx read backwards — and each page is written
 * before the next is read, so a year of sales never sits in memory. Dates are local days in
 * APP_TIMEZONE, both ends included, and so are times: ISO 8601 in the business time zone with its
 * offset (`2026-07-01T10:05:00.000+01:00`), the same instant a UTC time would name, read against a
 * Lagos business day without arithmetic.
 *
 * Cells are RFC 4180 (quoted when they hold a comma, a quote or a line break; quotes doubled;
 * CRLF line ends) and safe to open in a spreadsheet without altering what they say: a cell starting
 * with = + - @ (or a tab or carriage return, which some spreadsheets skip before a formula) is
 * written as a spreadsheet string, `="…"`, so Excel, LibreOffice and Google Sheets show exactly the
 * text (a customer's `=HYPERLINK(…)` as those characters, a phone as `+234…` rather than a number)
 * and never run it. A leading apostrophe, the usual guard, showed in the cell and changed every
 * phone number. Plain numbers (the naira columns, `-5`) stay numbers, so they still add up.
 */

export const EXPORT_PAGE_ROWS = 500;

type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `="${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Kobo as a naira decimal string ("1234.50"), never through a float. */
export function nairaText(kobo: number | string | null): string | null {
  if (kobo === null) return null;
  const value = BigInt(kobo);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

interface ExportSpec {
  header: readonly string[];
  /** The page's rows after the cursor, in (created_at, id) order, each with `cursor_at` (microseconds, text) and `id`. */
  page: (range: { start: Date; end: Date }, after: { at: string; id: string } | null, limit: number) => SQL;
  row: (r: Record<string, unknown>, time: (value: unknown) => string | null) => Cell[];
}

const localTimeFormats = new Map<string, Intl.DateTimeFormat>();
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as ISO 8601 in the zone, with its offset: `2026-07-01T10:05:00.123+01:00`. */
export function localIso(at: Date, timeZone: string): string {
  let format = localTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    localTimeFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((name) => Number(part[name]));
  const wallMs = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  const offsetMinutes = Math.round((wallMs - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${pad(year ?? 0, 4)}-${pad(month ?? 1)}-${pad(day ?? 1)}T${pad(hour ?? 0)}:${pad(minute ?? 0)}:${pad(second ?? 0)}.${pad(at.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
const text = (value: unknown): Cell => (value === null || value === undefined ? null : String(value));
const cursorAt = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;
const after = (table: string, cursor: { at: string; id: string } | null) =>
  cursor ? sql`AND (${sql.raw(table)}.created_at, ${sql.raw(table)}.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;

const specs: Record<ExportKind, ExportSpec> = {
  sales: {
    header: [
      'sale_id',
      'created_at',
      'kind',
      'status',
      'title',
      'customer_name',
      'customer_email',
      'customer_phone',
      'value_naira',
      'currency',
      'currency_amount',
      'coin',
      'coin_amount',
      'transaction_id',
      'decided_at',
      'decided_by',
      'rejection_code',
      'payout_amount_naira',
      'payout_reference',
      'paid_at',
    ],
    page: (range, cursor, limit) => sql`
      SELECT s.id, s.created_at, s.kind, s.status, s.title, u.full_name, u.email, u.phone, s.value_kobo, s.currency, s.currency_amount,
             s.coin, s.coin_amount, s.transaction_id, s.decided_at, d.name AS decided_by, s.rejection_code, s.payout_amount_kobo, s.payout_reference, s.paid_at,
             ${cursorAt(sql`s.created_at`)}
      FROM sales s JOIN users u ON u.id = s.user_id LEFT JOIN staff d ON d.id = s.decided_by
      WHERE s.created_at >= ${range.start.toISOString()}::timestamptz AND s.created_at < ${range.end.toISOString()}::timestamptz ${after('s', cursor)}
      ORDER BY s.created_at, s.id LIMIT ${limit}`,
    row: (r, iso) => [
      text(r.id),
      iso(r.created_at),
      text(r.kind),
      text(r.status),
      text(r.title),
      text(r.full_name),
      text(r.email),
      text(r.phone),
      nairaText(r.value_kobo as string),
      text(r.currency),
      text(r.currency_amount),
      text(r.coin),
      text(r.coin_amount),
      text(r.transaction_id),
      iso(r.decided_at),
      text(r.decided_by),
      text(r.rejection_code),
      nairaText(r.payout_amount_kobo as string | null),
      text(r.payout_reference),
      iso(r.paid_at),
    ],
  },
  payouts: {
    header: [
      'payout_id',
      'sale_id',
      'attempt',
      'reference',
      'method',
      'status',
      'amount_naira',
      'bank_code',
      'account_number',
      'account_name',
      'created_at',
      'settled_at',
      'failure_reason',
    ],
    page: (range, cursor, limit) => sql`
      SELECT p.id, p.sale_id, p.attempt, p.reference, p.method, p.status, p.amount_kobo, p.bank_code, p.account_number, p.account_name, p.created_at, p.settled_at, p.failure_reason,
             ${cursorAt(sql`p.created_at`)}
      FROM payouts p
      WHERE p.created_at >= ${range.start.toISOString()}::timestamptz AND p.created_at < ${range.end.toISOString()}::timestamptz ${after('p', cursor)}
      ORDER BY p.created_at, p.id LIMIT ${limit}`,
    row: (r, iso) => [
      text(r.id),
      text(r.sale_id),
      text(r.attempt),
      text(r.reference),
      text(r.method),
      text(r.status),
      nairaText(r.amount_kobo as string),
      text(r.bank_code),
      text(r.account_number),
      text(r.account_name),
      iso(r.created_at),
      iso(r.settled_at),
      text(r.failure_reason),
    ],
  },
  bill_orders: {
    header: [
      'order_id',
      'created_at',
      'kind',
      'status',
      'service',
      'amount',
      'phone',
      'plan_name',
      'customer_id',
      'request_id',
      'customer_email',
      'settled_at',
    ],
    page: (range, cursor, limit) => sql`
      SELECT b.id, b.created_at, b.kind, b.status, b.service, b.amount, b.phone, b.plan_name, b.customer_id, b.request_id, u.email, b.settled_at,
             ${cursorAt(sql`b.created_at`)}
      FROM bill_orders b JOIN users u ON u.id = b.user_id
      WHERE b.created_at >= ${range.start.toISOString()}::timestamptz AND b.created_at < ${range.end.toISOString()}::timestamptz ${after('b', cursor)}
      ORDER BY b.created_at, b.id LIMIT ${limit}`,
    row: (r, iso) => [
      text(r.id),
      iso(r.created_at),
      text(r.kind),
      text(r.status),
      text(r.service),
      text(r.amount),
      text(r.phone),
      text(r.plan_name),
      text(r.customer_id),
      text(r.request_id),
      text(r.email),
      iso(r.settled_at),
    ],
  },
};

/** The range's instants: from the start of `from` to the start of the day after `to`, in the business time zone. */
export const exportRange = (query: ExportQuery, timeZone: string) => ({
  start: startOfLocalDate(query.from, timeZone),
  end: startOfLocalDate(addDays(query.to, 1), timeZone),
});

/** The CSV, a header line then a page of lines at a time. */
export async function* exportCsv(
  db: Db,
  kind: ExportKind,
  range: { start: Date; end: Date },
  timeZone: string,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<string> {
  const spec = specs[kind];
  const time = (value: unknown): string | null =>
    value === null || value === undefined ? null : localIso(value instanceof Date ? value : new Date(String(value)), timeZone);
  yield csvLine(spec.header);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const { rows } = (await db.execute(spec.page(range, cursor, pageRows))) as unknown as { rows: Record<string, unknown>[] };
    if (rows.length > 0) yield rows.map((r) => csvLine(spec.row(r, time))).join('');
    const last = rows.at(-1);
    if (rows.length < pageRows || !last) return;
    cursor = { at: String(last.cursor_at), id: String(last.id) };
  }
}

/** Audited before the first byte leaves: who exported what range (`export.csv`). */
export async function recordExport(
  db: Db,
  clock: Clock,
  actor: StaffPrincipal,
  kind: ExportKind,
  query: ExportQuery,
  ip?: string,
): Promise<void> {
  await recordStaffAction(db, clock, actor, {
    action: 'export.csv',
    targetType: 'export',
    targetId: kind,
    after: { kind, from: query.from, to: query.to },
    ip,
  });
}
