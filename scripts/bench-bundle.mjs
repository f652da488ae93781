#!/usr/bin/env node
// Measures the JavaScript a phone downloads (compressed, as sent) before each screen is
// interactive: starts the built server on a fresh embedded database, opens each route in
// Debian's chromium at 390×844 and sums the encoded bytes of every script response.
// Usage: npm run build -w @wise/web && node scripts/bench-bundle.mjs [route ...]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BUDGET_KB = 110;
const port = 3200 + Math.floor(Math.random() * 500);
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/home', '/login', '/createaccount', '/passwordreset'];
const dataDir = mkdtempSync(path.join(tmpdir(), 'wise-bench-'));

const server = spawn('npm', ['run', 'start', '-w', '@wise/server'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});

async function waitForServer() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** What the same file weighs when the browser only accepts gzip. */
async function gzipSize(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const length = Number(response.headers.get('content-length'));
  const encoding = response.headers.get('content-encoding');
  const body = Buffer.from(await response.arrayBuffer());
  // Small files are sent uncompressed; fetch decodes gzip, so fall back to the raw length.
  return encoding === 'gzip' && length ? length : body.length;
}

let failed = false;
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  console.log(`route                 scripts      gzip    brotli   budget ${BUDGET_KB} KB gzip (enforced on /home)`);
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes();
      scripts.push({ url: request.url(), br: sizes.responseBodySize });
    });
    await page.goto(`http://localhost:${port}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const brKb = scripts.reduce((a, s) => a + s.br, 0) / 1024;
    const gzipBytes = await Promise.all(scripts.map(async ({ url }) => gzipSize(url)));
    const gzKb = gzipBytes.reduce((a, b) => a + b, 0) / 1024;
    const within = gzKb <= BUDGET_KB;
    failed ||= route === '/home' && !within;
    console.log(`${route.padEnd(20)} ${String(scripts.length).padStart(8)} ${gzKb.toFixed(1).padStart(9)} KB ${brKb.toFixed(1).padStart(9)} KB   ${within ? 'within' : 'over'}`);
    await context.close();
  }
  await browser.close();
} finally {
  process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
