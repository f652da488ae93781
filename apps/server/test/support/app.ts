import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { AppDeps } from '#server/context';
import type { Database } from '#server/db/client';
import { systemClock, type Clock, type ManualClock } from '#server/lib/clock';
import { MemoryRateLimiter, type RateLimiter } from '#server/lib/rate-limiter';
import { createBankLookup } from '#server/providers/bank-lookup/index';
import { createFileStore, type FileStore } from '#server/providers/file-store/index';
import { createMarketData } from '#server/providers/market-data/index';
import { Outbox } from '#server/providers/messaging/index';
import type { PayoutProvider } from '#server/providers/payouts/index';
import { openTestDatabase } from './db';
import { unboundedPayoutLimitsEnv } from './limits';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  outbox: Outbox;
  clock: Clock;
  close(): Promise<void>;
}

interface TestAppOptions {
  /** A ManualClock to control time; the system clock otherwise. */
  clock?: ManualClock;
  /** 1 tests the real limits; the default keeps validation probes from tripping them. */
  rateLimitMultiplier?: number;
  env?: Record<string, string>;
  /**
   * The payout provider the app uses (tests keep a handle on it), or a function building it on the
   * test's database (the sandbox keeps its transfers there); built from the config otherwise.
   */
  payouts?: PayoutProvider | ((database: Database) => PayoutProvider);
  /** What /readyz is told of the job worker (server.ts hands in the real one's). */
  jobWorkerAlive?: () => boolean;
  /** The rate limiter (a Redis one to test it); an in-memory one on the test's clock otherwise. */
  limiter?: RateLimiter;
  /** Another app's database (several instances on one PostgreSQL database); that app closes it. */
  database?: Database;
  /** The upload store, when not the one the configuration picks (a store that fails). */
  files?: FileStore;
  /** Crypto settlement's watchers and address derivers (built from the env's settings otherwise). */
  chainWatchers?: AppDeps['chainWatchers'];
  addressDerivers?: AppDeps['addressDerivers'];
  /** Adds hooks to the app before it is ready (a test holding requests at a point of its choosing). */
  prepare?: (app: FastifyInstance) => void;
}

/** The real app on a fresh database, with the dev outbox for e-mail and SMS. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    RATE_LIMIT_MULTIPLIER: String(options.rateLimitMultiplier ?? 1000),
    ...unboundedPayoutLimitsEnv,
    ...options.env,
  });
  const outbox = new Outbox();
  const clock = options.clock ?? systemClock;
  const limiter = options.limiter ?? new MemoryRateLimiter(() => clock.now().getTime());
  const app = await buildApp(
    // The real providers as the configuration picks them (tests point UPLOAD_DIR, S3_* or the bank
    // lookup's base URL at local fakes); e-mail and SMS always land in the outbox.
    {
      config,
      database,
      messenger: outbox,
      outbox,
      files: options.files ?? createFileStore(config),
      bankLookup: createBankLookup(config),
      marketData: createMarketData(config, clock),
      ...(options.payouts ? { payouts: typeof options.payouts === 'function' ? options.payouts(database) : options.payouts } : {}),
      limiter,
      clock,
      jobWorkerAlive: options.jobWorkerAlive,
      ...(options.chainWatchers ? { chainWatchers: options.chainWatchers } : {}),
      ...(options.addressDerivers ? { addressDerivers: options.addressDerivers } : {}),
    },
    { logger: false, serveWeb: false },
  );
  options.prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    outbox,
    clock,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** Cookie jar of one client: what a browser would send back. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'wise_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `wise_session=${cookie.value}`;
}

export const jsonOf = <T = Record<string, unknown>>(response: LightMyRequestResponse): T => response.json<T>();

export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string, extra: InjectOptions = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    headers: { ...(cookie ? { cookie } : {}), ...(extra.headers ?? {}) },
  });
}

export function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
