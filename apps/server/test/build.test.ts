import { spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { connectionUrlOf, openTestDatabase } from './support/db';
import { PRODUCTION_TEST_ENV } from './support/production-env';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function waitFor(url: string, timeoutMs: number, alive: () => boolean): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline || !alive()) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Production runs the compiled JavaScript, not tsx: build it and start it as production would. */
describe('the production build', () => {
  it('compiles to plain JavaScript that starts on PostgreSQL and serves in production mode, on Node 24', { timeout: 120_000 }, async () => {
    // Beside src/, as dist/ is: the bundle finds node_modules and the web build by walking up.
    const out = await mkdtemp(path.join(serverDir, '.build-test-'));
    const data = await mkdtemp(path.join(tmpdir(), 'wise-build-data-'));
    dirs.push(out, data);
    await run(process.execPath, ['scripts/build.mjs', out], { cwd: serverDir, timeout: 60_000 });
    // The receipt PDF reads its fonts beside the bundle (domain/receipts/pdf.ts).
    expect((await stat(path.join(out, 'fonts', 'DejaVuSans.ttf'))).size).toBeGreaterThan(10_000);
    expect((await stat(path.join(out, 'fonts', 'DejaVuSans-Bold.ttf'))).size).toBeGreaterThan(10_000);

    // Production refuses the embedded database: it runs on a PostgreSQL database of its own.
    const database = await openTestDatabase();
    const port = 3300 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, [path.join(out, 'server.js')], {
      env: {
        PATH: process.env.PATH,
        // A staging server: the provider sandboxes, since no real provider is reachable from a test.
        ...PRODUCTION_TEST_ENV,
        DATABASE_URL: await connectionUrlOf(database),
        PORT: String(port),
        DATA_DIR: data,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => (stderr += `\n(exited with ${code})`));
    try {
      // Production listens on every interface; loopback reaches it.
      const ready = await waitFor(`http://127.0.0.1:${port}/readyz`, 90_000, () => child.exitCode === null).catch((error: unknown) => {
        throw new Error(`the compiled server did not start: ${stderr}`, { cause: error });
      });
      expect(ready.status, stderr).toBe(200);
      const info = await fetch(`http://127.0.0.1:${port}/api/app-info`);
      expect(await info.json()).toEqual({ time_zone: 'Africa/Lagos' });
      // Nothing dev-only exists in production, even from this machine.
      expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/dashboard`)).status).toBe(401);
      // The start line names the runtime: the one this run brought (package.json's `engines`).
      expect(stdout).toMatch(
        new RegExp(`Wise is up on https://wise\\.example\\.com \\(PostgreSQL, Node ${process.version.replaceAll('.', '\\.')}\\)`),
      );
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await database.close();
    }
    expect(stderr).not.toMatch(/tsx|\.ts:\d+/);
  });
});
