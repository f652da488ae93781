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

/**
 * SQLSTATEs of a connection the server ended or refused: class 08 (connection exception),
 * admin_shutdown (a restart, `pg_terminate_backend`), crash_shutdown, cannot_connect_now (starting
 * or stopping), idle_in_transaction_session_timeout, idle_session_timeout.
 */
const CONNECTION_LOST_STATES = new Set(['57P01', '57P02', '57P03', '25P03', '57P05']);
/** What pg says of a connection that ended under it, or that it will not use again after one did. */
const CONNECTION_LOST_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);
/** A socket that could not reach the database or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether an error (or one it wraps) says the database could not be reached or the connection was
 * lost: nothing is wrong with the request, the database is away for now (answered 503). Socket
 * codes count only when a database client raised them (pg's socket errors name the database's
 * address; a provider's fetch failure wraps its socket error in "fetch failed"), so a provider
 * outage is never taken for a database outage.
 */
export const databaseUnreachable = (error: unknown): boolean =>
  findInCauses(error, (candidate) => {
    const { code, message, name } = candidate;
    if (name === 'EmbeddedDatabaseStopped' || name === 'DatabaseUnreachable') return true;
    if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_LOST_STATES.has(code)) && 'severity' in candidate) return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.has(message)) return true;
    if (
      typeof code === 'string' &&
      SOCKET_CODES.has(code) &&
      candidate.syscall !== undefined &&
      name !== 'TypeError' &&
      !isFetchFailure(error)
    )
      return true;
    return undefined;
  }) ?? false;

const isFetchFailure = (error: unknown): boolean =>
  findInCauses(error, ({ message }) => (message === 'fetch failed' ? true : undefined)) ?? false;

/** The SQLSTATE or socket code and the message of a database error, for one short log line. */
export function databaseErrorSummary(error: unknown): { code?: string; message: string } {
  const code = findInCauses(error, ({ code: found }) => (typeof found === 'string' ? found : undefined));
  // The innermost message names the cause (Drizzle's "Failed query: …" quotes the whole statement).
  let message = error instanceof Error ? error.message : String(error);
  findInCauses(error, (candidate) => {
    if (typeof candidate.message === 'string') message = candidate.message;
    return undefined;
  });
  return code === undefined ? { message } : { code, message };
}

/**
 * Stands in for a lost connection where the original error is not kept (an error that must not
 * carry its driver error, which may quote a row): the error handler still answers 503, not 500.
 */
export class DatabaseUnreachable extends Error {
  constructor(error: unknown) {
    super(databaseErrorSummary(error).message);
    this.name = 'DatabaseUnreachable';
  }
}
