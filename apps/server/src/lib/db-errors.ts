import { findInCauses } from './error-causes';

/** The constraint a unique violation (SQLSTATE 23505) hit, looking through driver wrappers. */
export const uniqueViolation = (error: unknown): string | undefined => violatedConstraint(error, '23505');

/** The constraint a violation of the given SQLSTATE hit ('' when the driver did not name it). */
export const violatedConstraint = (error: unknown, sqlState: string): string | undefined =>
  findInCauses(error, ({ code, constraint }) => (code === sqlState ? (typeof constraint === 'string' ? constraint : '') : undefined));

/**
 * pg-pool's refusals when no connection comes free (or none can be opened) within
 * `connectionTimeoutMillis`: that query never reached the database (overload, not a bug).
 */
const POOL_TIMEOUT_MESSAGES = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/** Whether an error (or one it wraps, e.g. Drizzle's "Failed query") is the pool giving up waiting. */
export const databaseBusy = (error: unknown): boolean =>
  findInCauses(error, ({ message }) => (typeof message === 'string' && POOL_TIMEOUT_MESSAGES.has(message) ? true : undefined)) ?? false;
