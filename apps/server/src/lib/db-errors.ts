/** The constraint a unique violation (SQLSTATE 23505) hit, looking through driver wrappers. */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object') {
      const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
      if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
      current = candidate.cause;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/**
 * pg-pool's refusals when no connection comes free (or none can be opened) within
 * `connectionTimeoutMillis`: that query never reached the database (overload, not a bug).
 */
const POOL_TIMEOUT_MESSAGES = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/** Whether an error (or one it wraps, e.g. Drizzle's "Failed query") is the pool giving up waiting. */
export function databaseBusy(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const candidate = current as { message?: unknown; cause?: unknown };
    if (typeof candidate.message === 'string' && POOL_TIMEOUT_MESSAGES.has(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
