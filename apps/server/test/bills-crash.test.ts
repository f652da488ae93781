import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BillOrder } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client';
import { BILL_REQUERY_JOB } from '../src/domain/bills/authorise';
import { auditLedger } from '../src/domain/gems/audit';
import { getGemBalance } from '../src/domain/gems/ledger';
import { accrueReward, claimRewards } from '../src/domain/rewards/rewards';
import { systemClock } from '../src/lib/clock';
import { openTestDatabase } from './support/db';
import { exited, startServerProcess, type ServerProcess } from './support/server-process';
import { startFakeAirtime, type FakeAirtimeServer } from './support/fake-airtime';
import { newSignup } from './support/users';

/**
 * docs/decisions.md §5 with a real crash: the server process is killed with SIGKILL while the airtime
 * provider is still working on a purchase (gems held, order processing, the status-query job
 * committed with the hold). A new process on the same database settles it from the job alone:
 * one capture, no release, the provider asked to buy once, the ledger sound.
 *
 * The provider is the local fake (test/support/fake-airtime.ts), running in this test process,
 * not the in-process sandbox: the sandbox's memory of the purchase dies with the server, so after
 * a restart it would answer "not found" and the order would (rightly) fail. A real provider, like
 * the fake, outlives our crash. PostgreSQL only: PGlite cannot be opened by two processes.
 */

const spec = inject('testDb');
/** The server's wait for the provider: the window the kill lands in. The first status query comes 15 s after it. */
const PROVIDER_TIMEOUT_MS = 3000;
const GEMS = 1000;
const AMOUNT = 500;
const PIN = '2580';

describe.runIf(spec.kind === 'postgres')('a server killed with SIGKILL mid-purchase', () => {
  let database: Database;
  let databaseUrl: string;
  let dataDir: string;
  let fake: FakeAirtimeServer;
  const servers: ServerProcess[] = [];

  async function startServer(): Promise<ServerProcess> {
    const server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AIRTIME_PUBLIC_KEY: fake.publicKey,
      AIRTIME_BASE_URL: fake.url,
      AIRTIME_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      // The status query's first run follows the longer of the two limits: keep this one short too.
      BILLS_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    });
    servers.push(server);
    return server;
  }

  async function call(server: ServerProcess, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      json: (await response.json()) as Record<string, unknown>,
      setCookies: response.headers.getSetCookie(),
    };
  }

  const orderRow = async (orderId: string) =>
    (await database.query<{ status: string }>('SELECT status FROM bill_orders WHERE id = $1', [orderId]))[0]?.status;
  const holdsOf = (orderId: string) =>
    database.query<{ status: string; amount: string }>('SELECT status, amount::text AS amount FROM gem_holds WHERE reference = $1', [
      `bill:${orderId}`,
    ]);
  const entriesOf = async (orderId: string) =>
    (
      await database.query<{ reason: string }>(
        'SELECT reason FROM gem_entries WHERE idempotency_key IN ($1, $2) ORDER BY created_at, reason',
        [`hold:bill:${orderId}`, `hold:bill:${orderId}:settle`],
      )
    ).map((e) => e.reason);
  const jobsOf = (orderId: string) =>
    database.query<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM jobs WHERE name = $1 AND payload->>'orderId' = $2 ORDER BY id",
      [BILL_REQUERY_JOB, orderId],
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
    if (spec.kind !== 'postgres') throw new Error('unreachable');
    const url = new URL(spec.adminUrl);
    url.pathname = `/${row!.name}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'wise-bills-crash-'));
    fake = await startFakeAirtime();
    // The provider records the purchase as done at once but answers only long after the server gave up.
    fake.defaultBehaviour = 'slow-success';
    fake.slowMs = 120_000;
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => exited(s.child)));
    await fake?.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'settles the order once the new process starts: one capture, no release, the ledger sound',
    { timeout: 120_000 },
    async ({ annotate }) => {
      const timings: Record<string, number> = {};
      const started = Date.now();
      const first = await startServer();
      timings.firstStartMs = Date.now() - started;

      // A customer through the real sign-up, with gems and a PIN.
      const form = newSignup();
      expect((await call(first, 'POST', '/api/auth/signup', form)).status).toBe(201);
      const outbox = (await call(first, 'GET', '/api/dev/outbox')).json as unknown as { to: string; text: string }[];
      const otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
      expect(otp).toBeDefined();
      expect((await call(first, 'POST', '/api/auth/otp/verify', { email: form.email, otp })).status).toBe(200);
      const login = await call(first, 'POST', '/api/auth/login', { email_or_phone: form.email, password: form.password });
      expect(login.status).toBe(200);
      const userId = (login.json.user as { id: string }).id;
      const cookie = login.setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('wise_session='));
      expect(cookie).toBeDefined();
      const auth = { cookie: cookie! };
      await accrueReward(database.db, systemClock, { userId, source: `seed:${randomUUID()}`, amount: GEMS, description: 'Seed' });
      await claimRewards(database.db, systemClock, userId);
      expect(await getGemBalance(database.db, userId)).toBe(GEMS);
      expect((await call(first, 'POST', '/api/pin', { pin: PIN, confirm_pin: PIN }, auth)).status).toBe(200);

      const checkout = await call(
        first,
        'POST',
        '/api/bills/orders',
        { kind: 'airtime', network: 'mtn', phone: '08031239999', amount: AMOUNT },
        { ...auth, 'idempotency-key': randomUUID() },
      );
      expect(checkout.status, JSON.stringify(checkout.json)).toBe(201);
      const orderId = (checkout.json.order as BillOrder).id;

      // Authorise; the moment the provider has the purchase, the server is killed mid-call.
      const authorising = call(first, 'POST', `/api/bills/orders/${orderId}/authorise`, { pin: PIN }, auth).then(
        (response) => ({ answered: true as const, response }),
        (error: unknown) => ({ answered: false as const, error }),
      );
      await expect.poll(() => fake.purchases().length, { timeout: 10_000, interval: 10 }).toBe(1);
      first.child.kill('SIGKILL');
      const authorisedAt = Date.now();
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      // The customer never got an answer: the process died inside the provider call.
      expect(await authorising).toMatchObject({ answered: false });

      // What the crash left: gems held, order processing, its status query waiting in the queue.
      expect(await orderRow(orderId)).toBe('processing');
      expect(await holdsOf(orderId)).toEqual([{ status: 'pending', amount: String(AMOUNT) }]);
      expect(await entriesOf(orderId)).toEqual(['hold']);
      expect(await getGemBalance(database.db, userId)).toBe(GEMS - AMOUNT);
      expect(await jobsOf(orderId)).toEqual([{ status: 'queued', attempts: 0 }]);

      const restarted = Date.now();
      const second = await startServer();
      timings.secondStartMs = Date.now() - restarted;

      await expect.poll(() => orderRow(orderId), { timeout: 60_000, interval: 250 }).toBe('successful');
      timings.settledAfterKillMs = Date.now() - authorisedAt;

      const order = (await call(second, 'GET', `/api/bills/orders/${orderId}`, undefined, auth)).json.order as BillOrder;
      expect(order).toMatchObject({ id: orderId, status: 'successful' });
      expect(await holdsOf(orderId)).toEqual([{ status: 'captured', amount: String(AMOUNT) }]);
      expect(await entriesOf(orderId)).toEqual(['hold', 'hold_capture']);
      expect(await getGemBalance(database.db, userId)).toBe(GEMS - AMOUNT);
      expect(await jobsOf(orderId)).toEqual([{ status: 'done', attempts: 1 }]);
      // Recovery only asked: the provider was told to buy once, by the killed process.
      expect(fake.purchases()).toHaveLength(1);
      expect(fake.requests.filter((r) => r.path === '/buyairtime/requery').length).toBeGreaterThanOrEqual(1);
      const audit = await auditLedger(database.db, { userIds: [userId] });
      expect(audit.ok, JSON.stringify(audit)).toBe(true);

      timings.totalMs = Date.now() - started;
      await annotate(`timings: ${JSON.stringify(timings)}`);
    },
  );
});
