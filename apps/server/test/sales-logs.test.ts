import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createBankLookup } from '../src/providers/bank-lookup/index';
import { createFileStore } from '../src/providers/file-store/index';
import { createMarketData } from '../src/providers/market-data/index';
import { Outbox } from '../src/providers/messaging/index';
import type { TestApp } from './support/app';
import { openTestDatabase } from './support/db';
import { addBankDetails, cardDetail, cardPhoto, postSale, saleFields } from './support/sales';
import { createCustomer } from './support/users';
import { unboundedPayoutLimitsEnv } from './support/limits';

/** A sale's card code is shown to the seller (and staff) only: no log line ever carries it. */
const lines: string[] = [];
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-sales-logs-'));
  const database: Database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    RATE_LIMIT_MULTIPLIER: '1000',
    UPLOAD_DIR: dir,
    ...unboundedPayoutLimitsEnv,
  });
  const logger = { level: 'trace', stream: { write: (line: string) => void lines.push(line) } };
  const outbox = new Outbox();
  const app: FastifyInstance = await buildApp(
    {
      config,
      database,
      messenger: outbox,
      outbox,
      files: createFileStore(config),
      bankLookup: createBankLookup(config),
      marketData: createMarketData(config, systemClock),
      limiter: new MemoryRateLimiter(),
      clock: systemClock,
    },
    { logger, serveWeb: false },
  );
  await app.ready();
  t = {
    app,
    database,
    outbox,
    clock: systemClock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the card code', () => {
  it('never reaches the log: not on success, a refusal, or a database failure that quotes the row', async () => {
    const seller = await createCustomer(t);
    await addBankDetails(t, seller, '0678912345');
    const [sub] = (await cardDetail(t, seller, 'amazon')).subcategories;
    if (!sub) throw new Error('no sub-category');
    const code = `CODE${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
    const fields = (comment: string, cardCode = code) => saleFields(sub, '50', { card_code: cardCode, comment });
    const image = [{ data: await cardPhoto('jpeg', 5) }];

    expect((await postSale(t, { cookie: seller.cookie, fields: fields('fine'), files: image })).statusCode).toBe(201);
    expect(
      (await postSale(t, { cookie: seller.cookie, fields: { ...fields('stale'), expected_rate: '1.00' }, files: image })).statusCode,
    ).toBe(409);
    // The same code again: refused as used, and the refusal does not carry it either.
    const again = await postSale(t, { cookie: seller.cookie, fields: { ...fields('again', ` ${code.toLowerCase()} `) }, files: image });
    expect(again.statusCode).toBe(409);
    expect(again.body.toUpperCase()).not.toContain(code);
    await t.database.query("ALTER TABLE sales ADD CONSTRAINT test_refuse_boom CHECK (comment IS DISTINCT FROM 'boom')");
    try {
      // Another code (this one is taken by the first sale), of which the log must not hold a trace either.
      const failed = await postSale(t, { cookie: seller.cookie, fields: fields('boom', `${code}X`), files: image });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain(code);
    } finally {
      await t.database.query('ALTER TABLE sales DROP CONSTRAINT test_refuse_boom');
    }

    const log = lines.join('');
    // The failure was logged (with what went wrong), just not with the row's contents.
    expect(log).toContain('test_refuse_boom');
    expect(log).not.toContain(code);
    expect(log).not.toContain('0678912345');
  });
});
