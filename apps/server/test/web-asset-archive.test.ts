import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { archiveBuildAssets } from '../src/plugins/asset-archive';
import { createProviders } from '../src/providers/index';
import { openTestDatabase } from './support/db';
import { PRODUCTION_TEST_ENV } from './support/production-env';

/**
 * A deploy under an open app: the tab holds the old index.html, whose chunks the new build does
 * not ship. The archive keeps serving them (docs/operations.md, "Deploying a new version").
 */
let root: string;
let database: Database;
const DAY_MS = 24 * 60 * 60 * 1000;

async function writeBuild(name: string, assets: Record<string, string>): Promise<string> {
  const dist = path.join(root, name);
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>${name}</title></head><body><div id="root"></div></body></html>`,
  );
  for (const [file, body] of Object.entries(assets)) await writeFile(path.join(dist, 'assets', file), body);
  return dist;
}

async function start(dist: string): Promise<FastifyInstance> {
  const config = loadConfig({
    ...PRODUCTION_TEST_ENV,
    WEB_DIST: dist,
    DATA_DIR: path.join(root, 'data'),
  });
  const app = await buildApp(
    { config, database, ...createProviders(config, database.db), limiter: new MemoryRateLimiter(), clock: systemClock },
    { logger: false },
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'wise-archive-'));
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

describe('hashed assets of an earlier build', () => {
  it('are served, cached for good, after a new build replaced them; what never existed still 404s', async () => {
    const first = await start(await writeBuild('build-1', { 'sell-aaa111.js': 'export const v = 1;', 'index-aaa111.js': 'main1' }));
    expect((await first.inject({ url: '/assets/sell-aaa111.js' })).statusCode).toBe(200);
    await first.close();

    const second = await start(await writeBuild('build-2', { 'sell-bbb222.js': 'export const v = 2;', 'index-bbb222.js': 'main2' }));
    try {
      const old = await second.inject({ url: '/assets/sell-aaa111.js' });
      expect(old.statusCode).toBe(200);
      expect(old.body).toBe('export const v = 1;');
      expect(old.headers['content-type']).toContain('javascript');
      expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await second.inject({ url: '/assets/sell-bbb222.js' })).body).toBe('export const v = 2;');
      expect((await second.inject({ url: '/assets/never-ccc333.js' })).statusCode).toBe(404);
      // Only hashed names: no path reaches outside the archive.
      for (const url of ['/assets/..%2F..%2Fetc%2Fpasswd', '/assets/.retired/sell-aaa111.js', '/assets/%2e%2e/build-1/index.html']) {
        expect((await second.inject({ url })).statusCode, url).toBe(404);
      }
    } finally {
      await second.close();
    }
  });

  it('are kept for the retention after they are retired, then removed; a file shipped again is kept', async () => {
    const dir = path.join(root, 'archive-retention');
    const archive = { dir, retentionMs: 7 * DAY_MS };
    const build1 = await writeBuild('r-1', { 'a-111.js': 'a', 'b-111.js': 'b' });
    const build2 = await writeBuild('r-2', { 'b-111.js': 'b', 'c-222.js': 'c' });
    const t0 = Date.parse('2026-11-01T00:00:00Z');

    expect(await archiveBuildAssets(path.join(build1, 'assets'), archive, t0)).toEqual({ archived: 2, retired: 0, pruned: 0 });
    // a-111 is retired by build 2, at t0 + 1 day.
    expect(await archiveBuildAssets(path.join(build2, 'assets'), archive, t0 + DAY_MS)).toEqual({ archived: 1, retired: 1, pruned: 0 });
    const retiredMarker = path.join(dir, '.retired', 'a-111.js');
    await utimes(retiredMarker, (t0 + DAY_MS) / 1000, (t0 + DAY_MS) / 1000);
    // Six days later it is still there; restarts do not move its retirement forward.
    expect(await archiveBuildAssets(path.join(build2, 'assets'), archive, t0 + 7 * DAY_MS)).toEqual({ archived: 0, retired: 0, pruned: 0 });
    expect(await readdir(dir)).toContain('a-111.js');
    expect(await archiveBuildAssets(path.join(build2, 'assets'), archive, t0 + 8 * DAY_MS)).toEqual({ archived: 0, retired: 0, pruned: 1 });
    expect((await readdir(dir)).filter((name) => !name.startsWith('.')).sort()).toEqual(['b-111.js', 'c-222.js']);
    // Build 1 deployed again (a rollback): its files are current, not retired.
    await archiveBuildAssets(path.join(build1, 'assets'), archive, t0 + 9 * DAY_MS);
    expect((await readdir(path.join(dir, '.retired'))).sort()).toEqual(['c-222.js']);
  });
});
