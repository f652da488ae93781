import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GiftCardDetailResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client';
import { payoutReference } from '../src/domain/payouts/payouts';
import { systemClock } from '../src/lib/clock';
import { openTestDatabase } from './support/db';
import { exited, startServerProcess, type ServerProcess } from './support/server-process';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { approveSale, insertStaff } from './support/payouts';
import { cardPhoto, multipartForm, newIdempotencyKey } from './support/sales';
import { newSignup } from './support/users';

/**
 * A real crash: the server process is killed with SIGKILL while it is paying approved sales.
 * - Sale A: killed after approval, before the transfer (its worker is waiting for Paystack to
 *   create the transfer recipient): Paystack never heard of the transfer.
 * - Sale B: killed in the middle of the transfer call (Paystack made the transfer, the answer
 *   never came back).
 * - Sale C: approved while no server runs (its send job waits in the table).
 * A new process on the same database pays each exactly once: A is sent (Paystack says "not
 * found" for its reference), B is found by its reference and not sent again, C is sent.
 *
 * Paystack is the local fake, living in this test process: like the real one, it outlives our
 * crash. PostgreSQL only: PGlite cannot be opened by two processes.
 */

const spec = inject('testDb');
/** Short provider time limit: the recovery sweep takes over 3 × this + 15 s after a send started. */
const PAYOUT_TIMEOUT_MS = 2000;
const ACCOUNT_A = '0123450001';
const ACCOUNT_B = '0123450002';
const ACCOUNT_C = '0123450003';

describe.runIf(spec.kind === 'postgres')('a server killed with SIGKILL while paying sales', () => {
  let database: Database;
  let databaseUrl: string;
  let dataDir: string;
  let fake: FakePaystack;
  const servers: ServerProcess[] = [];

  async function startServer(): Promise<ServerProcess> {
    const server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PAYOUT_SECRET_KEY: fake.secretKey,
      PAYOUT_BASE_URL: fake.url,
      PAYOUT_TIMEOUT_MS: String(PAYOUT_TIMEOUT_MS),
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

  /** A customer through the real sign-up with bank details, and one gift-card sale of theirs. */
  async function customerSale(server: ServerProcess, account: string, seed: number) {
    const form = newSignup();
    expect((await call(server, 'POST', '/api/auth/signup', form)).status).toBe(201);
    const outbox = (await call(server, 'GET', '/api/dev/outbox')).json as unknown as { to: string; text: string }[];
    const otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
    expect((await call(server, 'POST', '/api/auth/otp/verify', { email: form.email, otp })).status).toBe(200);
    const login = await call(server, 'POST', '/api/auth/login', { email_or_phone: form.email, password: form.password });
    const userId = (login.json.user as { id: string }).id;
    const cookie = login.setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('wise_session='))!;
    expect(
      (await call(server, 'PUT', '/api/bank', { bank_code: '058', bank_account: account, password: form.password }, { cookie })).status,
    ).toBe(200);
    const card = (await call(server, 'GET', '/api/giftcards/amazon', undefined, { cookie })).json as unknown as GiftCardDetailResponse;
    const sub = card.subcategories[0]!;
    const body = multipartForm({ subcategory_id: sub.id, amount: '50', expected_rate: sub.exchange_rate }, [
      { data: await cardPhoto('jpeg', seed) },
    ]);
    const sold = await fetch(`${server.baseUrl}/api/giftcards/sales`, {
      method: 'POST',
      headers: { ...body.headers, cookie, 'idempotency-key': newIdempotencyKey() },
      body: body.payload,
    });
    expect(sold.status).toBe(201);
    const { sale } = (await sold.json()) as { sale: { id: string } };
    return { userId, email: form.email, saleId: sale.id };
  }

  const payoutOf = async (saleId: string) =>
    (
      await database.query<{ status: string; attempts: number }>(
        'SELECT status, (SELECT count(*)::int FROM payouts q WHERE q.sale_id = p.sale_id) AS attempts FROM payouts p WHERE sale_id = $1 AND attempt = 1',
        [saleId],
      )
    )[0];
  const saleStatus = async (saleId: string) =>
    (await database.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [saleId]))[0]?.status;
  const countOf = async (sqlText: string, params: unknown[]) => (await database.query<{ n: number }>(sqlText, params))[0]!.n;

  beforeAll(async () => {
    database = await openTestDatabase();
    const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
    if (spec.kind !== 'postgres') throw new Error('unreachable');
    const url = new URL(spec.adminUrl);
    url.pathname = `/${row!.name}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'wise-payouts-crash-'));
    fake = await startFakePaystack();
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => exited(s.child)));
    await fake?.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('pays every approved sale exactly once after the restart', { timeout: 180_000 }, async ({ annotate }) => {
    const timings: Record<string, number> = {};
    const started = Date.now();
    const first = await startServer();
    const staff = await insertStaff(database, 'reviewer');
    const a = await customerSale(first, ACCOUNT_A, 1);
    const b = await customerSale(first, ACCOUNT_B, 2);
    const c = await customerSale(first, ACCOUNT_C, 3);

    // A: Paystack holds the recipient call (the transfer is never asked for). B: Paystack makes the
    // transfer but its answer comes long after the process is gone.
    fake.holdRecipientsFor.add(ACCOUNT_A);
    fake.transferBehaviourFor.set(ACCOUNT_B, 'hang');
    fake.hangMs = 120_000;
    const refA = (await approveSale(database, systemClock, a.saleId, staff.id)).reference;
    const refB = (await approveSale(database, systemClock, b.saleId, staff.id)).reference;
    await expect
      .poll(() => fake.requests.filter((r) => r.url === '/transferrecipient').length, { timeout: 15_000, interval: 20 })
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => fake.transfers.has(refB), { timeout: 15_000, interval: 10 }).toBe(true);
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    // What the crash left: both attempts `sending`; Paystack has B's transfer and not A's.
    expect(await payoutOf(a.saleId)).toEqual({ status: 'sending', attempts: 1 });
    // (B reads `pending` only if the kill came after the 2 s client limit and the status query: a slow machine.)
    expect(['sending', 'pending']).toContain((await payoutOf(b.saleId))?.status);
    expect(fake.transfers.has(refA)).toBe(false);
    expect(fake.transferPosts.get(refB)).toBe(1);
    // C is approved while no server runs: its send job waits in the table.
    const refC = (await approveSale(database, systemClock, c.saleId, staff.id)).reference;
    expect(refC).toBe(payoutReference(c.saleId, 1));

    // Paystack keeps working meanwhile: B's transfer went through; A's recipient answers again.
    fake.holdRecipientsFor.clear();
    fake.transferBehaviourFor.clear();
    fake.settle(refB, 'success');

    const restarted = Date.now();
    const second = await startServer();
    timings.secondStartMs = Date.now() - restarted;
    await expect.poll(() => saleStatus(c.saleId), { timeout: 30_000, interval: 250 }).toBe('paid');
    timings.cPaidAfterRestartMs = Date.now() - restarted;
    await expect
      .poll(async () => [await saleStatus(a.saleId), await saleStatus(b.saleId)], { timeout: 90_000, interval: 500 })
      .toEqual(['paid', 'paid']);
    timings.allPaidAfterKillMs = Date.now() - killedAt;

    // One transfer per sale: A sent once by the new process, B never sent again, C once.
    expect(fake.transferPosts.get(refA)).toBe(1);
    expect(fake.transferPosts.get(refB)).toBe(1);
    expect(fake.transferPosts.get(refC)).toBe(1);
    expect(fake.transfers.size).toBe(3);
    for (const sale of [a, b, c]) {
      expect(await payoutOf(sale.saleId)).toEqual({ status: 'success', attempts: 1 });
      expect(await countOf('SELECT count(*)::int AS n FROM gem_rewards WHERE source = $1', [`sale:${sale.saleId}`])).toBe(1);
      expect(
        await countOf("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND message LIKE '%has been paid%'", [sale.userId]),
      ).toBe(1);
    }
    // The e-mails leave through the queue of the new process.
    await expect
      .poll(
        async () => {
          const mails = (await call(second, 'GET', '/api/dev/outbox')).json as unknown as { to: string; subject?: string }[];
          return [a, b, c].map((s) => mails.filter((m) => m.to === s.email && /has been paid/.test(m.subject ?? '')).length);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([1, 1, 1]);
    timings.totalMs = Date.now() - started;
    await annotate(`timings: ${JSON.stringify(timings)}`);
  });
});
