import { rateLimitsInMemory } from './metrics';
import { consoleRedisLogger, RedisLink, type RedisLogger } from './redis';

export interface HitResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/** Fixed-window counters. In memory for one instance; Redis when several share the limits. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /** The count so far without adding to it. */
  peek(key: string, limit: number): Promise<HitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Enough for the live windows of a busy single instance; several instances share Redis instead. */
export const MEMORY_LIMITER_CAPACITY = 100_000;

/**
 * Fixed windows in a bounded map. When it is full it first drops windows that have ended; if
 * every stored window is still live, a NEW key is refused (counted as over its limit) until one
 * ends, while keys already stored go on being counted as usual.
 *
 * Why refuse rather than make room: any eviction of a live window lets whoever can send many
 * made-up keys (addresses, e-mails) erase the window that is holding them or someone else back,
 * and admitting new keys uncounted switches the limits off for exactly those callers. Refusing
 * costs availability for callers without a window, and only while the flood's own windows last;
 * the per-IP limits make such a flood need many addresses, and lockouts that protect an account
 * live in the database, not here.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  /** No stored window ends before this: while it is in the future a full map can't be pruned. */
  private earliestResetAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly capacity = MEMORY_LIMITER_CAPACITY,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const now = this.now();
    let window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      // An ended window of a stored key is renewed in place: that needs no room.
      window.count = 0;
      window.resetAt = now + windowMs;
      this.earliestResetAt = Math.min(this.earliestResetAt, window.resetAt);
    }
    if (!window) {
      if (this.windows.size >= this.capacity) this.prune(now);
      if (this.windows.size >= this.capacity) {
        return { allowed: false, count: limit + 1, retryAfterMs: Math.max(1, this.earliestResetAt - now) };
      }
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      this.earliestResetAt = Math.min(this.earliestResetAt, window.resetAt);
    }
    window.count += 1;
    return { allowed: window.count <= limit, count: window.count, retryAfterMs: window.resetAt - now };
  }

  async peek(key: string, limit: number): Promise<HitResult> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { allowed: true, count: 0, retryAfterMs: 0 };
    return { allowed: window.count < limit, count: window.count, retryAfterMs: window.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
    this.earliestResetAt = Number.POSITIVE_INFINITY;
  }

  /** Drops ended windows only. Skipped while none can have ended, so a full map costs no scan per request. */
  private prune(now: number): void {
    if (this.earliestResetAt > now) return;
    let earliest = Number.POSITIVE_INFINITY;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
      else earliest = Math.min(earliest, window.resetAt);
    }
    this.earliestResetAt = earliest;
  }
}

/**
 * Counters in Redis, shared by every instance. While Redis is unreachable (or a command fails) the
 * same checks are counted in this process's memory instead (docs/RELIABILITY.md, "Redis outages"):
 * a limit then holds per instance, so N instances let up to N times as much through, which is
 * better than refusing everyone or answering 500. Counts made in memory are not carried over when
 * Redis returns; its own windows take over from there.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly link: RedisLink;
  private readonly memory: MemoryRateLimiter;

  constructor(
    url: string,
    private readonly prefix = 'wise:rl:',
    logger: RedisLogger = consoleRedisLogger,
    memory = new MemoryRateLimiter(),
  ) {
    this.link = new RedisLink(url, 'rate limits', logger);
    this.memory = memory;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    return this.either(
      async (redis) => {
        const fullKey = this.prefix + key;
        const result = await redis.multi().incr(fullKey).pexpire(fullKey, windowMs, 'NX').pttl(fullKey).exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        const ttl = Number(result?.[2]?.[1] ?? windowMs);
        return { allowed: count <= limit, count, retryAfterMs: ttl > 0 ? ttl : windowMs };
      },
      () => this.memory.hit(key, limit, windowMs),
    );
  }

  async peek(key: string, limit: number): Promise<HitResult> {
    return this.either(
      async (redis) => {
        const fullKey = this.prefix + key;
        const [count, ttl] = await Promise.all([redis.get(fullKey), redis.pttl(fullKey)]);
        const n = Number(count ?? 0);
        return { allowed: n < limit, count: n, retryAfterMs: ttl > 0 ? ttl : 0 };
      },
      () => this.memory.peek(key, limit),
    );
  }

  async reset(key: string): Promise<void> {
    // Both: a window counted in memory during an outage must not outlive a reset either.
    await this.memory.reset(key);
    await this.either(
      async (redis) => {
        await redis.del(this.prefix + key);
      },
      async () => undefined,
    );
  }

  async close(): Promise<void> {
    await this.link.close();
    await this.memory.close();
  }

  private async either<T>(viaRedis: (redis: RedisLink['client']) => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (this.link.usable) {
      try {
        return await viaRedis(this.link.client);
      } catch (error) {
        this.link.failed(error);
      }
    }
    rateLimitsInMemory.inc();
    return inMemory();
  }
}

export const createRateLimiter = (redisUrl: string | undefined, logger?: RedisLogger): RateLimiter =>
  redisUrl ? new RedisRateLimiter(redisUrl, undefined, logger) : new MemoryRateLimiter();
