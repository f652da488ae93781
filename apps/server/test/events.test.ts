import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { notify } from '../src/domain/notifications/notify';
import { settlePayoutSuccess } from '../src/domain/payouts/settle';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { systemClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, post, type TestApp } from './support/app';
import { connectionUrlOf, openTestDatabase } from './support/db';
import { approveSale, insertStaff, payoutTestDeps, reportedCode } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * GET /api/events over real HTTP, as a browser's EventSource reads it, on two app instances
 * sharing one database: on PostgreSQL the changes reach them through LISTEN/NOTIFY, on the embedded
 * PGlite (one process) in process.
 */

interface LiveEvent {
  type: string;
  id: string;
}

interface Stream {
  status: number;
  contentType: string | null;
  headers: Headers;
  /** The next event (skipping those before), within `timeoutMs`. */
  next(match?: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(base: string, cookie?: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: cookie ? { cookie, accept: 'text/event-stream' } : {},
    signal: abort.signal,
  });
  const queue: LiveEvent[] = [];
  const waiters: (() => void)[] = [];
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  if (response.status === 200 && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) queue.push(JSON.parse(data.slice(6)) as LiveEvent);
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // aborted by close()
      }
      endedResolve();
    })();
  } else endedResolve();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    ended,
    close: () => abort.abort(),
    async next(match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(match);
        if (index >= 0) return queue.splice(0, index + 1)[index]!;
        queue.length = 0;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching event in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

let database: Database;
let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
let staff: StaffPrincipal;
let seed = 7100;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const env = database.kind === 'postgres' ? { DATABASE_URL: await connectionUrlOf(database) } : undefined;
  a = await createTestApp({ database, ...(env ? { env } : {}) });
  b = await createTestApp({ database, ...(env ? { env } : {}) });
  baseA = await listen(a);
  baseB = await listen(b);
  staff = await insertStaff(database);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

async function approvedSale(customer: TestUser) {
  await addBankDetails(a, customer);
  seed += 1;
  const sale = await sellGiftCard(a, customer, { seed });
  return { sale, ...(await approveSale(database, systemClock, sale.id, staff.id)) };
}

const pay = (payoutId: string) =>
  settlePayoutSuccess(
    database.db,
    payoutTestDeps(new SandboxPayouts(database.db, 0, systemClock), systemClock),
    payoutId,
    reportedCode(`TRF_live_${payoutId.slice(0, 8)}`),
  );

describe('GET /api/events', () => {
  it('refuses a visitor without a session', async () => {
    const stream = await openStream(baseA);
    expect(stream.status).toBe(401);
  });

  it('is an unbuffered, uncompressed event stream', async () => {
    const customer = await createCustomer(a);
    const stream = await openStream(baseA, customer.cookie);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    stream.close();
  });

  it('tells the owner their sale was paid, naming it and nothing else, and not another customer', async () => {
    const owner = await createCustomer(a);
    const other = await createCustomer(a);
    const { sale, payoutId } = await approvedSale(owner);
    const mine = await openStream(baseA, owner.cookie);
    const theirs = await openStream(baseA, other.cookie);
    await pay(payoutId);
    const event = await mine.next((e) => e.type === 'sale' && e.id === sale.id);
    expect(Object.keys(event).sort()).toEqual(['id', 'type']);
    expect((await database.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [sale.id]))[0]?.status).toBe('paid');
    // Notifications arrive in commit order: the other customer's first event is their own.
    await notify(database.db, other.id, 'A notice of their own', { topic: 'security' });
    const first = await theirs.next();
    expect(first.type).toBe('notification');
    mine.close();
    theirs.close();
  });

  it('reaches a stream held by another instance on the same database (LISTEN/NOTIFY on PostgreSQL, in process on PGlite)', async () => {
    const owner = await createCustomer(a);
    const { sale, payoutId } = await approvedSale(owner);
    const onB = await openStream(baseB, owner.cookie);
    const onA = await openStream(baseA, owner.cookie);
    await pay(payoutId);
    await expect(onB.next((e) => e.type === 'sale' && e.id === sale.id)).resolves.toBeTruthy();
    await expect(onA.next((e) => e.type === 'sale' && e.id === sale.id)).resolves.toBeTruthy();
    onA.close();
    onB.close();
  });

  it('ends the stream at logout', async () => {
    const customer = await createCustomer(a);
    const stream = await openStream(baseA, customer.cookie);
    await post(a.app, '/api/auth/logout', {}, customer.cookie);
    await stream.ended;
  });

  it('keeps five streams per customer, refusing a sixth', async () => {
    const customer = await createCustomer(a);
    const streams = [];
    for (let i = 0; i < 5; i += 1) streams.push(await openStream(baseA, customer.cookie));
    const sixth = await openStream(baseA, customer.cookie);
    expect(sixth.status).toBe(429);
    await notify(database.db, customer.id, 'Still here', { topic: 'security' });
    for (const stream of streams) expect((await stream.next()).type).toBe('notification');
    streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(baseA, customer.cookie);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
  });
});
