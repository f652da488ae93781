import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { isLoopbackPeer } from '../lib/loopback';
import { httpRequestDuration, processRegistry } from '../lib/metrics';
import { addChainWatchMetrics } from '../domain/crypto-deposits/metrics';
import { addReconciliationMetrics } from './reconciliation-metrics';

/**
 * GET /metrics in the Prometheus text format (docs/operations.md): the process's event
 * metrics (lib/metrics.ts) and figures read from the database when scraped. Who may read it: with
 * METRICS_TOKEN set, a request bearing it, and nobody else. In production the token is required
 * (config.ts refuses to start without it) and the address is never the guard: a reverse proxy
 * that adds no forwarding header (nginx's bare proxy_pass) makes every request look local
 * (docs/closed-accounts.md, "Metrics"). Only a development or test server without a token answers
 * this machine, directly (a request carrying a forwarding header is refused).
 */
export interface MetricsOptions {
  database: Database;
  token: string | undefined;
  production: boolean;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Access = 'allowed' | 'unauthorized' | 'hidden';

export function metricsAccess(
  request: { headers: FastifyRequest['headers']; socket: { remoteAddress?: string | undefined } },
  token: string | undefined,
  options: { production: boolean },
): Access {
  if (token) {
    const header = request.headers.authorization;
    return typeof header === 'string' && header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), token)
      ? 'allowed'
      : 'unauthorized';
  }
  // Unreachable through config.ts; kept so that no path ever publishes production's figures.
  if (options.production) return 'hidden';
  if (!isLoopbackPeer(request.socket.remoteAddress)) return 'hidden';
  return FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined) ? 'hidden' : 'allowed';
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The job queue: what is due, how long the oldest has waited, what runs now. */
function addJobMetrics(registry: Registry, database: Database): void {
  new Gauge({
    name: 'wise_jobs_due',
    help: 'Jobs queued and due to run now, by job name (a backing-up queue grows here).',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database.query<{ name: string; due: string }>(
        "SELECT name, count(*) AS due FROM jobs WHERE status = 'queued' AND run_at <= now() GROUP BY name",
      );
      for (const row of rows) this.set({ job: row.name }, num(row.due));
    },
  });
  new Gauge({
    name: 'wise_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited to run, by job name.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database.query<{ name: string; age: string }>(
        "SELECT name, extract(epoch FROM now() - min(run_at)) AS age FROM jobs WHERE status = 'queued' AND run_at <= now() GROUP BY name",
      );
      for (const row of rows) this.set({ job: row.name }, num(row.age));
    },
  });
  new Gauge({
    name: 'wise_jobs_running',
    help: 'Jobs running now on any instance.',
    registers: [registry],
    async collect() {
      const [row] = await database.query<{ running: string }>("SELECT count(*) AS running FROM jobs WHERE status = 'running'");
      this.set(num(row?.running));
    },
  });
}

/** Payouts: the last day's outcomes, approval-to-paid times, and the oldest still open. */
function addPayoutMetrics(registry: Registry, database: Database): void {
  new Gauge({
    name: 'wise_payouts_last_24h',
    help: 'Payouts created in the last 24 hours, by their status now (success, failed, needs_review, pending…).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database.query<{ status: string; count: string }>(
        "SELECT status, count(*) AS count FROM payouts WHERE created_at > now() - interval '24 hours' GROUP BY status",
      );
      for (const row of rows) this.set({ status: row.status }, num(row.count));
    },
  });
  new Gauge({
    name: 'wise_payout_approval_to_paid_seconds',
    help: 'Time from approval (the payout created) to the provider confirming it, over payouts paid in the last 24 hours.',
    labelNames: ['quantile'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const [row] = await database.query<{ p50: string | null; p90: string | null }>(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM settled_at - created_at)) AS p50,
                percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM settled_at - created_at)) AS p90
           FROM payouts WHERE status = 'success' AND settled_at > now() - interval '24 hours'`,
      );
      if (row?.p50 !== null && row?.p50 !== undefined) this.set({ quantile: '0.5' }, num(row.p50));
      if (row?.p90 !== null && row?.p90 !== undefined) this.set({ quantile: '0.9' }, num(row.p90));
    },
  });
  new Gauge({
    name: 'wise_payouts_open_oldest_age_seconds',
    help: 'Age of the oldest payout still queued, sending or pending at the provider (0 when none).',
    registers: [registry],
    async collect() {
      const [row] = await database.query<{ age: string | null }>(
        "SELECT extract(epoch FROM now() - min(created_at)) AS age FROM payouts WHERE status IN ('queued', 'sending', 'pending')",
      );
      this.set(num(row?.age));
    },
  });
}

/** The market data's age and the customer sessions alive. */
function addFreshnessMetrics(registry: Registry, database: Database): void {
  new Gauge({
    name: 'wise_market_price_age_seconds',
    help: 'Age of the last market data fetched, by dataset (markets: the coin prices; trending).',
    labelNames: ['dataset'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database.query<{ dataset: string; age: string | null }>(
        'SELECT dataset, extract(epoch FROM now() - fetched_at) AS age FROM market_data_cache WHERE fetched_at IS NOT NULL',
      );
      for (const row of rows) this.set({ dataset: row.dataset }, num(row.age));
    },
  });
  new Gauge({
    name: 'wise_customer_sessions',
    help: 'Customer sessions not yet expired.',
    registers: [registry],
    async collect() {
      const [row] = await database.query<{ count: string }>('SELECT count(*) AS count FROM sessions WHERE expires_at > now()');
      this.set(num(row?.count));
    },
  });
}

/** The figures a scrape reads from the database: cheap, indexed queries (the partial indexes on jobs and payouts). */
function databaseMetrics(database: Database): Registry {
  const registry = new Registry();
  addJobMetrics(registry, database);
  addPayoutMetrics(registry, database);
  addFreshnessMetrics(registry, database);
  addReconciliationMetrics(registry, database);
  addChainWatchMetrics(registry, database);
  return registry;
}

const metricsPlugin: FastifyPluginAsync<MetricsOptions> = async (app, { database, token, production }) => {
  // Every answer, by the route's pattern (never the raw URL: ids would make a series per sale).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const fromDatabase = databaseMetrics(database);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, token, { production });
    if (access === 'hidden') return reply.callNotFound();
    if (access === 'unauthorized')
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'A valid metrics token is required', code: 'UNAUTHENTICATED' });
    const registry = Registry.merge([processRegistry, fromDatabase]);
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
};

export const metrics = fp(metricsPlugin, { name: 'metrics' });
