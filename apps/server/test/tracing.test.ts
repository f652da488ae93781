import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enqueue } from '../src/jobs/queue';
import { JobWorker } from '../src/jobs/worker';
import { startOtelTracer } from '../src/lib/otel';
import { useTracer, type Tracer } from '../src/lib/tracing';
import { createTestApp, post, type TestApp } from './support/app';
import { connectionUrlOf, openTestDatabase } from './support/db';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { exited, startServerProcess } from './support/server-process';
import { createCustomer } from './support/users';

/**
 * OpenTelemetry traces (lib/otel.ts, docs/decisions.md §7b.7), received by a fake OTLP/HTTP
 * collector that keeps what it is sent as JSON: a request is a server span named by its route
 * pattern, with its database queries (on either engine) and its provider calls as children, and
 * nothing in any attribute that names the account or the provider's key. Without an endpoint the
 * server sends nothing.
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
  status?: { code?: number; message?: string };
}
interface OtlpBody {
  resourceSpans?: { resource?: { attributes?: { key: string; value: OtlpValue }[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

interface Collector {
  url: string;
  bodies: OtlpBody[];
  headers: IncomingHttpHeaders[];
  spans(): OtlpSpan[];
  close(): Promise<void>;
}

async function startCollector(): Promise<Collector> {
  const bodies: OtlpBody[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        headers.push(request.headers);
        bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody);
      }
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    headers,
    spans: () =>
      bodies
        .flatMap((body) => body.resourceSpans ?? [])
        .flatMap((r) => r.scopeSpans ?? [])
        .flatMap((s) => s.spans ?? []),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string): string | number | boolean | undefined => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  return value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue));
};

const COLLECTOR_KEY = 'collector-key-0000';

describe('traces with an OTLP endpoint', () => {
  let collector: Collector;
  let paystack: FakePaystack;
  let tracer: Tracer;
  let t: TestApp;

  beforeAll(async () => {
    collector = await startCollector();
    paystack = await startFakePaystack();
    // A batch delay far longer than the test: only forceFlush sends, so nothing depends on timing.
    tracer = await startOtelTracer(
      {
        tracesUrl: `${collector.url}/v1/traces`,
        headers: { authorization: `Bearer ${COLLECTOR_KEY}` },
        serviceName: 'wise-test',
        resourceAttributes: { 'deployment.environment.name': 'test' },
        sampler: 'parentbased_always_on',
        samplerRatio: 1,
        scheduledDelayMs: 600_000,
        exportTimeoutMs: 5000,
      },
      (error) => {
        throw error;
      },
    );
    // Installed before the database opens, as server.ts does, so its connections are traced.
    useTracer(tracer);
    t = await createTestApp({ env: { BANK_LOOKUP_SECRET_KEY: paystack.secretKey, BANK_LOOKUP_BASE_URL: paystack.url } });
  });
  afterAll(async () => {
    useTracer(undefined);
    await t?.close();
    await tracer?.shutdown();
    await paystack?.close();
    await collector?.close();
  });

  it('makes a request a server span with its queries and its provider call as children', async () => {
    paystack.accounts.set('044:0690000031', 'ADAEZE NGOZI OKAFOR');
    const customer = await createCustomer(t, { full_name: 'Adaeze Okafor' });
    const resolved = await post(t.app, '/api/bank/resolve', { bank_code: '044', bank_account: '0690000031' }, customer.cookie);
    expect(resolved.statusCode, resolved.body).toBe(200);
    await tracer.forceFlush();

    const spans = collector.spans();
    const requests = spans.filter((span) => span.name === 'POST /api/bank/resolve');
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.parentSpanId ?? '').toBe('');
    expect(attribute(request, 'http.route')).toBe('/api/bank/resolve');
    expect(attribute(request, 'http.response.status_code')).toBe(200);

    const children = spans.filter((span) => span.parentSpanId === request.spanId);
    for (const child of children) expect(child.traceId).toBe(request.traceId);
    const queries = children.filter((span) => attribute(span, 'db.system.name') === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.map((span) => attribute(span, 'wise.db.engine'))).toContain(inject('testDb').kind);
    // The session check runs in a hook after the body is read: still the request's child.
    expect(queries.map((span) => attribute(span, 'db.collection.name'))).toContain('users');
    for (const query of queries) expect(attribute(query, 'db.query.text')).not.toContain('0690000031');

    const calls = children.filter((span) => attribute(span, 'wise.provider') === 'paystack_resolve');
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.name).toBe('GET paystack_resolve');
    expect(attribute(call, 'http.request.method')).toBe('GET');
    expect(attribute(call, 'http.response.status_code')).toBe(200);
    expect(attribute(call, 'server.address')).toBe('127.0.0.1');
    expect(attribute(call, 'wise.provider.outcome')).toBe('ok');

    // Neither the account number nor the provider's key, in any span of the trace.
    const trace = JSON.stringify(spans.filter((span) => span.traceId === request.traceId));
    expect(trace).not.toContain('0690000031');
    expect(trace).not.toContain(paystack.secretKey);
    expect(trace).not.toContain('account_number');

    // Sent as OTLP/HTTP JSON with the configured headers and service name.
    expect(collector.headers[0]?.['content-type']).toContain('application/json');
    expect(collector.headers[0]?.authorization).toBe(`Bearer ${COLLECTOR_KEY}`);
    const resource = collector.bodies[0]?.resourceSpans?.[0]?.resource?.attributes ?? [];
    expect(resource.find((a) => a.key === 'service.name')?.value.stringValue).toBe('wise-test');
  });

  it('makes a job attempt a span with its queries as children, and no span of the worker polling', async () => {
    const before = collector.spans().length;
    const worker = new JobWorker(t.database.db);
    worker.register({
      name: 'tracing.probe',
      handler: async (_payload, { db }) => {
        await db.execute(sql.raw('SELECT 1 AS probe'));
      },
    });
    await enqueue(t.database.db, 'tracing.probe', {});
    const runs = await worker.runDue();
    expect(runs.map((run) => run.outcome)).toEqual(['done']);
    await tracer.forceFlush();

    const spans = collector.spans().slice(before);
    const jobs = spans.filter((span) => span.name === 'job tracing.probe');
    expect(jobs).toHaveLength(1);
    expect(attribute(jobs[0]!, 'wise.job.outcome')).toBe('done');
    const children = spans.filter((span) => span.parentSpanId === jobs[0]!.spanId);
    expect(children.map((span) => attribute(span, 'db.query.text'))).toContain('SELECT 1 AS probe');
    // Claiming the job ran outside any request or job: no root query spans.
    expect(spans.filter((span) => !span.parentSpanId && attribute(span, 'db.system.name'))).toEqual([]);
  });
});

/**
 * The real server process: with OTEL_EXPORTER_OTLP_ENDPOINT it sends its spans (at the latest when
 * it stops, which flushes them), and without it sends nothing, even at that point. PostgreSQL only:
 * the process shares the test's database.
 */
describe.runIf(inject('testDb').kind === 'postgres')('the server process', () => {
  it('sends spans to the endpoint it is given, and none without one', async () => {
    const collector = await startCollector();
    const database = await openTestDatabase();
    try {
      const url = await connectionUrlOf(database);
      const run = async (env: Record<string, string>) => {
        const server = await startServerProcess({ DATABASE_URL: url, ...env });
        expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
        server.child.kill('SIGTERM');
        await exited(server.child);
        expect(server.child.exitCode, server.output()).toBe(0);
      };
      await run({});
      expect(collector.bodies).toHaveLength(0);

      // A batch delay longer than the test: the spans arrive because stopping flushes them.
      await run({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '600000', OTEL_SERVICE_NAME: 'wise-process' });
      const readyz = collector.spans().filter((span) => span.name === 'GET /readyz');
      expect(readyz.length).toBeGreaterThan(0);
      const queries = collector
        .spans()
        .filter((span) => readyz.some((r) => r.spanId === span.parentSpanId) && attribute(span, 'db.system.name'));
      expect(queries.length).toBeGreaterThan(0);
    } finally {
      await database.close();
      await collector.close();
    }
  }, 120_000);
});
