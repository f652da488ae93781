import { Redis, type RedisOptions } from 'ioredis';
import { redisUp } from './metrics';

/**
 * Redis is optional at run time (docs/RELIABILITY.md, "Redis outages"): what uses it (the shared
 * rate limits, the session revocations between instances) works without it, per instance, while
 * it is unreachable, and the process starts without it and connects when it comes. Every
 * connection is made here so they all fail fast the same way:
 *
 * - `lazyConnect` and a `connect()` whose failure is only logged: start-up never waits for Redis;
 * - no offline queue and one try per command: while the connection is down a command fails at once,
 *   instead of waiting in a queue for a reconnection (each request took up to 5 s) and then failing;
 * - a command time-out, so a Redis that accepts connections but does not answer costs 0.5 s, once:
 *   the caller then stays off Redis for a moment (`RedisLink.usable`);
 * - an `error` listener on every client (without one ioredis prints "Unhandled error event" for each
 *   failed reconnection), logging once when the connection is lost and once when it is back;
 * - reconnection forever, with a pause growing to 0.5 s: readiness turns green within about half a
 *   second of Redis coming back (a refused connection costs next to nothing).
 */

/** A command without an answer after this is given up (the caller falls back for `BACKOFF_MS`). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command, Redis is not asked again for this long (its connection may look ready). */
const BACKOFF_MS = 2000;
const MAX_RECONNECT_PAUSE_MS = 500;

export interface RedisLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export const consoleRedisLogger: RedisLogger = {
  warn: (details, message) => console.warn(message, details),
  info: () => undefined,
};

/** One connection to Redis with its health as callers need it. */
export class RedisLink {
  readonly client: Redis;
  private avoidUntil = 0;
  private down = false;
  private closed = false;

  constructor(
    url: string,
    readonly role: string,
    private readonly logger: RedisLogger,
    options: RedisOptions = {},
  ) {
    this.client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, MAX_RECONNECT_PAUSE_MS),
      ...options,
    });
    this.client.on('error', (error: Error) => this.lost(error));
    this.client.on('close', () => this.lost(new Error('connection closed')));
    this.client.on('ready', () => {
      if (this.down) this.logger.info({ redis: role }, 'Redis is back');
      this.down = false;
      this.avoidUntil = 0;
      this.report();
    });
    links.add(this);
    this.report();
    // Not awaited: the process serves without Redis and this connects whenever Redis comes.
    this.client.connect().catch((error: unknown) => this.lost(error instanceof Error ? error : new Error(String(error))));
  }

  /** Connected, and no command failed in the last moments. */
  get usable(): boolean {
    return this.client.status === 'ready' && Date.now() >= this.avoidUntil;
  }

  get connected(): boolean {
    return this.client.status === 'ready';
  }

  /** Resolves once connected (at once if it is): for tests and scripts, never on a request's path. */
  whenReady(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.client.once('ready', () => resolve()));
  }

  /** A command failed (a time-out, a dropped connection): Redis is left alone for a moment. */
  failed(error: unknown): void {
    this.avoidUntil = Date.now() + BACKOFF_MS;
    this.lost(error instanceof Error ? error : new Error(String(error)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    links.delete(this);
    this.report();
    this.client.disconnect();
  }

  private lost(error: Error): void {
    if (this.closed) return;
    if (!this.down) {
      this.down = true;
      this.logger.warn({ redis: this.role, reason: error.message }, 'Redis unreachable: working without it until it is back');
    }
    this.report();
  }

  private report(): void {
    redisUp.set(redisHealth() === 'down' ? 0 : 1);
  }
}

const links = new Set<RedisLink>();

/**
 * This process's Redis as /readyz and the alerts read it: `off` when nothing uses Redis (no
 * REDIS_URL), `down` when a connection is not ready.
 */
export function redisHealth(): 'off' | 'ok' | 'down' {
  if (links.size === 0) return 'off';
  for (const link of links) if (!link.connected) return 'down';
  return 'ok';
}
