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
