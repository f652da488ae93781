import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { previewValueKobo, RATES_PAGE_DESCRIPTION, RATES_PAGE_TITLE, ratesResponseSchema, type RatesResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { ManualClock } from '../src/lib/clock';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createProviders } from '../src/providers/index';
import { createTestApp, get, type TestApp } from './support/app';
import { openTestDatabase } from './support/db';
import { PRODUCTION_TEST_ENV } from './support/production-env';
import { createStaff, type TestStaff } from './support/staff';

/**
 * The public rates (docs/features.md, "Rates and alerts"): GET /api/rates and its picture need no session,
 * carry the sell forms' own numbers, and the server sends /rates with its own title, description
 * and Open Graph tags so a shared link previews it. PostgreSQL, the real app.
 */

const clock = new ManualClock('2026-11-26T09:00:00Z');
let t: TestApp;
let admin: TestStaff;
let dist: string;
let web: FastifyInstance;
let webDatabase: Database;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaff(t, { role: 'admin' });
  // The production server with a stand-in for apps/web/dist, as the build lays out the shell.
  dist = await mkdtemp(path.join(tmpdir(), 'wise-rates-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Wise: sell gift cards and crypto for naira, collect Wise Gems and pay bills." /><title>Wise</title></head><body><div id="root"></div></body></html>',
  );
  webDatabase = await openTestDatabase();
  const config = loadConfig({
    ...PRODUCTION_TEST_ENV,
    WEB_DIST: dist,
    WEB_ASSET_ARCHIVE_DIR: path.join(dist, '..', `${path.basename(dist)}-archive`),
  });
  web = await buildApp(
    { config, database: webDatabase, ...createProviders(config, webDatabase.db), limiter: new MemoryRateLimiter(), clock },
    { logger: false },
  );
  await web.ready();
});
afterAll(async () => {
  await t?.close();
  await web?.close();
  await webDatabase?.close();
  await rm(dist, { recursive: true, force: true });
  await rm(`${dist}-archive`, { recursive: true, force: true });
});

const publicRates = async (): Promise<RatesResponse> => {
  const response = await get(t.app, '/api/rates');
  expect(response.statusCode, response.body).toBe(200);
  return ratesResponseSchema.parse(response.json());
};

describe('GET /api/rates, logged out', () => {
  it("answers without a session: every enabled card's sub-categories with rate and band, and the four coins", async () => {
    const rates = await publicRates();
    const amazon = rates.cards.find((c) => c.slug === 'amazon');
    expect(amazon?.subcategories[0]).toMatchObject({
      subcategory: 'USA physical · $25–$100',
      exchange_rate: '1180.00',
      min_amount: '25.00',
      max_amount: '100.00',
      currency: 'USD',
    });
    expect(rates.cards.map((c) => c.name)).toEqual(
      [...rates.cards.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect(rates.cards.every((c) => c.subcategories.length > 0)).toBe(true);
    expect(rates.coins.map((c) => c.id)).toEqual(['btc', 'usdt', 'bnb', 'sol']);
    expect(rates.coins_stale).toBe(false);
  });

  it("uses the sell forms' numbers: a coin's naira price is its USD price × its naira-per-USD rate, to the kobo", async () => {
    const rates = await publicRates();
    for (const coin of rates.coins) {
      const expected = new Decimal(coin.current_price_usd)
        .times(coin.rate_ngn_per_usd)
        .times(100)
        .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
        .toNumber();
      expect(coin.price_kobo, coin.id).toBe(expected);
    }
    // The one /api/crypto/coins gives the sell form.
    const customer = await (await import('./support/users')).createCustomer(t);
    const sellForm = (await get(t.app, '/api/crypto/coins', customer.cookie)).json<{
      coins: { id: string; rate_ngn_per_usd: string; current_price_usd: string }[];
    }>();
    expect(rates.coins.map((c) => [c.id, c.rate_ngn_per_usd, c.current_price_usd])).toEqual(
      sellForm.coins.map((c) => [c.id, c.rate_ngn_per_usd, c.current_price_usd]),
    );
    // A $50 Amazon card at ₦1,180/$ is ₦59,000.00, as the sell form previews it.
    const amazon = rates.cards.find((c) => c.slug === 'amazon')!.subcategories[0]!;
    expect(previewValueKobo('50', amazon.exchange_rate)).toBe(5_900_000);
  });

  it("follows an admin's rate change at once, and leaves out a disabled sub-category", async () => {
    const amazon = (await publicRates()).cards.find((c) => c.slug === 'amazon')!.subcategories[0]!;
    // A rate change asks for the admin's code (docs/separation-of-duties.md).
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/giftcards/subcategories/${amazon.id}`,
        payload: 'exchange_rate' in payload ? { ...payload, confirm_code: admin.code() } : payload,
        headers: { cookie: admin.cookie },
      });
    expect((await patch({ exchange_rate: '1222.5' })).statusCode).toBe(200);
    expect((await publicRates()).cards.find((c) => c.slug === 'amazon')!.subcategories.find((s) => s.id === amazon.id)?.exchange_rate).toBe(
      '1222.50',
    );
    expect((await patch({ enabled: false })).statusCode).toBe(200);
    expect((await publicRates()).cards.flatMap((c) => c.subcategories).some((s) => s.id === amazon.id)).toBe(false);
    expect((await patch({ enabled: true, exchange_rate: '1180' })).statusCode).toBe(200);
  });
});

describe('the shared picture, GET /api/rates/og.png', () => {
  it('is a 1200×630 PNG without a session, kept (same ETag) until a rate changes', async () => {
    const first = await get(t.app, '/api/rates/og.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const etag = first.headers.etag as string;
    const again = await get(t.app, '/api/rates/og.png');
    expect(again.headers.etag).toBe(etag);
    const revalidated = await t.app.inject({ url: '/api/rates/og.png', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);

    const amazon = (await publicRates()).cards.find((c) => c.slug === 'amazon')!.subcategories[0]!;
    const rateChange = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/giftcards/subcategories/${amazon.id}`,
      payload: { exchange_rate: '1190', confirm_code: admin.code() },
      headers: { cookie: admin.cookie },
    });
    expect(rateChange.statusCode, rateChange.body).toBe(200);
    const changed = await get(t.app, '/api/rates/og.png');
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('/rates as the server sends it', () => {
  it('carries its own title, description and Open Graph tags, absolute to APP_URL; other pages keep the shell', async () => {
    for (const url of ['/rates', '/rates/', '/RATES?from=share']) {
      const response = await web.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const html = response.body;
      expect(html).toContain('<div id="root">');
      const title = RATES_PAGE_TITLE.replace("'", '&#39;');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<meta name="description" content="${RATES_PAGE_DESCRIPTION}">`);
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(html).toContain(`<meta property="og:description" content="${RATES_PAGE_DESCRIPTION}">`);
      expect(html).toContain('<meta property="og:image" content="https://wise.example.com/api/rates/og.png">');
      expect(html).toContain('<meta property="og:url" content="https://wise.example.com/rates">');
      expect(html).toContain('<link rel="canonical" href="https://wise.example.com/rates">');
    }
    const home = (await web.inject({ url: '/home' })).body;
    expect(home).toContain('<title>Wise</title>');
    expect(home).not.toContain('og:image');
  });

  it('the picture the tags name answers on the production server too', async () => {
    const response = await web.inject({ url: '/api/rates/og.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});
