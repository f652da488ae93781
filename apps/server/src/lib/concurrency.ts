/**
 * The process's two ways of making work wait for other work, both promise chains: nothing is held
 * in the database meanwhile, so other requests and queries go on.
 */

/**
 * Runs `work` for a key only after every earlier `work` for the same key in this process has
 * settled; different keys never wait for each other.
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

export interface Slots {
  <T>(work: () => Promise<T>): Promise<T>;
  /** How many `work`s are running now. */
  readonly active: number;
}

/** Runs at most `size` `work`s at once; the others start in the order they were asked for, as one ends. */
export function slots(size: number): Slots {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`slots: size must be a whole number of at least 1, not ${size}`);
  const waiting: Array<() => void> = [];
  let active = 0;
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so a new caller can't jump the queue.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
  return Object.defineProperty(run, 'active', { get: () => active }) as Slots;
}
