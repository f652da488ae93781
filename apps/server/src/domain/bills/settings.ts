import { BILL_ORDER_PIN_WINDOW_MS } from '@wise/shared';
import type { Config } from '#server/config';
import type { Backoff } from '#server/jobs/queue';
import type { AirtimeProvider } from '#server/providers/airtime/index';
import type { BillsProvider } from '#server/providers/bills/index';
import type { Clock } from '#server/lib/clock';

/** Everything the bills area needs besides the database: both providers, the clock, the timings. */
export interface BillDeps {
  clock: Clock;
  airtime: AirtimeProvider;
  bills: BillsProvider;
  settings: BillSettings;
  /** Where a provider answer we could not use is reported (the request or job logger). */
  logger?: BillLogger;
}

export interface BillLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BillSettings {
  /**
   * When the status-query job first asks about an authorised order. Longer than the provider
   * call's own time limit, so the call has certainly ended (answered or abandoned) by then.
   */
  requeryDelayMs: number;
  /**
   * A status query saying "no such request" is believed only this long after authorisation:
   * earlier, the purchase could still be on its way to the provider.
   */
  notFoundGraceMs: number;
  /** Between status queries of an order that is still unknown (the job queue's back-off). */
  requeryBackoff: Backoff;
  /** Status queries per job before the job gives up; the recovery sweep then starts a new one. */
  requeryMaxAttempts: number;
  /** A processing order this old without a live status-query job is picked up by the sweep. */
  staleAfterMs: number;
  recoveryIntervalMs: number;
  planRefreshIntervalMs: number;
  /** How long a request that finds no plans at all waits for the first fetch. */
  planFirstFetchWaitMs: number;
  /** After a failed plan fetch, no other attempt (by a request) before this. */
  planRetryMs: number;
  /** An order not authorised within this is refused (its price may be stale). */
  pinWindowMs: number;
}

const REQUERY_MARGIN_MS = 15_000;

export function billSettings(
  config: Pick<Config, 'AIRTIME_TIMEOUT_MS' | 'BILLS_TIMEOUT_MS' | 'BILLS_PLAN_REFRESH_INTERVAL_S'>,
): BillSettings {
  const callLimitMs = Math.max(config.AIRTIME_TIMEOUT_MS, config.BILLS_TIMEOUT_MS);
  const requeryDelayMs = callLimitMs + REQUERY_MARGIN_MS;
  return {
    requeryDelayMs,
    notFoundGraceMs: requeryDelayMs,
    requeryBackoff: { baseMs: 15_000, maxMs: 30 * 60_000 },
    // 15 s, 30 s, 1 min … capped at 30 min: about ten hours of asking before the sweep takes over.
    requeryMaxAttempts: 25,
    staleAfterMs: 2 * requeryDelayMs,
    recoveryIntervalMs: 5 * 60_000,
    planRefreshIntervalMs: config.BILLS_PLAN_REFRESH_INTERVAL_S * 1000,
    planFirstFetchWaitMs: Math.min(10_000, config.BILLS_TIMEOUT_MS),
    planRetryMs: 60_000,
    pinWindowMs: BILL_ORDER_PIN_WINDOW_MS,
  };
}
