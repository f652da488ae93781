import { Redis } from 'ioredis';

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

const MAX_MEMORY_KEYS = 100_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_MEMORY_KEYS) this.prune(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
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
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full of live windows: drop the oldest rather than grow without bound.
    if (this.windows.size >= MAX_MEMORY_KEYS) {
      const first = this.windows.keys().next();
      if (!first.done) this.windows.delete(first.value);
    }
  }
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  constructor(url: string, private readonly prefix = 'wise:rl:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const fullKey = this.prefix + key;
    const result = await this.redis.multi().incr(fullKey).pexpire(fullKey, windowMs, 'NX').pttl(fullKey).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { allowed: count <= limit, count, retryAfterMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string, limit: number): Promise<HitResult> {
    const fullKey = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(fullKey), this.redis.pttl(fullKey)]);
    const n = Number(count ?? 0);
    return { allowed: n < limit, count: n, retryAfterMs: ttl > 0 ? ttl : 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export const createRateLimiter = (redisUrl: string | undefined): RateLimiter =>
  redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
