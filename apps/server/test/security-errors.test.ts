import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages, errorCodes, profileMessages } from '@wise/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { serializeError } from '../src/lib/log-redaction';
import { hashSecret, verifySecret } from '../src/lib/passwords';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createBankLookup } from '../src/providers/bank-lookup/index';
import { createFileStore } from '../src/providers/file-store/index';
import { Outbox } from '../src/providers/messaging/index';
import { post, sessionCookie, type TestApp } from './support/app';
import { openTestDatabase } from './support/db';
import { createCustomer } from './support/users';

/** Failures that used to vanish are logged: a broken password hash, an idle database connection dying. */
const lines: string[] = [];
const logged = (msg: string) => lines.map((line) => JSON.parse(line) as { msg?: string; level: number }).filter((l) => l.msg === msg);
let app: FastifyInstance;
let database: Database;
let outbox: Outbox;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', RATE_LIMIT_MULTIPLIER: '1000' });
  const logger = { level: 'info', stream: { write: (line: string) => void lines.push(line) } };
  outbox = new Outbox();
  app = await buildApp(
    {
      config,
      database,
      messenger: outbox,
      outbox,
      files: createFileStore(config),
      bankLookup: createBankLookup(config),
      limiter: new MemoryRateLimiter(),
      clock: systemClock,
    },
    { logger, serveWeb: false },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const HASH_MESSAGE = 'stored password hash unreadable';

describe('a malformed password hash', () => {
  it('is refused like a wrong password, and reported once to the callback', async () => {
    const onError = vi.fn();
    expect(await verifySecret('$argon2id$v=19$broken', 'any password', onError)).toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    // A real hash and a wrong password is not an error.
    const quiet = vi.fn();
    expect(await verifySecret(await hashSecret('right password'), 'wrong password', quiet)).toBe(false);
    expect(quiet).not.toHaveBeenCalled();
  });

  it('without a callback it still reaches stderr, as one line', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await verifySecret('not-a-hash-at-all', 'any password')).toBe(false);
    const ours = write.mock.calls.map(([chunk]) => String(chunk)).filter((chunk) => chunk.includes(HASH_MESSAGE));
    expect(ours).toHaveLength(1);
    expect(ours[0]).not.toContain('any password');
  });

  it('makes a login fail with the usual answer, and the server logs it once, without the password', async () => {
    const t = { app, database, outbox } as unknown as TestApp;
    const c = await createCustomer(t);
    await database.query('UPDATE users SET password_hash = $1 WHERE id = $2', ['$argon2id$garbage', c.id]);
    const before = logged(HASH_MESSAGE).length;
    const response = await post(app, '/api/auth/login', { email_or_phone: c.email, password: c.password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: authMessages.loginFailed, code: errorCodes.loginFailed });
    const entries = logged(HASH_MESSAGE).slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.level).toBe(50);
    expect(lines.join('')).not.toContain(c.password);
  });

  it('makes the password confirmation fail as a wrong password, logged once', async () => {
    const t = { app, database, outbox } as unknown as TestApp;
    const c = await createCustomer(t);
    const other = sessionCookie(await post(app, '/api/auth/login', { email_or_phone: c.email, password: c.password }));
    await database.query('UPDATE users SET password_hash = $1 WHERE id = $2', ['$argon2id$garbage', c.id]);
    const before = logged(HASH_MESSAGE).length;
    const response = await post(app, '/api/profile/password/confirm', { password: c.password }, other);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: profileMessages.passwordWrong });
    expect(logged(HASH_MESSAGE).slice(before)).toHaveLength(1);
  });
});

describe('an idle database connection that dies', () => {
  const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

  const killIdleClient = async (db: Database) => {
    const [row] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [row?.pid]);
    } finally {
      await admin.end();
    }
  };

  it('is reported to the callback (it used to be dropped)', async () => {
    const onPoolError = vi.fn();
    const db = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent', onPoolError });
    try {
      await killIdleClient(db);
      await vi.waitFor(() => expect(onPoolError).toHaveBeenCalledTimes(1), { timeout: 5000 });
      expect(onPoolError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
      // The pool recovers: the next query gets a fresh connection.
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('is logged once, by its code and message, without the pg client it came from', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const db = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
    try {
      await killIdleClient(db);
      const lost = () => write.mock.calls.map(([chunk]) => String(chunk)).filter((line) => line.includes('a database connection was lost'));
      await vi.waitFor(() => expect(lost()).toHaveLength(1), { timeout: 5000 });
      const [line] = lost();
      expect(JSON.parse(line!)).toMatchObject({
        level: 40,
        db: { code: '57P01', message: 'terminating connection due to administrator command' },
      });
      expect(line!.length).toBeLessThan(500);
    } finally {
      write.mockRestore();
      await db.close();
    }
  });

  it('serialises without the client pg-pool hangs on it (its parameters, type tables and cancel key)', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const failed = new Promise<Error>((resolve) => pool.once('error', resolve));
    try {
      const [{ pid }] = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      const error = await failed;
      expect(error).toHaveProperty('client');
      const line = JSON.stringify(serializeError(error));
      expect(line).not.toContain('secretKey');
      expect(line).not.toContain('connectionParameters');
      // The stack is most of what is left; the client alone was several kilobytes.
      expect(line.length).toBeLessThan(2000);
      expect(JSON.parse(line)).toMatchObject({
        code: '57P01',
        message: 'terminating connection due to administrator command',
        client: '[Client]',
      });
    } finally {
      pool.on('error', () => undefined);
      await pool.end();
    }
  });
});
