import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
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
import { get, post, type TestApp } from './support/app';
import { openTestDatabase } from './support/db';
import { createStaff } from './support/staff';
import { createCustomer } from './support/users';

/**
 * docs/RELIABILITY.md "Headers and cookies": the app built exactly as a production server builds
 * it (NODE_ENV=production, an https APP_URL, the web build served; SANDBOX_PROVIDERS as a staging
 * server, since no real provider is reachable from a test) sends the security headers on HTML, on
 * the API and on errors, sets the customer and staff cookies with their flags on real sign-ins,
 * has no dev routes, and never puts an error's cause in a 500 body.
 */

const SECRET_CAUSE = 'relation "secret_internal_table" at /srv/wise/apps/server/src/db/client.ts:42';
let t: TestApp;
let database: Database;
const dirs: string[] = [];

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(tmpdir(), 'wise-prod-web-'));
  const uploads = await mkdtemp(path.join(tmpdir(), 'wise-prod-uploads-'));
  dirs.push(webDist, uploads);
  // A stand-in for apps/web/dist: the shell and one hashed asset, as the build lays them out.
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("wise")');

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://wise@db.example.com:5432/wise',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SESSION_SECRET: 's'.repeat(40),
    CARD_CODE_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`,
    APP_URL: 'https://wise.example.com',
    SANDBOX_PROVIDERS: 'true',
    METRICS_TOKEN: 'production-headers-metrics-token-00000000',
    WEB_DIST: webDist,
    UPLOAD_DIR: uploads,
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  expect(config.isProduction).toBe(true);
  database = await openTestDatabase();
  // Messages are captured to read the sign-up code; the outbox is handed over as development
  // would, so that only the production config keeps /api/dev away.
  const outbox = new Outbox();
  const app = await buildApp(
    {
      config,
      database,
      messenger: outbox,
      outbox,
      files: createFileStore(config),
      bankLookup: createBankLookup(config),
      marketData: createMarketData(config, systemClock),
      limiter: new MemoryRateLimiter(() => Date.now()),
      clock: systemClock,
    },
    { logger: false, serveWeb: true },
  );
  // A route that fails the way a bug or a lost database does: its cause must stay in the log.
  app.get('/api/test-failure', { config: { public: true }, schema: { hide: true } }, async () => {
    throw new Error(SECRET_CAUSE);
  });
  await app.ready();
  t = { app, database, outbox, clock: systemClock, close: () => app.close() };
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The CSP's directives by name. */
function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectHardenedHeaders(response: LightMyRequestResponse, frameAncestors: string[] = ["'none'"]) {
  const hsts = String(response.headers['strict-transport-security']);
  // A year at least, subdomains included: what browsers' preload lists ask for.
  expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts).toMatch(/includeSubDomains/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-powered-by']).toBeUndefined();
  const csp = cspOf(response);
  expect(csp.get('frame-ancestors')).toEqual(frameAncestors);
}

const setCookieOf = (response: LightMyRequestResponse, name: string): string => {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie set (${response.statusCode}): ${all.join(' | ')}`);
  return found;
};

const attributesOf = (setCookie: string) =>
  new Map(
    setCookie
      .split(';')
      .slice(1)
      .map((part) => {
        const [key, ...value] = part.trim().split('=');
        return [key!.toLowerCase(), value.join('=')] as const;
      }),
  );

describe('production mode: headers', () => {
  it('serves the HTML shell with a strict CSP and the hardening headers', async () => {
    for (const url of ['/', '/dashboard', '/admin/login']) {
      const response = await get(t.app, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expectHardenedHeaders(response);
      const csp = cspOf(response);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // Scripts only from our origin: no inline script, no eval, no third-party host.
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      for (const values of csp.values()) {
        expect(values).not.toContain("'unsafe-eval'");
        expect(values).not.toContain('*');
      }
    }
  });

  it('keeps the web app within that CSP: every script of its HTML shell is a file from our origin', async () => {
    const shell = await readFile(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    const scripts = [...shell.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/[^/]/);
      expect(body!.trim()).toBe('');
    }
  });

  it('sends the same headers on API answers, static assets, 404s and errors', async () => {
    const responses = [
      await get(t.app, '/api/app-info'),
      await get(t.app, '/assets/index-abc123.js'),
      await get(t.app, '/api/dashboard'),
      await get(t.app, '/api/no-such-route'),
      await post(t.app, '/api/auth/login', { email_or_phone: 'x' }),
      await get(t.app, '/api/test-failure'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400, 500]);
    for (const response of responses) expectHardenedHeaders(response);
    // A script is no document: it gets the API's short set (CSP allows nothing), not the page's.
    expect(cspOf(responses[1]!).get('default-src')).toEqual(["'none'"]);
    expect(responses[1]!.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('keeps the hardening headers on the API reference pages, which only our own origin may frame', async () => {
    const docs = await get(t.app, '/api/docs/');
    expect(docs.statusCode).toBe(200);
    // @fastify/swagger-ui's static CSP replaces ours here and says frame-ancestors 'self'
    // (docs/RELIABILITY.md): no other site can frame it; X-Frame-Options stays DENY.
    expectHardenedHeaders(docs, ["'self'"]);
    const csp = cspOf(docs);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(
      csp
        .get('script-src')
        ?.slice(1)
        .every((source) => source.startsWith("'sha256-")),
    ).toBe(true);
  });

  it('answers a 500 with the generic error body: no message, no stack, no file path', async () => {
    const response = await get(t.app, '/api/test-failure');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'INTERNAL' });
    expect(response.body).not.toContain('secret_internal_table');
    expect(response.body).not.toMatch(/\.ts:\d+|\bat \w|stack/i);
  });

  it('has no /api/dev routes, even from this machine', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/api/dev/outbox' })).toBe(false);
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"to"');
  });
});

describe('production mode: cookies on real sign-ins', () => {
  it('sets the customer session cookie HttpOnly, Secure, SameSite=Lax on path /', async () => {
    const user = await createCustomer(t);
    const login = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    const cookie = setCookieOf(login, 'wise_session');
    const attributes = attributesOf(cookie);
    expect(attributes.has('httponly')).toBe(true);
    expect(attributes.has('secure')).toBe(true);
    expect(attributes.get('samesite')).toBe('Lax');
    expect(attributes.get('path')).toBe('/');
    expect(attributes.has('domain')).toBe(false);
    expect(Number(attributes.get('max-age'))).toBeGreaterThan(0);
    // The token is long and random: nothing about the customer is in it.
    const value = cookie.split(';')[0]!.slice('wise_session='.length);
    expect(value.length).toBeGreaterThanOrEqual(32);
    expect(value).not.toContain(user.id);
    expectHardenedHeaders(login);
  });

  it('sets the staff cookie HttpOnly, Secure, SameSite=Strict, only for /api/admin', async () => {
    const staff = await createStaff(t, { role: 'admin' });
    const login = await post(t.app, '/api/admin/auth/login', { email: staff.email, password: staff.password });
    expect(login.statusCode).toBe(200);
    const attributes = attributesOf(setCookieOf(login, 'wise_staff'));
    expect(attributes.has('httponly')).toBe(true);
    expect(attributes.has('secure')).toBe(true);
    expect(attributes.get('samesite')).toBe('Strict');
    expect(attributes.get('path')).toBe('/api/admin');
    expect(attributes.has('domain')).toBe(false);
    expectHardenedHeaders(login);
  });
});
