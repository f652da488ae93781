import { validationError } from '../errors';

/**
 * Keyset cursors for the customers' and audit log's lists: the last row's sort key, opaque to
 * clients. `at` is the timestamp exactly as PostgreSQL printed it (microseconds kept), so the
 * next page starts right after that row, never skipping or repeating one.
 */
export interface KeysetCursor {
  at: string;
  id: string;
}

export const encodeCursor = (cursor: KeysetCursor) => Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
const invalidCursor = () => validationError('Invalid cursor', { cursor: 'Invalid cursor' });

/** Refuses anything this server did not hand out (400), so a forged cursor never reaches SQL as garbage. */
export function decodeCursor(value: string, idPattern: RegExp = UUID): KeysetCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !CURSOR_TIME.test(at) || !idPattern.test(id)) throw invalidCursor();
  // A well-formed but impossible instant (month 13) would make the database's cast fail: refuse it here.
  if (Number.isNaN(Date.parse(at.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')))) throw invalidCursor();
  return { at, id };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BIGINT_ID = /^[1-9]\d{0,18}$/;

/** `%text%` for LIKE/ILIKE with the text's own %, _ and \ taken literally (\ is PostgreSQL's default escape). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
