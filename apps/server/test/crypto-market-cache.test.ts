import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client';
import { marketDataJobs, MARKET_REFRESH_JOB } from '../src/domain/crypto/jobs';
import {
  freshMarkets,
  readMarkets,
  readTrending,
  refreshMarketData,
  type MarketDeps,
  type MarketSettings,
} from '../src/domain/crypto/market-cache';
import { createQuote } from '../src/domain/crypto/quotes';
import { DomainError } from '../src/domain/errors';
import { JobWorker, silentLogger } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import { SandboxMarketData } from '../src/providers/market-data/sandbox';
import { MarketDataError, type CoinMarket, type MarketDataProvider, type TrendingCoinData } from '../src/providers/market-data/types';
import { openTestDatabase } from './support/db';
import { insertUsers } from './support/gem-users';

/**
 * The server's market-price cache (docs/decisions.md §6), on both database engines, with a clock moved by
 * hand: fresh prices are served; a failing provider leaves the last good prices served, marked
 * stale after the maximum age, when quotes stop; and however many callers or instances race, the
 * provider is asked once per interval.
 */

const SECOND = 1000;
const settings: MarketSettings = {
  refreshIntervalMs: 60 * SECOND,
  trendingIntervalMs: 600 * SECOND,
  maxPriceAgeMs: 600 * SECOND,
  firstFetchTimeoutMs: 2 * SECOND,
};

/** The sandbox behind a switch: counts calls, can fail, can be slow (so races overlap for real). */
class ControlledProvider implements MarketDataProvider {
  readonly name = 'sandbox' as const;
  calls = { markets: 0, trending: 0 };
  failure?: MarketDataError;
  delayMs = 0;
  /** While set, every fetch hangs until it resolves (a provider that answers only when the test says). */
  hang?: Promise<void>;
  private readonly inner: SandboxMarketData;
  constructor(clock: ManualClock) {
    this.inner = new SandboxMarketData(clock);
  }
  async fetchMarkets(): Promise<CoinMarket[]> {
    this.calls.markets += 1;
    if (this.delayMs) await delay(this.delayMs);
    await this.hang;
    if (this.failure) throw this.failure;
    return this.inner.fetchMarkets();
  }
  async fetchTrending(): Promise<TrendingCoinData[]> {
    this.calls.trending += 1;
    if (this.delayMs) await delay(this.delayMs);
    await this.hang;
    if (this.failure) throw this.failure;
    return this.inner.fetchTrending();
  }
}

let database: Database;
let clock: ManualClock;
let provider: ControlledProvider;
let deps: MarketDeps;
let userId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  [userId = ''] = await insertUsers(database, 1);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Every test starts from the cache as a fresh deployment has it: empty, due at once.
  await database.query(
    "UPDATE market_data_cache SET payload = NULL, fetched_at = NULL, last_attempt_at = NULL, last_error = NULL, next_attempt_at = '1970-01-01T00:00:00Z'",
  );
  clock = new ManualClock('2026-04-06T09:00:00Z');
  provider = new ControlledProvider(clock);
  deps = { provider, clock, settings };
});

const refresh = (p: MarketDataProvider = provider) => refreshMarketData(database.db, p, clock, settings);

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return `${error.status} ${error.code}`;
}

describe('fresh prices', () => {
  it('are fetched, stored and served with their time, not stale', async () => {
    expect(await refresh()).toEqual({ markets: 'refreshed', trending: 'refreshed' });
    const expected = await new SandboxMarketData(clock).fetchMarkets();
    const served = await readMarkets(database.db, deps);
    expect(served).toEqual({ coins: expected, fetchedAt: clock.now(), stale: false });
    const trending = await readTrending(database.db, deps);
    expect(trending?.coins.length).toBeGreaterThanOrEqual(10);
    expect(trending?.stale).toBe(false);
  });

  it('are fetched again only once the interval has passed; reading never calls the provider', async () => {
    await refresh();
    clock.advance(30 * SECOND);
    expect(await refresh()).toEqual({ markets: 'skipped', trending: 'skipped' });
    for (let i = 0; i < 5; i += 1) await readMarkets(database.db, deps);
    expect(provider.calls).toEqual({ markets: 1, trending: 1 });

    clock.advance(30 * SECOND);
    expect(await refresh()).toEqual({ markets: 'refreshed', trending: 'skipped' });
    expect((await readMarkets(database.db, deps))?.fetchedAt).toEqual(clock.now());
    // Trending waits for its own, longer interval.
    clock.advance(540 * SECOND);
    expect((await refresh()).trending).toBe('refreshed');
    expect(provider.calls).toEqual({ markets: 3, trending: 2 });
  });
});

describe('a failing provider', () => {
  it('leaves the last good prices served; stale after the maximum age, and then no quotes', async () => {
    await refresh();
    const good = await readMarkets(database.db, deps);
    const fetchedAt = clock.now();
    provider.failure = new MarketDataError('unavailable', 'down');

    clock.advance(61 * SECOND);
    expect((await refresh()).markets).toBe('failed');
    const [row] = await database.query<{ last_error: string }>("SELECT last_error FROM market_data_cache WHERE dataset = 'markets'");
    expect(row?.last_error).toBe('unavailable: down');
    expect(await readMarkets(database.db, deps)).toEqual({ ...good, stale: false });
    // Within the maximum age the old prices still quote.
    expect((await createQuote(database.db, { ...deps, quoteTtlMs: 900 * SECOND }, userId, { coin: 'usdt', amount: '10' })).prices_at).toBe(
      fetchedAt.toISOString(),
    );

    clock.set(new Date(fetchedAt.getTime() + 600 * SECOND));
    await refresh();
    expect((await readMarkets(database.db, deps))?.stale).toBe(false);
    clock.advance(1);
    await refresh();
    const served = await readMarkets(database.db, deps);
    expect(served).toEqual({ coins: good?.coins, fetchedAt, stale: true });
    expect(await codeOf(freshMarkets(database.db, deps))).toBe('503 PRICES_STALE');
    expect(await codeOf(createQuote(database.db, { ...deps, quoteTtlMs: 900 * SECOND }, userId, { coin: 'btc', amount: '0.01' }))).toBe(
      '503 PRICES_STALE',
    );

    // Back up: the next interval's refresh brings fresh prices and quotes again.
    provider.failure = undefined;
    clock.advance(60 * SECOND);
    expect((await refresh()).markets).toBe('refreshed');
    expect((await readMarkets(database.db, deps))?.stale).toBe(false);
    expect((await createQuote(database.db, { ...deps, quoteTtlMs: 900 * SECOND }, userId, { coin: 'btc', amount: '0.01' })).coin).toBe(
      'btc',
    );
  });

  it('is asked once per interval, not once per tick or request', async () => {
    provider.failure = new MarketDataError('timeout', 'slow');
    expect((await refresh()).markets).toBe('failed');
    for (let i = 0; i < 5; i += 1) {
      clock.advance(10 * SECOND);
      expect((await refresh()).markets).toBe('skipped');
      expect(await readMarkets(database.db, deps)).toBeUndefined();
    }
    expect(provider.calls.markets).toBe(1);
    clock.advance(10 * SECOND);
    expect((await refresh()).markets).toBe('failed');
    expect(provider.calls.markets).toBe(2);
  });

  it('a 429 naming a later time than the next interval is respected', async () => {
    provider.failure = new MarketDataError('rate_limited', '429', { retryAfterMs: 300 * SECOND });
    await refresh();
    clock.advance(61 * SECOND);
    expect((await refresh()).markets).toBe('skipped');
    clock.advance(240 * SECOND);
    expect((await refresh()).markets).toBe('failed');
    expect(provider.calls.markets).toBe(2);
  });

  it('a bug is not swallowed: anything but a provider error is thrown after being recorded', async () => {
    const broken: MarketDataProvider = {
      name: 'sandbox',
      fetchMarkets: async () => {
        throw new TypeError('boom');
      },
      fetchTrending: async () => [],
    };
    await expect(refresh(broken)).rejects.toThrow('boom');
    const [row] = await database.query<{ last_error: string }>("SELECT last_error FROM market_data_cache WHERE dataset = 'markets'");
    expect(row?.last_error).toContain('boom');
  });
});

describe('several callers, several instances', () => {
  it('racing refreshes on one database: one provider call per data set', async () => {
    provider.delayMs = 50;
    // A second instance: its own provider object, the same database.
    const other = new ControlledProvider(clock);
    other.delayMs = 50;
    const outcomes = await Promise.all([refresh(), refresh(other), refresh(), refresh(other), refresh()]);
    expect(provider.calls.markets + other.calls.markets).toBe(1);
    expect(provider.calls.trending + other.calls.trending).toBe(1);
    expect(outcomes.filter((o) => o.markets === 'refreshed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.markets === 'skipped')).toHaveLength(4);
    // Both instances read the same cache.
    expect(await readMarkets(database.db, { ...deps, provider: other })).toEqual(await readMarkets(database.db, deps));
  });

  it('racing again after the interval: again exactly one call', async () => {
    await refresh();
    clock.advance(60 * SECOND);
    provider.delayMs = 30;
    await Promise.all(Array.from({ length: 6 }, () => refresh()));
    expect(provider.calls.markets).toBe(2);
  });
});

describe('an empty cache', () => {
  it('the first reader fills it with one bounded fetch', async () => {
    const served = await readMarkets(database.db, deps);
    expect(served?.coins).toHaveLength(4);
    expect(provider.calls.markets).toBe(1);
    await readMarkets(database.db, deps);
    expect(provider.calls.markets).toBe(1);
  });

  it('with the provider down: nothing to serve, and prices count as stale', async () => {
    provider.failure = new MarketDataError('unavailable', 'down');
    expect(await readMarkets(database.db, deps)).toBeUndefined();
    expect(await codeOf(freshMarkets(database.db, deps))).toBe('503 PRICES_STALE');
    expect(provider.calls.markets).toBe(1);
  });

  it('a provider that hangs does not hold the request past the first-fetch timeout', async () => {
    let answer: () => void = () => undefined;
    provider.hang = new Promise<void>((resolve) => (answer = resolve));
    const served = await readMarkets(database.db, { ...deps, settings: { ...settings, firstFetchTimeoutMs: 200 } });
    // Answered while the provider, asked, still hangs (it answers only below): so by the timeout,
    // not by waiting for it.
    expect(provider.calls.markets).toBe(1);
    expect(served).toBeUndefined();
    // Let the hanging fetches land before the next test resets the rows.
    answer();
    await vi.waitFor(
      async () => {
        const rows = await database.query<{ fetched: boolean }>('SELECT fetched_at IS NOT NULL AS fetched FROM market_data_cache');
        expect(rows.every((r) => r.fetched)).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  }, 15_000);
});

describe('as a recurring job on the queue', () => {
  const workerFor = (p: MarketDataProvider) => {
    const set = marketDataJobs(p, settings);
    const worker = new JobWorker(database.db, { clock, logger: silentLogger, schedules: set.schedules, pollIntervalMs: 20 });
    for (const job of set.jobs) worker.register(job);
    return worker;
  };

  it('refreshes once per slot, however many instances run the queue, and a slot firing a little early still counts', async () => {
    await database.query('DELETE FROM jobs WHERE name = $1', [MARKET_REFRESH_JOB]);
    // Slots are aligned to the epoch: this one started 0.5 s ago.
    clock.set('2026-04-06T09:00:00.500Z');
    const other = new ControlledProvider(clock);
    const [a, b] = [workerFor(provider), workerFor(other)];
    const runs = (await Promise.all([a.runDue(), b.runDue()])).flat();
    expect(runs.map((r) => [r.name, r.outcome])).toEqual([[MARKET_REFRESH_JOB, 'done']]);
    expect(provider.calls.markets + other.calls.markets).toBe(1);
    expect((await readMarkets(database.db, deps))?.fetchedAt).toEqual(clock.now());

    // The same slot again: nothing to run.
    clock.advance(20 * SECOND);
    expect((await Promise.all([a.runDue(), b.runDue()])).flat()).toEqual([]);

    // The next slot, reached 0.49 s short of a full interval after the last fetch.
    clock.set('2026-04-06T09:01:00.010Z');
    await Promise.all([a.runDue(), b.runDue()]);
    expect(provider.calls.markets + other.calls.markets).toBe(2);
    expect((await readMarkets(database.db, deps))?.fetchedAt).toEqual(clock.now());
  });

  it('a provider failure is logged, not retried by the queue: the next slot asks again', async () => {
    await database.query('DELETE FROM jobs WHERE name = $1', [MARKET_REFRESH_JOB]);
    clock.set('2026-04-06T10:00:00Z');
    provider.failure = new MarketDataError('unavailable', 'down');
    const warnings: string[] = [];
    const set = marketDataJobs(provider, settings);
    const worker = new JobWorker(database.db, {
      clock,
      logger: { ...silentLogger, warn: (_details, message) => warnings.push(message) },
      schedules: set.schedules,
    });
    for (const job of set.jobs) worker.register(job);
    expect((await worker.runDue()).map((r) => r.outcome)).toEqual(['done']);
    expect(warnings).toEqual(['market data refresh failed; serving the last good prices']);
    clock.advance(30 * SECOND);
    expect(await worker.runDue()).toEqual([]);
    expect(provider.calls.markets).toBe(1);
  });
});
