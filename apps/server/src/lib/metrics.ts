import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { activeTracer, type SpanAttributes } from './tracing';

/**
 * The metrics an event updates where it happens (a request answered, a provider called, a request
 * refused by a rate limit, a ledger audit finished), in one registry for the process: every app
 * instance a process builds (tests build many) counts into the same series, as a scrape of the
 * process should. Figures read from the database at scrape time (queue depth, payouts, price age,
 * sessions) are registered per app by plugins/metrics.ts. Exposed at GET /metrics (docs/operations.md,
 * "Health, readiness and metrics").
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'wise_' });

/** Seconds, from a fast cached answer to a slow provider-backed write. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const httpRequestDuration = new Histogram({
  name: 'wise_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [processRegistry],
});

export const providerCallDuration = new Histogram({
  name: 'wise_provider_call_duration_seconds',
  help: 'Time for a call to an external provider, by provider and outcome (ok, http_4xx, http_5xx, network_error, timeout).',
  labelNames: ['provider', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'wise_rate_limit_refusals_total',
  help: 'Requests refused with 429, by rate-limit policy.',
  labelNames: ['policy'] as const,
  registers: [processRegistry],
});

export const redisUp = new Gauge({
  name: 'wise_redis_up',
  help: '1 while this process\'s Redis connections are ready (or it uses none), 0 while one is not: the rate limits are then per instance (docs/RELIABILITY.md, "Redis outages").',
  registers: [processRegistry],
});

// No Redis in use is not an outage.
redisUp.set(1);

export const rateLimitsInMemory = new Counter({
  name: 'wise_rate_limit_memory_fallbacks_total',
  help: "Rate-limit checks counted in this process's memory because Redis was unreachable.",
  registers: [processRegistry],
});

export const ledgerAuditOk = new Gauge({
  name: 'wise_ledger_audit_ok',
  help: 'The last gem ledger audit run by this process: 1 balanced, 0 a mismatch (absent until the first run).',
  registers: [processRegistry],
});

export const ledgerAuditTimestamp = new Gauge({
  name: 'wise_ledger_audit_last_run_timestamp_seconds',
  help: 'When this process last finished a gem ledger audit (Unix time).',
  registers: [processRegistry],
});

/** Records a finished ledger audit (the gems.ledger_audit job). */
export function recordLedgerAudit(ok: boolean, at: Date): void {
  ledgerAuditOk.set(ok ? 1 : 0);
  ledgerAuditTimestamp.set(at.getTime() / 1000);
}

function outcomeOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  return 'network_error';
}

/** What became of one provider call: the metric's outcome label, and the HTTP status when there was one. */
export interface ProviderCallOutcome {
  outcome: string;
  status?: number;
}

/**
 * Times one call to an external provider into wise_provider_call_duration_seconds and, when
 * tracing is on, records it as a client span of the request or job that made it. The span names
 * the provider, the operation, the host and the status, never the URL's path or query (an account
 * number, a key) nor anything sent or answered (lib/tracing.ts).
 */
export async function timeProviderCall<T>(
  provider: string,
  operation: string,
  call: () => Promise<T>,
  outcomes: { ofResult: (value: T) => ProviderCallOutcome; ofError: (error: unknown) => ProviderCallOutcome },
  attributes: SpanAttributes = {},
): Promise<T> {
  const stop = providerCallDuration.startTimer({ provider });
  const span = activeTracer()?.startSpan(`${operation} ${provider}`, {
    kind: 'client',
    attributes: { 'wise.provider': provider, ...attributes },
  });
  const finish = ({ outcome, status }: ProviderCallOutcome) => {
    stop({ outcome });
    if (!span) return;
    span.setAttributes({ 'wise.provider.outcome': outcome, ...(status === undefined ? {} : { 'http.response.status_code': status }) });
    if (outcome !== 'ok') span.fail(outcome);
    span.end();
  };
  try {
    const value = await call();
    finish(outcomes.ofResult(value));
    return value;
  } catch (error) {
    finish(outcomes.ofError(error));
    throw error;
  }
}

/**
 * `fetch` for a provider's HTTP client, timed into wise_provider_call_duration_seconds (and a
 * span). The outcome is the transport's (a status class or a failure to connect), not the
 * business answer: a declined purchase is an ok call.
 */
export async function providerFetch(provider: string, input: string | URL, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? 'GET';
  return timeProviderCall(
    provider,
    method,
    () => fetch(input, init),
    {
      ofResult: (response) => ({ outcome: response.ok ? 'ok' : response.status >= 500 ? 'http_5xx' : 'http_4xx', status: response.status }),
      ofError: (error) => ({ outcome: outcomeOf(error) }),
    },
    { 'http.request.method': method, 'server.address': new URL(input).hostname },
  );
}

export const providerWalletLow = new Counter({
  name: 'wise_provider_wallet_low_total',
  help: 'Purchases a provider refused because our wallet with it was too low to pay (VTpass code 018), by provider. Any increase means the wallet needs funding now.',
  labelNames: ['provider'] as const,
  registers: [processRegistry],
});

export const providerWalletLowTimestamp = new Gauge({
  name: 'wise_provider_wallet_low_last_timestamp_seconds',
  help: 'When a provider last refused a purchase for a low wallet (Unix time; absent until it happens).',
  labelNames: ['provider'] as const,
  registers: [processRegistry],
});

/** A provider refused a purchase because our wallet with it is empty: counted for the alerts (docs/operations.md). */
export function recordProviderWalletLow(provider: string, at: Date): void {
  providerWalletLow.inc({ provider });
  providerWalletLowTimestamp.set({ provider }, at.getTime() / 1000);
}
