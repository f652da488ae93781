import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { enqueue } from '../src/jobs/queue';
import { metricsAccess } from '../src/plugins/metrics';
import { providerFetch, recordLedgerAudit } from '../src/lib/metrics';
import { SmtpMailer, smtpOutcome } from '../src/providers/messaging/index';
import { createTestApp, get, post, type TestApp } from './support/app';
import { PRODUCTION_TEST_ENV } from './support/production-env';

/** GET /metrics (plugins/metrics.ts) and /readyz (domain/readiness.ts): what an operator scrapes and a balancer asks. */

const TOKEN = 'metrics-token-metrics-token-metrics-token';
const scrape = (t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress, headers: options.headers });
/** The value of one series in the text format, e.g. `wise_jobs_due{job="x"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMultiplier: 1 });
  });
  afterAll(() => t.close());

  it('answers this machine in the Prometheus text format, with request, queue, payout, price and session figures', async () => {
    await get(t.app, '/healthz');
    await enqueue(t.database.db, 'metrics.probe', {}, { runAt: new Date(Date.now() - 90_000) });
    recordLedgerAudit(true, new Date());
    const response = await scrape(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(valueOf(text, 'wise_http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'wise_jobs_due{job="metrics.probe"}')).toBe(1);
    expect(valueOf(text, 'wise_jobs_oldest_due_age_seconds{job="metrics.probe"}')).toBeGreaterThanOrEqual(89);
    expect(valueOf(text, 'wise_ledger_audit_ok')).toBe(1);
    for (const name of [
      'wise_jobs_running',
      'wise_payouts_open_oldest_age_seconds',
      'wise_customer_sessions',
      'wise_process_resident_memory_bytes',
    ]) {
      expect(valueOf(text, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    await get(t.app, '/api/giftcards/amazon-usa-0000');
    const text = (await scrape(t)).body;
    expect(text).not.toContain('amazon-usa-0000');
  });

  it('counts an unknown address as one unmatched route, whatever the path', async () => {
    await get(t.app, '/no-such-page-4f1c9a');
    await get(t.app, '/api/no-such-call/7d2e61');
    const text = (await scrape(t)).body;
    expect(text).not.toContain('4f1c9a');
    expect(text).not.toContain('7d2e61');
    expect(valueOf(text, 'wise_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}')).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('counts a request refused by a rate limit, by policy', async () => {
    const before = valueOf((await scrape(t)).body, 'wise_rate_limit_refusals_total{policy="loginPerIp"}') ?? 0;
    let refused = false;
    for (let i = 0; i < 40 && !refused; i += 1) {
      const response = await post(t.app, '/api/auth/login', { email_or_phone: `nobody${i}@nowhere.com`, password: 'whatever123' });
      refused = response.statusCode === 429;
    }
    expect(refused).toBe(true);
    const after = valueOf((await scrape(t)).body, 'wise_rate_limit_refusals_total{policy="loginPerIp"}') ?? 0;
    expect(after).toBeGreaterThan(before);
  });

  it('is not found from another machine, or through a proxy on this one', async () => {
    expect((await scrape(t, { remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape(t, { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await scrape(t, { headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers the bearer of the token from anywhere, and nobody else, this machine included', async () => {
    expect((await scrape(t, { remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, { headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await scrape(t, { headers: { authorization: TOKEN } })).statusCode).toBe(401);
  });
});

describe('GET /metrics in production', () => {
  // Behind a reverse proxy that adds no forwarding header (nginx's bare proxy_pass) every request
  // comes from this machine and says nothing else: the address is never the guard in production.
  const { METRICS_TOKEN: _token, ...withoutToken } = PRODUCTION_TEST_ENV;

  it('refuses to start without METRICS_TOKEN', () => {
    expect(() => loadConfig(withoutToken)).toThrowError(ConfigError);
    expect(() => loadConfig(withoutToken)).toThrowError(/METRICS_TOKEN: is required in production/);
  });

  it('refuses a request from this machine with no forwarding header and no token', async () => {
    const local = { headers: {}, socket: { remoteAddress: '127.0.0.1' } };
    expect(metricsAccess(local, undefined, { production: true })).toBe('hidden');
    expect(metricsAccess(local, undefined, { production: false })).toBe('allowed');
    const t = await createTestApp({ env: { ...PRODUCTION_TEST_ENV } });
    try {
      expect((await scrape(t)).statusCode).toBe(401);
      expect((await scrape(t, { headers: { authorization: `Bearer ${PRODUCTION_TEST_ENV.METRICS_TOKEN}` } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('provider calls', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.statusCode = request.url === '/fail' ? 503 : 200;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('are timed by provider and transport outcome', async () => {
    const t = await createTestApp();
    try {
      const count = async (outcome: string) =>
        valueOf((await scrape(t)).body, `wise_provider_call_duration_seconds_count{provider="probe",outcome="${outcome}"}`) ?? 0;
      const [ok, failed, unreached] = [await count('ok'), await count('http_5xx'), await count('network_error')];
      await providerFetch('probe', `${base}/ok`);
      await providerFetch('probe', `${base}/fail`);
      await expect(providerFetch('probe', 'http://127.0.0.1:1/')).rejects.toThrow();
      expect(await count('ok')).toBe(ok + 1);
      expect(await count('http_5xx')).toBe(failed + 1);
      expect(await count('network_error')).toBe(unreached + 1);
      // E-mail is a provider call too, with the connection's outcome.
      const smtp = async () =>
        valueOf((await scrape(t)).body, 'wise_provider_call_duration_seconds_count{provider="smtp",outcome="network_error"}') ?? 0;
      const smtpBefore = await smtp();
      await expect(
        new SmtpMailer('smtp://127.0.0.1:1', 'Wise <no-reply@wise.ng>').send({ channel: 'email', to: 'a@b.co', subject: 's', text: 't' }),
      ).rejects.toThrow();
      expect(await smtp()).toBe(smtpBefore + 1);
    } finally {
      await t.close();
    }
  });
});

describe('an SMTP failure', () => {
  it('is labelled by the reply class, or the connection', () => {
    expect(smtpOutcome(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }))).toEqual({ outcome: 'smtp_5xx' });
    expect(smtpOutcome(Object.assign(new Error('try later'), { responseCode: 421 }))).toEqual({ outcome: 'smtp_4xx' });
    expect(smtpOutcome(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }))).toEqual({ outcome: 'timeout' });
    expect(smtpOutcome(new Error('ECONNREFUSED'))).toEqual({ outcome: 'network_error' });
  });
});

describe('GET /readyz', () => {
  it('is unavailable while the job worker has stopped polling, and says so', async () => {
    let alive = true;
    const t = await createTestApp({ jobWorkerAlive: () => alive });
    try {
      expect((await get(t.app, '/readyz')).json()).toEqual({ status: 'ok' });
      alive = false;
      const response = await get(t.app, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', failing: ['job_worker'] });
    } finally {
      await t.close();
    }
  });

  it('is unavailable while a migration this build ships is not applied', async () => {
    const t = await createTestApp();
    try {
      await t.database.query('DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations)');
      const response = await get(t.app, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', failing: ['migrations'] });
    } finally {
      await t.close();
    }
  });
});
