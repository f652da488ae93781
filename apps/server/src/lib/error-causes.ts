/**
 * Drivers and clients wrap the error that matters (Drizzle's "Failed query" wraps pg's error,
 * fetch's "fetch failed" wraps the socket's): walks an error and the chain of its `cause`s,
 * at most `maxDepth` deep so a cyclic chain cannot hang, and returns the first answer `pick`
 * gives for one of them.
 */
export function findInCauses<T>(
  error: unknown,
  pick: (candidate: { readonly [key: string]: unknown }) => T | undefined,
  maxDepth = 5,
): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current !== null && typeof current === 'object' && depth < maxDepth; depth += 1) {
    const candidate = current as { readonly [key: string]: unknown };
    const found = pick(candidate);
    if (found !== undefined) return found;
    current = candidate.cause;
  }
  return undefined;
}

/** The first string `code` in the chain: an SQLSTATE from the database, an errno name from a socket. */
export const errorCode = (error: unknown): string | undefined =>
  findInCauses(error, ({ code }) => (typeof code === 'string' ? code : undefined));
