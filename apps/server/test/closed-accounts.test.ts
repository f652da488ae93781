import { privacyMessages } from '@wise/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import webpush from 'web-push';
import { findSession } from '../src/domain/auth/sessions';
import { systemClock } from '../src/lib/clock';
import { createTestApp, post, sessionCookie, type TestApp } from './support/app';
import type { Database } from '../src/db/client';
import { connectionUrlOf, openTestDatabase } from './support/db';
import { createCustomer, type TestUser } from './support/users';

/**
 * A closed account stays closed on every instance (docs/closed-accounts.md): a request another
 * instance had already let in with a session of the account (it passed the session check before
 * the closing transaction committed) cannot write to it afterwards, and is answered 401 with the
 * one message, never 500. Two apps on one database, as two instances behind the balancer.
 */

const vapid = webpush.generateVAPIDKeys();
const env = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:push-test@wise.ng',
  PUSH_ENDPOINT_TEST_HOSTS: '127.0.0.1:9',
};

/** Requests carrying `heldCookie` wait, after the session check, until released. */
class Gate {
  heldCookie = '';
  private release: () => void = () => undefined;
  private opened = new Promise<void>((resolve) => (this.release = resolve));
  waiting = 0;

  hook = (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      if (!this.heldCookie || request.headers.cookie !== this.heldCookie) return;
      this.waiting += 1;
      await this.opened;
    });
  };

  open() {
    this.release();
  }
}

const gate = new Gate();
const spec = inject('testDb');
let database: Database;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  // On PostgreSQL each instance listens as in production (DATABASE_URL).
  const listening: Record<string, string> = spec.kind === 'postgres' ? { DATABASE_URL: await connectionUrlOf(database) } : {};
  one = await createTestApp({ env: { ...env, ...listening }, database });
  two = await createTestApp({ env: { ...env, ...listening }, database, prepare: gate.hook });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await database?.close();
});

async function secondSession(app: FastifyInstance, user: TestUser): Promise<string> {
  const login = await post(app, '/api/auth/login', { email_or_phone: user.email, password: user.password });
  expect(login.statusCode, login.body).toBe(200);
  return sessionCookie(login);
}

async function closeOn(t: TestApp, user: TestUser) {
  expect((await post(t.app, '/api/profile/password/confirm', { password: user.password }, user.cookie)).statusCode).toBe(200);
  const closed = await post(t.app, '/api/profile/close', { confirm: true }, user.cookie);
  expect(closed.statusCode, closed.body).toBe(200);
}

describe('a write let in before the account closed, on another instance', () => {
  it('is refused with 4xx and stores nothing: bank, PIN, name, address, date of birth, device, rate alert', async () => {
    const user = await createCustomer(one);
    const cookie = await secondSession(two.app, user);
    // An alert above today's rate (one at or below it is refused as already met).
    const [sub] = await one.database.query<{ id: string; above: string }>(
      'SELECT id, floor(exchange_rate + 100)::text AS above FROM gift_card_subcategories ORDER BY id LIMIT 1',
    );
    gate.heldCookie = cookie;
    const call = (method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) =>
      two.app.inject({ method, url, payload, headers: { cookie } });
    const writes = {
      bank: call('PUT', '/api/bank', { bank_code: '058', bank_account: '0123456789', password: user.password }),
      pin: call('POST', '/api/pin', { pin: '2580', confirm_pin: '2580' }),
      name: call('PUT', '/api/profile/full-name', { first_name: 'Chidi', surname: 'Eze', password: user.password }),
      address: call('PUT', '/api/profile/address', { address: '12 Allen Avenue, Ikeja' }),
      dob: call('PUT', '/api/profile/date-of-birth', { date_of_birth: '1990-04-01' }),
      device: call('POST', '/api/push/subscriptions', {
        endpoint: 'https://127.0.0.1:9/device-1',
        keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'a'.repeat(22) },
      }),
      alert: call('POST', '/api/rates/alerts', { subject: `giftcard:${sub!.id}`, threshold_naira: sub!.above }),
    };
    await vi.waitFor(() => expect(gate.waiting).toBe(Object.keys(writes).length));
    await closeOn(one, user);
    gate.open();

    // The writes that ask for the password fail its check first (the closing replaced the hash);
    // the others reach the database, which refuses them: 401, the session is gone with the account.
    const askPassword = new Set(['bank', 'name']);
    for (const [what, pending] of Object.entries(writes)) {
      const response = await pending;
      if (askPassword.has(what)) {
        expect({ what, status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({
          what,
          status: 400,
          code: 'PASSWORD_WRONG',
        });
        continue;
      }
      expect({ what, status: response.statusCode }).toEqual({ what, status: 401 });
      expect(response.json()).toMatchObject({ error: privacyMessages.closed, code: 'UNAUTHENTICATED' });
    }
    const [row] = await one.database.query<{ full_name: string; address: string | null; date_of_birth: string | null }>(
      'SELECT full_name, address, date_of_birth::text FROM users WHERE id = $1',
      [user.id],
    );
    expect(row).toEqual({ full_name: 'Closed account', address: null, date_of_birth: null });
    const left = await one.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM bank_details WHERE user_id = $1)
            + (SELECT count(*) FROM transaction_pins WHERE user_id = $1)
            + (SELECT count(*) FROM push_subscriptions WHERE user_id = $1)
            + (SELECT count(*) FROM rate_alerts WHERE user_id = $1) AS n`,
      [user.id],
    );
    expect(Number(left[0]!.n)).toBe(0);
    // And the session itself is gone on both instances.
    expect((await two.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).statusCode).toBe(401);
  });
});

/**
 * Every instance is told of a closing by the database itself: the closing transaction notifies
 * `wise_sessions` on commit, and each instance listening drops what it cached of the account's
 * sessions (domain/auth/session-cache.ts). PostgreSQL only: the embedded database is one process.
 */
describe.runIf(spec.kind === 'postgres')('the session cache of every instance is told of a closing', () => {
  it('the closing notifies wise_sessions with the account on commit', async () => {
    const listener = new pg.Client({ connectionString: await connectionUrlOf(one.database) });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(`${message.channel} ${message.payload ?? ''}`));
    await listener.query('LISTEN wise_sessions');
    try {
      const user = await createCustomer(one);
      await closeOn(one, user);
      await vi.waitFor(() => expect(heard).toContain(`wise_sessions u:${user.id}`));
    } finally {
      await listener.end();
    }
  });

  it('an instance drops a cached session when the database says its account closed', async () => {
    const user = await createCustomer(two);
    const token = decodeURIComponent(user.cookie.slice('wise_session='.length));
    expect(await findSession(two.database.db, systemClock, token)).toBeDefined();
    // Hidden from the cache, as another instance's deletion is: only the notification can tell it.
    await two.database.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    expect(await findSession(two.database.db, systemClock, token)).toBeDefined();
    await two.database.query("SELECT pg_notify('wise_sessions', $1)", [`u:${user.id}`]);
    await vi.waitFor(async () => expect(await findSession(two.database.db, systemClock, token)).toBeUndefined());
  });
});
