import { performance } from 'node:perf_hooks';
import { listenToChannel } from '#server/db/listen';
import { RedisLink, type RedisLogger } from '#server/lib/redis';
import type { SessionPrincipal } from './sessions';

/**
 * A few seconds of memory of the sessions this process has just looked up, so that a customer's
 * burst of calls (a screen fetches several at once) costs one session query, not one each
 * (docs/PERFORMANCE.md). Revocation is immediate all the same:
 *
 * - everything that ends sessions (logout, rotation at login, password reset, a contact change,
 *   a lock by staff) calls forgetSession / forgetUserSessions, which drop the entries here and,
 *   when REDIS_URL is set, on every other instance through Redis pub/sub, before answering;
 * - a forgotten session or user leaves a tombstone for TOMBSTONE_MS: while it lasts nothing about
 *   it is cached, so a lookup racing the revocation (it read the row before the deleting
 *   transaction committed) can't put it back;
 * - a closing account is announced by the database itself (`wise_sessions`, notified by the
 *   closing transaction's commit, 0047_closed_is_closed.sql): every instance on PostgreSQL hears
 *   it whether or not Redis is configured or reachable (docs/closed-accounts.md).
 *
 * While Redis is unreachable (docs/RELIABILITY.md, "Redis outages") a revocation made elsewhere cannot
 * reach this process, so nothing is cached: every request reads its session from the database, as
 * it would without the cache, and what was cached is dropped when the connection goes.
 *
 * Only this process's clock-free monotonic time decides freshness; the session's own expiry is
 * still checked against the app clock on every hit.
 */

const CACHE_TTL_MS = 5_000;
/** Longer than any transaction that deletes sessions takes to commit. */
const TOMBSTONE_MS = 30_000;
/** Bounds the memory: an entry is ~300 bytes, so ~15 MB at most. */
const MAX_ENTRIES = 50_000;
const CHANNEL = 'wise:sessions:revoked';

export interface CachedSession {
  principal: SessionPrincipal;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  freshUntil: number;
}

const entries = new Map<string, Entry>();
/** `h:<token hash>` or `u:<user id>` → until when nothing about it is cached. */
const tombstones = new Map<string, number>();

const userKey = (userId: string) => `u:${userId}`;
const hashKey = (hash: string) => `h:${hash}`;

function tombstoned(key: string, now: number): boolean {
  const until = tombstones.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  tombstones.delete(key);
  return false;
}

/** Whether revocations from other instances can reach this process (always, when it runs alone). */
const revocationsHeard = () => !bus || bus.subscribed;

export function cachedSession(hash: string): CachedSession | undefined {
  if (!revocationsHeard()) return undefined;
  const entry = entries.get(hash);
  if (!entry) return undefined;
  if (entry.freshUntil <= performance.now()) {
    entries.delete(hash);
    return undefined;
  }
  return entry;
}

/** Remembers a session just read from the database, unless it was revoked meanwhile. */
export function cacheSession(hash: string, session: CachedSession): void {
  if (!revocationsHeard()) return;
  const now = performance.now();
  if (!cacheable()) return;
  if (tombstoned(hashKey(hash), now) || tombstoned(userKey(session.principal.user.id), now)) return;
  if (entries.size >= MAX_ENTRIES) {
    // The oldest insertion first (a Map keeps insertion order).
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(hash, { ...session, freshUntil: now + CACHE_TTL_MS });
}

/** Pushes a refreshed expiry into the cached entry, if any. */
export function updateCachedExpiry(hash: string, expiresAt: Date): void {
  const entry = entries.get(hash);
  if (entry) entry.expiresAt = expiresAt;
}

function forgetLocally(key: string): void {
  const now = performance.now();
  tombstones.set(key, now + TOMBSTONE_MS);
  if (key.startsWith('h:')) entries.delete(key.slice(2));
  else {
    const userId = key.slice(2);
    for (const [hash, entry] of entries) if (entry.principal.user.id === userId) entries.delete(hash);
  }
  // Expired tombstones are dropped as others are added, so they never pile up.
  if (tombstones.size > 1000) for (const [k, until] of tombstones) if (until <= now) tombstones.delete(k);
}

/** Forgets every cached session here (the database channel was down: what it said meanwhile is lost). */
function forgetAllLocally(): void {
  entries.clear();
}

// --- across instances: PostgreSQL's own notifications of a closing ---

export const SESSIONS_CHANNEL = 'wise_sessions';

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * LISTENs on `wise_sessions` (db/listen.ts) and forgets what the database names there. While the
 * connection is down nothing is cached (a closing could be missed); it is reopened by itself.
 */
export async function listenForSessionRevocations(connectionString: string, logger: Logger): Promise<{ close: () => Promise<void> }> {
  let up = false;
  const channel = await listenToChannel(
    connectionString,
    SESSIONS_CHANNEL,
    {
      onNotification: (key) => {
        if (key.startsWith('h:') || key.startsWith('u:')) forgetLocally(key);
      },
      onUp: () => {
        up = true;
        forgetAllLocally();
      },
      onDown: () => {
        up = false;
        forgetAllLocally();
      },
      meanwhile: 'no session is cached',
    },
    logger,
  );
  listeners.add(isListening);
  function isListening() {
    return up;
  }
  return {
    close: async () => {
      listeners.delete(isListening);
      await channel.close();
    },
  };
}

/** The database listeners of this process: while one of them is down, nothing is cached. */
const listeners = new Set<() => boolean>();
const cacheable = () => [...listeners].every((listening) => listening());

// --- across instances: Redis pub/sub ---

interface Bus {
  publisher: RedisLink;
  subscriber: RedisLink;
  /** Subscribed on a live connection: revocations published elsewhere reach us. */
  subscribed: boolean;
  users: number;
}
let bus: Bus | undefined;

async function broadcast(key: string): Promise<void> {
  if (!bus?.publisher.usable) return;
  try {
    await bus.publisher.client.publish(CHANNEL, key);
  } catch (error) {
    // The other instances then keep the session for at most CACHE_TTL_MS: said, never hidden.
    bus.publisher.failed(error);
  }
}

/** Ends the cached life of one session here and on every instance. */
export async function forgetSession(hash: string): Promise<void> {
  forgetLocally(hashKey(hash));
  await broadcast(hashKey(hash));
}

/** Ends the cached life of every session of a user (password reset, contact change, lock, new name). */
export async function forgetUserSessions(userId: string): Promise<void> {
  forgetLocally(userKey(userId));
  await broadcast(userKey(userId));
}

/**
 * Joins the instances sharing `redisUrl`: revocations made here reach them and theirs reach us.
 * Returns at once, connected or not: until the subscription stands (and whenever Redis goes away)
 * nothing is cached, so no revocation can be missed. One connection pair per process however
 * many apps it builds; close() when the app closes.
 */
export async function joinSessionRevocations(redisUrl: string, logger: RedisLogger): Promise<{ close: () => Promise<void> }> {
  if (!bus) {
    const publisher = new RedisLink(redisUrl, 'session revocations (publish)', logger);
    const subscriber = new RedisLink(redisUrl, 'session revocations (subscribe)', logger, { autoResubscribe: false });
    const joining: Bus = { publisher, subscriber, subscribed: false, users: 0 };
    subscriber.client.on('message', (channel: string, key: string) => {
      if (channel === CHANNEL && (key.startsWith('h:') || key.startsWith('u:'))) forgetLocally(key);
    });
    subscriber.client.on('close', () => {
      joining.subscribed = false;
      // Revocations made elsewhere from now on would not be heard: nothing cached may outlive them.
      entries.clear();
    });
    // On every (re)connection: what was published while we were away is lost, but nothing was cached meanwhile.
    subscriber.client.on('ready', () => {
      subscriber.client.subscribe(CHANNEL).then(
        () => {
          joining.subscribed = true;
        },
        (error: unknown) => subscriber.failed(error),
      );
    });
    bus = joining;
  }
  bus.users += 1;
  const joined = bus;
  let closed = false;
  return {
    close: async () => {
      if (closed) return;
      closed = true;
      joined.users -= 1;
      if (joined.users > 0) return;
      if (bus === joined) bus = undefined;
      await joined.subscriber.close();
      await joined.publisher.close();
    },
  };
}
