import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createProviders } from '../src/providers/index';
import { openTestDatabase } from './support/db';
import { PRODUCTION_TEST_ENV } from './support/production-env';

/**
 * The installable app's files as production serves them (docs/decisions.md §9.36): the service worker and the
 * manifest always revalidated (never the year-long cache of hashed assets) with their exact types,
 * never swallowed by the SPA fallback; CSP unchanged.
 */

let dist: string;
let app: FastifyInstance;
let database: Database;
const manifest = JSON.stringify({
  name: 'Wise',
  short_name: 'Wise',
  start_url: '/',
  display: 'standalone',
  icons: [],
  filler: 'x'.repeat(2000),
});

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'wise-pwa-dist-'));
  await mkdir(path.join(dist, 'icons'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dist, 'manifest.webmanifest'), manifest);
  await writeFile(path.join(dist, 'manifest.webmanifest.br'), brotliCompressSync(manifest));
  await writeFile(path.join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  database = await openTestDatabase();
  const config = loadConfig({ ...PRODUCTION_TEST_ENV, WEB_DIST: dist });
  app = await buildApp(
    { config, database, ...createProviders(config, database.db), limiter: new MemoryRateLimiter(), clock: systemClock },
    { logger: false },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the installable app files', () => {
  it('serves /sw.js as JavaScript, revalidated every time', async () => {
    const response = await app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('addEventListener');
  });

  it('serves the manifest as application/manifest+json, revalidated, compressed when accepted', async () => {
    const response = await app.inject({ url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json(;|$)/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: '/manifest.webmanifest' });
    expect(plain.json()).toMatchObject({ name: 'Wise', display: 'standalone' });
  });

  it('never answers a missing worker or manifest with the HTML shell', async () => {
    await rm(path.join(dist, 'sw.js'));
    try {
      const response = await app.inject({ url: '/sw.js' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toContain('text/html');
    } finally {
      await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    }
    expect((await app.inject({ url: '/workbox-1234.js' })).statusCode).toBe(404);
  });

  it("keeps the CSP's script-src 'self' (the worker falls under it)", async () => {
    const response = await app.inject({ url: '/' });
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  });
});
