import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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

let dist: string;
let app: FastifyInstance;
let database: Database;
const script = `console.log(${JSON.stringify('wise '.repeat(400))});`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'wise-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Wise</title></head><body><div id="root"></div></body></html>',
  );
  // What apps/web/build/route-preloads.ts writes: each router pattern's lazy files.
  await writeFile(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify([
      { pattern: '/login', scripts: ['assets/query-layout-1.js', 'assets/login-2.js'], styles: ['assets/login-3.css'] },
      { pattern: '/data/:provider', scripts: ['assets/data-4.js'], styles: [], data: ['/api/bills/plans/:provider', '/api/app-info'] },
      { pattern: '/data/enterPIN', scripts: ['assets/bill-pin-5.js'], styles: [] },
      { pattern: '/admin/*', scripts: ['assets/admin-6.js'], styles: [] },
    ]),
  );
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  database = await openTestDatabase();
  const config = loadConfig({
    ...PRODUCTION_TEST_ENV,
    WEB_DIST: dist,
    WEB_ASSET_ARCHIVE_DIR: path.join(dist, '..', `${path.basename(dist)}-archive`),
  });
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
  await rm(`${dist}-archive`, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('sends hashed assets precompressed with a year-long immutable cache', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('answers the SPA shell, uncached, for the routes of the product rules', async () => {
    for (const url of ['/', '/home', '/login/password', '/passwordreset/newpassword?token=abc', '/homepage']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("names the page's own screen chunks in the shell, matched as the client router matches", async () => {
    const linksOf = async (url: string) => {
      const body = (await app.inject({ url })).body;
      return [
        ...body.matchAll(
          /<link rel="(modulepreload|preload)"(?: as="(?:style|fetch)")?(?: fetchpriority="low")? crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => `${m[1]} ${m[2]}`);
    };
    expect(await linksOf('/login')).toEqual([
      'preload /assets/login-3.css',
      'modulepreload /assets/query-layout-1.js',
      'modulepreload /assets/login-2.js',
    ]);
    expect(await linksOf('/LOGIN/?next=1')).toHaveLength(3);
    // A static segment wins over a parameter, as in react-router.
    expect(await linksOf('/data/enterPIN')).toEqual(['modulepreload /assets/bill-pin-5.js']);
    expect(await linksOf('/data/mtn')).toEqual(['modulepreload /assets/data-4.js']);
    expect(await linksOf('/admin/sales/42')).toEqual(['modulepreload /assets/admin-6.js']);
    expect(await linksOf('/data/mtn/extra')).toEqual([]);
    expect(await linksOf('/nowhere')).toEqual([]);
    // A signed-in page also names the screen's first API calls, with the page's parameters.
    const signedIn = async (url: string) => (await app.inject({ url, cookies: { wise_session: 'any' } })).body;
    expect(await signedIn('/data/mtn')).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/bills/plans/mtn"><link rel="preload" as="fetch" crossorigin href="/api/app-info">',
    );
    expect(await linksOf('/data/mtn')).not.toContain('preload /api/app-info');
    // A parameter that is not a plain slug is never put in a URL; the rest still is.
    const odd = await signedIn('/data/%22%3E%3Cscript%3E');
    expect(odd).not.toContain('script%3E');
    expect(odd).not.toContain('/api/bills/plans/');
    expect(odd).toContain('href="/api/app-info"');
    expect(await signedIn('/data/%E0%A4%A')).not.toContain('/api/bills/plans/');
    const body = (await app.inject({ url: '/login' })).body;
    expect(body.indexOf('modulepreload')).toBeLessThan(body.indexOf('</head>'));
  });

  it('404s a missing asset and an unknown API path instead of sending HTML', async () => {
    const asset = await app.inject({ url: '/assets/index-gone.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
    const api = await app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('has no dev outbox in production', async () => {
    const response = await app.inject({ url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});
