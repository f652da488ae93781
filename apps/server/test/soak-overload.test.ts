import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorCodes, httpMessages } from '@wise/shared';
import { databaseBusy } from '../src/lib/db-errors';
import errorsPlugin from '../src/plugins/errors';

/**
 * Found by the 200-customer soak (docs/RELIABILITY.md): under overload every database connection stayed busy
 * past the pool's wait, pg-pool gave up ("timeout exceeded when trying to connect") and customers
 * got 500 INTERNAL on every screen. Nothing reached the database, so the honest answer is
 * 503 BUSY with Retry-After — the app's "try again" — and the log says warn, not error.
 */
const adminUrl = process.env.SOAK_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The error a real pool raises when its only connection is held past connectionTimeoutMillis, as Drizzle wraps it. */
async function realPoolTimeout(): Promise<Error> {
  const pool = new pg.Pool({ connectionString: adminUrl, max: 1, connectionTimeoutMillis: 10_000 });
  const held = await pool.connect();
  // Opening the one connection may be slow on a busy machine; waiting for it to come free is what is tested.
  pool.options.connectionTimeoutMillis = 100;
  try {
    await pool.query('SELECT 1');
    throw new Error('the pool answered although its only connection was held');
  } catch (error) {
    return new Error('Failed query: select "id" from "users"\nparams: ', { cause: error });
  } finally {
    held.release();
    await pool.end();
  }
}

describe('a database with no free connection', () => {
  it('is recognised through the wrapper, and nothing else is', async () => {
    expect(databaseBusy(await realPoolTimeout())).toBe(true);
    expect(databaseBusy(new Error('Failed query', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) }))).toBe(
      false,
    );
    expect(databaseBusy('timeout exceeded when trying to connect')).toBe(false);
  });

  it('answers 503 BUSY with Retry-After instead of 500', async () => {
    const cause = await realPoolTimeout();
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/busy', async () => {
      throw cause;
    });
    app.get('/broken', async () => {
      throw new Error('a real bug');
    });
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ error: httpMessages.busy, code: errorCodes.busy });
    // Any other failure is still a 500 that says nothing about its cause.
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ error: httpMessages.internal, code: errorCodes.internal });
    await app.close();
  });
});
