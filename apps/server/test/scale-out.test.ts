import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GiftCardDetailResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startProxy, type LoadBalancer } from '../../../scripts/lb-proxy.mjs';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { ratePolicies } from '../src/plugins/rate-limits';
import { connectionUrlOf, openTestDatabase } from './support/db';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { approveSale, insertStaff } from './support/payouts';
import { cardPhoto, multipartForm, newIdempotencyKey } from './support/sales';
import { exited, startServerProcess, type ServerProcess } from './support/server-process';
import { checkFailures, checkSoak, waitForSettled } from './support/soak/checks';
import { runSoak } from './support/soak/soak';
import { newSignup } from './support/users';

/**
 * Scale-out (docs/RELIABILITY.md): two real server processes share one PostgreSQL database and one Redis
 * behind a round-robin balancer, as production runs them. What one instance knows, the other
 * must know at once — sessions (and their revocation), rate limits, data read through any cache —
 * and every background job runs once however many workers poll the table.
 * PostgreSQL only: the embedded PGlite is one process's.
 */

const spec = inject('testDb');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * This run's client address (the instances trust X-Forwarded-For, as behind a real balancer). Redis
 * outlives the run, so every run counts its limits under an address of its own (documentation range).
 */
const CLIENT_IP = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
const TEST_CLIENT = { 'x-forwarded-for': `${CLIENT_IP}` };
/** Real limits, scaled a little so the short soak's customers (all from 127.0.0.1) are not throttled. */
const RATE_LIMIT_MULTIPLIER = 10;

interface Answer {
  status: number;
  json: unknown;
  setCookies: string[];
}

async function call(baseUrl: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...TEST_CLIENT, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined, setCookies: response.headers.getSetCookie() };
}

/** A stand-in instance: answers every request with its name, or resets the connection when told to. */
async function standIn(name: string, behaviour: { reset: boolean }): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.once('end', () => {
      if (behaviour.reset) request.socket.destroy();
      else response.end(JSON.stringify({ served_by: name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: an instance that was killed. */
async function deadUpstream(): Promise<string> {
  const gone = await standIn('gone', { reset: false });
  await gone.close();
  return gone.url;
}

describe('the balancer with one instance down', () => {
  it('sends every request to the live instance whatever the concurrency (never two tries on the dead one)', async () => {
    const live = await standIn('live', { reset: false });
    const proxy = await startProxy({ upstreams: [await deadUpstream(), live.url] });
    try {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${proxy.url}/api/thing/${i}`, { method: i % 2 ? 'GET' : 'POST', body: i % 2 ? undefined : '{}' }).then(async (r) => ({
            status: r.status,
            body: await r.text(),
          })),
        ),
      );
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      expect(new Set(answers.map((a) => a.body))).toEqual(new Set([JSON.stringify({ served_by: 'live' })]));
    } finally {
      await proxy.close();
      await live.close();
    }
  });

  it('resends a write under an Idempotency-Key to the other instance when the first one dropped it', async () => {
    const dying = await standIn('dying', { reset: true });
    const live = await standIn('live', { reset: false });
    const proxy = await startProxy({ upstreams: [dying.url, live.url] });
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${proxy.url}/api/gems/collect`, { method: 'POST', headers: { 'idempotency-key': `key-${i}` } }).then((r) => r.status),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 10 }, () => 200));
    } finally {
      await proxy.close();
      await live.close();
      await dying.close();
    }
  });
});

describe.runIf(spec.kind === 'postgres')('two instances behind a round-robin balancer', () => {
  let database: Database;
  let dataDir: string;
  let paystack: FakePaystack;
  let proxy: LoadBalancer;
  let databaseUrl: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    databaseUrl = await connectionUrlOf(database);
    dataDir = await mkdtemp(path.join(tmpdir(), 'wise-scale-out-'));
    paystack = await startFakePaystack();
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_URL,
      TRUST_PROXY: 'true',
      // The shared counters are what is under test.
      RATE_LIMIT_MULTIPLIER: String(RATE_LIMIT_MULTIPLIER),
      PAYOUT_SECRET_KEY: paystack.secretKey,
      PAYOUT_BASE_URL: paystack.url,
      PAYOUT_TIMEOUT_MS: '3000',
    };
    // One after the other: the second one's migrations find the work done under the advisory lock.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    proxy = await startProxy({ upstreams: servers.map((s) => s.baseUrl) });
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => exited(s.child)));
    await paystack?.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A verified customer signed up and logged in through the balancer; the cookie works anywhere. */
  async function customer() {
    const form = newSignup();
    expect((await call(proxy.url, 'POST', '/api/auth/signup', form)).status).toBe(201);
    // The code was e-mailed by whichever instance took the sign-up; the balancer merges the dev outboxes.
    let otp: string | undefined;
    await expect
      .poll(async () => {
        const outbox = (await call(proxy.url, 'GET', '/api/dev/outbox')).json as { to: string; text: string }[];
        otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
        return otp;
      })
      .toBeDefined();
    expect((await call(proxy.url, 'POST', '/api/auth/otp/verify', { email: form.email, otp })).status).toBe(200);
    const login = await call(proxy.url, 'POST', '/api/auth/login', { email_or_phone: form.email, password: form.password });
    expect(login.status).toBe(200);
    const cookie = login.setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('wise_session='))!;
    return { form, cookie, userId: (login.json as { user: { id: string } }).user.id };
  }

  it('a session made on one instance works on both, and a logout on one is refused by both at once', async () => {
    const { cookie } = await customer();
    for (const server of servers) expect((await call(server.baseUrl, 'GET', '/api/dashboard', undefined, { cookie })).status).toBe(200);
    // Warm both instances' session caches, then end the session through the balancer.
    for (let i = 0; i < 4; i += 1) expect((await call(proxy.url, 'GET', '/api/gems/balance', undefined, { cookie })).status).toBe(200);
    expect((await call(servers[0]!.baseUrl, 'POST', '/api/auth/logout', undefined, { cookie })).status).toBeLessThan(300);
    // The other instance heard of it through Redis: no window in which the stolen cookie still works.
    await expect
      .poll(async () => (await call(servers[1]!.baseUrl, 'GET', '/api/gems/balance', undefined, { cookie })).status, {
        timeout: 1000,
        interval: 50,
      })
      .toBe(401);
    expect((await call(servers[0]!.baseUrl, 'GET', '/api/gems/balance', undefined, { cookie })).status).toBe(401);
  });

  it('keeps an idle client connection open past a few seconds, so a client reusing it is answered, not reset', async () => {
    // Playwright's request context reuses an idle connection without reading the Keep-Alive hint:
    // a balancer that closed it after Node's default 5 s reset the next call ("socket hang up").
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; port: number; keepAlive: string }>((resolve, reject) => {
        const request = http.get(`${proxy.url}/healthz`, { agent }, (response) => {
          response.resume();
          response.once('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              port: request.socket?.localPort ?? 0,
              keepAlive: String(response.headers['keep-alive']),
            }),
          );
        });
        request.once('error', reject);
      });
    try {
      const first = await get();
      expect(first.status).toBe(200);
      expect(Number(first.keepAlive.match(/timeout=(\d+)/)?.[1])).toBeGreaterThanOrEqual(60);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await get();
      expect(second.status).toBe(200);
      // The same connection: it was still open after 6 s idle.
      expect(second.port).toBe(first.port);
    } finally {
      agent.destroy();
    }
  });

  it('rate limits are counted across instances (Redis), not per process', async () => {
    // Reset requests per e-mail: the one past the limit is refused whichever instance it reaches.
    const limit = ratePolicies.resetRequestPerEmail.limit * RATE_LIMIT_MULTIPLIER;
    const email = `reset${randomBytes(6).toString('hex')}@wisetest.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      const server = servers[i % 2]!;
      statuses.push((await call(server.baseUrl, 'POST', '/api/auth/password-reset', { email })).status);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
  });

  it('a change made outside both instances is served by each once its notification arrives (no stale per-process cache)', async () => {
    const { cookie } = await customer();
    const rateOn = async (server: number, id: string) => {
      const card = (await call(servers[server]!.baseUrl, 'GET', '/api/giftcards/amazon', undefined, { cookie }))
        .json as GiftCardDetailResponse;
      return Number(card.subcategories.find((s) => s.id === id)!.exchange_rate);
    };
    const before = (await call(servers[1]!.baseUrl, 'GET', '/api/giftcards/amazon', undefined, { cookie })).json as GiftCardDetailResponse;
    const sub = before.subcategories[0]!;
    const newRate = (Number(sub.exchange_rate) + 7).toFixed(2);
    await database.query('UPDATE gift_card_subcategories SET exchange_rate = $1 WHERE id = $2', [newRate, sub.id]);
    // Kept answers are served without a read while each instance hears wise_catalogue
    // (domain/catalogue-cache.ts): the change arrives as a notification, a millisecond or so later.
    await expect.poll(() => rateOn(0, sub.id), { timeout: 2000, interval: 20 }).toBe(Number(newRate));
    await expect.poll(() => rateOn(1, sub.id), { timeout: 2000, interval: 20 }).toBe(Number(newRate));
  });

  it('both workers poll one queue: every approved sale is paid once, every job ran once', { timeout: 120_000 }, async () => {
    const staff = await insertStaff(database, 'reviewer');
    const sales: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { cookie, form: signup } = await customer();
      const account = `01234${String(60000 + i).padStart(5, '0')}`;
      expect(
        (await call(proxy.url, 'PUT', '/api/bank', { bank_code: '058', bank_account: account, password: signup.password }, { cookie }))
          .status,
      ).toBe(200);
      const card = (await call(proxy.url, 'GET', '/api/giftcards/amazon', undefined, { cookie })).json as GiftCardDetailResponse;
      const sub = card.subcategories[0]!;
      const form = multipartForm({ subcategory_id: sub.id, amount: '50', expected_rate: sub.exchange_rate }, [
        { data: await cardPhoto('jpeg', i) },
      ]);
      const sold = await fetch(`${proxy.url}/api/giftcards/sales`, {
        method: 'POST',
        headers: { ...TEST_CLIENT, ...form.headers, cookie, 'idempotency-key': newIdempotencyKey() },
        body: form.payload,
      });
      expect(sold.status).toBe(201);
      sales.push(((await sold.json()) as { sale: { id: string } }).sale.id);
    }
    const references = [];
    for (const saleId of sales) references.push((await approveSale(database, systemClock, saleId, staff.id)).reference);

    await expect
      .poll(
        async () =>
          (await database.query<{ n: number }>("SELECT count(*)::int AS n FROM sales WHERE id = ANY($1) AND status = 'paid'", [sales]))[0]!
            .n,
        {
          timeout: 90_000,
          interval: 250,
        },
      )
      .toBe(sales.length);
    for (const reference of references) expect(paystack.transferPosts.get(reference)).toBe(1);
    const payouts = await database.query<{ sale_id: string; n: number }>(
      'SELECT sale_id, count(*)::int AS n FROM payouts WHERE sale_id = ANY($1) GROUP BY sale_id',
      [sales],
    );
    expect(payouts.every((p) => p.n === 1)).toBe(true);
    // The send jobs were claimed by one worker each, once: done at the first attempt.
    const sends = await database.query<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM jobs WHERE name = 'payouts.send'",
    );
    expect(sends.length).toBeGreaterThanOrEqual(sales.length);
    expect(sends.filter((j) => j.status === 'done').every((j) => j.attempts === 1)).toBe(true);
    // Both instances took part in the work the balancer spread.
    expect(proxy.stats().every((s) => s.served > 0)).toBe(true);
  });

  it('a short soak through the balancer: no 5xx, the ledger balanced, every approved sale paid once', { timeout: 300_000 }, async () => {
    const run = await runSoak({ baseUrl: proxy.url, databaseUrl, customers: 10, durationMs: 20_000, thinkMs: [300, 1200] });
    expect(run.recorder.serverErrors).toEqual([]);
    expect(run.seen.acceptedSales.size).toBeGreaterThan(0);
    const settle = await waitForSettled(database, 120_000);
    expect(settle.left).toMatchObject({ processingOrders: 0, openPayouts: 0, unpaidApproved: 0 });
    const checks = await checkSoak(database, { acceptedSales: run.seen.acceptedSales, fakes: { paystack } });
    expect(checkFailures(checks)).toEqual([]);
    expect(proxy.stats().every((s) => s.served > 0)).toBe(true);
  });
});
