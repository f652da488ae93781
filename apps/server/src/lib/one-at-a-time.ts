/**
 * Runs `work` for a key only after every earlier `work` for the same key in this process has
 * settled; different keys never wait for each other. Nothing is held in the database meanwhile:
 * the waiting is a promise chain, so other requests and queries go on.
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(work);
    const tail = mine.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
