#!/usr/bin/env node
// The JavaScript budgets (docs/PERFORMANCE.md): opens every customer screen of a production build in Debian's
// chromium at 390×844, logged out (welcome and sign-in screens) and logged in (a customer signed up
// through the API, with bank details and a gift-card sale so the screens needing data have it), and
// adds up what the browser really downloads before the screen settles (drawn, then no request for 1 s):
// every script and stylesheet, weighed as sent gzip (the server's precompressed .gz; brotli, what
// chromium actually takes, is printed beside it). Prints the table and exits 1 when a budget is
// exceeded:
//   - JavaScript before a screen is interactive: /home ≤ 110 KB, every other screen ≤ 150 KB;
//   - each route module's own lazy chunk ≤ 50 KB (layouts and screens under src/app/routes);
//   - CSS ≤ 20 KB per screen;
//   - no back-office chunk on a customer screen.
// Service workers are blocked: a worker's precache is a background download after the screen is
// in use, not part of what a screen needs (its registration code, when the page imports it before
// settling, is counted like any script).
//
// Usage: npm run budget                       builds into a temporary folder, then measures
//        WEB_DIST=/path/to/dist npm run budget   measures that build (built with its .vite/manifest.json)
//        node scripts/bench-bundle.mjs /login /home   only these screens (BUDGET_VERBOSE=1 lists the files)
// BUDGET_PORT chooses the server's port (default: a free one); BUDGET_URL measures a server already
// running in development mode (the dev outbox) on WEB_DIST instead of starting one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, makeCustomer, root, startServer, webDist } from './support/customer-server.mjs';

const KB = 1024;
const QUIET_MS = 1000;
const BUDGET = { home: 110 * KB, screen: 150 * KB, routeChunk: 50 * KB, css: 20 * KB };
const onlyRoutes = process.argv.slice(2);
const kb = (bytes) => (bytes / KB).toFixed(1);

const dist = webDist();
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build with apps/web/vite.config.ts (build.manifest), or leave WEB_DIST unset`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
/** Chunk file → the source module it was made for (route screens, layouts, the entry). */
const sourceOf = new Map();
for (const entry of Object.values(manifest)) {
  if (entry.src) sourceOf.set(entry.file, entry.src);
}
/**
 * The installable app's UI and service-worker registration (src/features/pwa, with what only it
 * imports, e.g. workbox-window) are fetched after the screen has settled (load, an idle moment and
 * 2.5 s): not part of what a screen needs to be interactive, whenever the download lands.
 */
const afterSettleKeys = new Set(Object.keys(manifest).filter((key) => key.startsWith('src/features/pwa/')));
for (let grew = true; grew; ) {
  grew = false;
  for (const key of Object.keys(manifest)) {
    if (afterSettleKeys.has(key)) continue;
    const importers = Object.keys(manifest).filter((other) =>
      [...(manifest[other].imports ?? []), ...(manifest[other].dynamicImports ?? [])].includes(key));
    if (importers.length > 0 && importers.every((other) => afterSettleKeys.has(other))) {
      afterSettleKeys.add(key);
      grew = true;
    }
  }
}
const afterSettle = new Set([...afterSettleKeys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));

/** Bytes as sent gzip / brotli: the precompressed file, or the file itself when too small to compress. */
function sentSize(file, extension) {
  const compressed = `${file}.${extension}`;
  return statSync(existsSync(compressed) ? compressed : file).size;
}

const server = await startServer(dist, { url: process.env.BUDGET_URL, port: process.env.BUDGET_PORT && Number(process.env.BUDGET_PORT) });
const { origin } = server;

/** Every customer route (apps/web/src/config/paths.ts), each with the data it needs. */
function customerScreens(data) {
  const source = readFileSync(path.join(root, 'apps/web/src/config/paths.ts'), 'utf8');
  const block = source.slice(source.indexOf('export const paths'), source.indexOf('} as const'));
  const loggedOut = new Set(['splash', 'home', 'login', 'loginPassword', 'createAccount', 'createAccountOtp',
    'createAccountSuccess', 'passwordReset', 'passwordResetEmail', 'passwordResetNew', 'passwordResetSuccess']);
  const query = {
    giftCardConfirmAccount: `?card=${data.card}`,
    giftCardSuccess: `?sale=${data.sale}`,
    cryptoConfirmAccount: `?quote=${data.quote}`,
    cryptoWalletAddress: `?quote=${data.quote}`,
    cryptoWalletConfirm: `?quote=${data.quote}`,
    cryptoSuccess: `?sale=${data.sale}`,
  };
  const params = { ':card': data.card, ':coin': 'btc', ':id': data.sale, ':provider': 'mtn' };
  return [...block.matchAll(/^\s+(\w+): '([^']+)'/gm)].map(([, name, route]) => ({
    name,
    url: route.replace(/:\w+/g, (p) => params[p] ?? p) + (query[name] ?? ''),
    loggedIn: !loggedOut.has(name),
  }));
}

async function measure(browser, screen, data) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  if (screen.loggedIn) {
    const [name, value] = data.cookie.split('=');
    await context.addCookies([{ name, value, url: origin }]);
    await context.addInitScript((keys) => {
      for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value);
    }, data.localStorage);
  }
  const page = await context.newPage();
  const files = new Set();
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  // By file name, not resource type: Vite fetches a lazy screen's chunks as <link rel=modulepreload>.
  page.on('request', (request) => {
    inFlight += 1;
    lastActivity = Date.now();
    const url = new URL(request.url());
    if (url.origin === origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname)) files.add(url.pathname.slice(1));
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  await page.goto(`${origin}${screen.url}`, { waitUntil: 'load', timeout: 60_000 });
  // Settled: the screen is drawn (no route still loading) and nothing was asked of the network for
  // a second. Not Playwright's networkidle: on a busy machine the entry chunk alone can take longer
  // than its 500 ms to run, before the screen's own chunks are even requested.
  const started = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const drawn = await page.evaluate(() => Boolean(globalThis.document.getElementById('root')?.childElementCount) && !globalThis.document.querySelector('.route-progress'));
    if (drawn && inFlight <= 0 && Date.now() - lastActivity >= QUIET_MS) break;
    if (Date.now() - started > 60_000) throw new Error(`${screen.url} did not settle within 60 s`);
  }
  const landed = new URL(page.url()).pathname;
  await context.close();

  const row = { ...screen, landed, js: 0, jsBr: 0, css: 0, scripts: 0, chunk: { name: '-', size: 0 }, admin: [] };
  for (const file of files) {
    if (afterSettle.has(file)) continue;
    const full = path.join(dist, file);
    if (file.endsWith('.css')) {
      row.css += sentSize(full, 'gz');
      continue;
    }
    row.scripts += 1;
    row.js += sentSize(full, 'gz');
    row.jsBr += sentSize(full, 'br');
    const src = sourceOf.get(file) ?? '';
    if (/src\/(app\/routes|components|features)\/admin/.test(src)) row.admin.push(src);
    if (src.startsWith('src/app/routes/') && sentSize(full, 'gz') > row.chunk.size) {
      row.chunk = { name: path.basename(src).replace(/\.tsx?$/, ''), size: sentSize(full, 'gz') };
    }
  }
  if (process.env.BUDGET_VERBOSE) {
    for (const file of [...files].sort()) {
      console.log(`  ${screen.url} ${file} ${kb(sentSize(path.join(dist, file), 'gz'))} KB${afterSettle.has(file) ? ' (after settle, not counted)' : ''}`);
    }
  }
  row.jsBudget = screen.url === '/home' ? BUDGET.home : BUDGET.screen;
  row.over = [
    row.js > row.jsBudget && 'JS',
    row.chunk.size > BUDGET.routeChunk && 'route chunk',
    row.css > BUDGET.css && 'CSS',
    row.admin.length > 0 && 'back-office code',
  ].filter(Boolean);
  return row;
}

let failed;
try {
  const data = await makeCustomer(origin);
  let screens = customerScreens(data);
  if (onlyRoutes.length) screens = screens.filter((s) => onlyRoutes.includes(s.url.split('?')[0]) || onlyRoutes.includes(s.name));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const rows = [];
  // Two screens at a time: sizes do not depend on timing, and CI time does.
  const queue = [...screens];
  await Promise.all([0, 1].map(async () => {
    for (let screen = queue.shift(); screen; screen = queue.shift()) rows.push(await measure(browser, screen, data));
  }));
  await browser.close();
  rows.sort((a, b) => screens.indexOf(screens.find((s) => s.name === a.name)) - screens.indexOf(screens.find((s) => s.name === b.name)));

  console.log(`\nJavaScript and CSS before each screen settles, KB gzip (brotli: what chromium took). Budgets: JS /home ≤ ${kb(BUDGET.home)},`);
  console.log(`other screens ≤ ${kb(BUDGET.screen)}; a route's own chunk ≤ ${kb(BUDGET.routeChunk)}; CSS ≤ ${kb(BUDGET.css)}.\n`);
  const header = ['screen', 'who', 'files', 'JS gz', 'JS br', 'budget', 'own chunk', 'gz', 'CSS gz', ''];
  const table = rows.map((r) => [
    r.url.split('?')[0] + (r.landed !== r.url.split('?')[0] ? ` → ${r.landed}` : ''),
    r.loggedIn ? 'in' : 'out',
    String(r.scripts),
    kb(r.js),
    kb(r.jsBr),
    kb(r.jsBudget),
    r.chunk.name,
    kb(r.chunk.size),
    kb(r.css),
    r.over.length
      ? `OVER: ${r.over.join(', ')}${r.admin.length ? ` (${r.admin.join(', ')})` : ''}`
      : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  const numeric = new Set([2, 3, 4, 5, 7, 8]);
  const line = (cells) => cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(line(header));
  for (const t of table) console.log(line(t));
  const over = rows.filter((r) => r.over.length);
  failed = over.length > 0;
  const worst = rows.filter((r) => r.url !== '/home').reduce((a, b) => (b.js > a.js ? b : a), rows[0]);
  console.log(`\n${rows.length} screens; heaviest besides /home: ${worst.url.split('?')[0]} ${kb(worst.js)} KB; ${over.length ? `${over.length} over budget` : 'all within budget'}.`);
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
