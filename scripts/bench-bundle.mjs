#!/usr/bin/env node
// The JavaScript budgets (docs/PERFORMANCE.md): opens every customer screen of a production build in Debian's
// chromium at 390×844, logged out (welcome and sign-in screens) and logged in (a customer signed up
// through the API, with bank details and a gift-card sale so the screens needing data have it), and
// adds up what the browser really downloads before the screen settles (drawn, then no request for 1 s):
// every script and stylesheet, weighed as sent gzip (the server's precompressed .gz; brotli, what
// chromium actually takes, is printed beside it). Prints the table and exits 1 when a budget
// (support/bundle-budget.mjs) is exceeded. CI weighs the same screens on the accessibility walk
// (e2e/accessibility.spec.ts); this walk is the one to run alone, or on one screen.
// Service workers are blocked: a worker's precache is a background download after the screen is
// in use, not part of what a screen needs (its registration code, when the page imports it before
// settling, is counted like any script).
//
// Usage: npm run budget                       builds into a temporary folder, then measures
//        WEB_DIST=/path/to/dist npm run budget   measures that build (built with its .vite/manifest.json)
//        node scripts/bench-bundle.mjs /login /home   only these screens (BUDGET_VERBOSE=1 lists the files)
// BUDGET_PORT chooses the server's port (default: a free one); BUDGET_URL measures a server already
// running in development mode (the dev outbox) on WEB_DIST instead of starting one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { assetOf, budgetReport, QUIET_MS, readBuild, weigh } from './support/bundle-budget.mjs';
import { CHROMIUM_FLAGS, makeCustomer, root, startServer, webDist } from './support/customer-server.mjs';
import { TEST_BROWSER_PATH } from './support/test-browser.mjs';

const onlyRoutes = process.argv.slice(2);
let build;
try {
  build = readBuild(webDist());
} catch (error) {
  console.error(`${error.message}, or leave WEB_DIST unset`);
  process.exit(2);
}
const { dist } = build;

const server = await startServer(dist, { url: process.env.BUDGET_URL, port: process.env.BUDGET_PORT && Number(process.env.BUDGET_PORT) });
const { origin } = server;

/** Every customer route (apps/web/src/config/paths.ts), each with the data it needs. */
function customerScreens(data) {
  const source = readFileSync(path.join(root, 'apps/web/src/config/paths.ts'), 'utf8');
  const block = source.slice(source.indexOf('export const paths'), source.indexOf('} as const'));
  const loggedOut = new Set([
    'splash',
    'home',
    'login',
    'loginPassword',
    'createAccount',
    'createAccountOtp',
    'createAccountSuccess',
    'passwordReset',
    'passwordResetEmail',
    'passwordResetNew',
    'passwordResetSuccess',
    'rates',
  ]);
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
  // The live-update stream (GET /api/events) stays open for as long as the app does: never "in flight".
  const isLiveStream = (request) => new URL(request.url()).pathname === '/api/events';
  const settle = (request) => {
    if (isLiveStream(request)) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    if (isLiveStream(request)) return;
    inFlight += 1;
    lastActivity = Date.now();
    const file = assetOf(origin, request.url());
    if (file) files.add(file);
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
    const drawn = await page.evaluate(
      () => Boolean(globalThis.document.getElementById('root')?.childElementCount) && !globalThis.document.querySelector('.route-progress'),
    );
    if (drawn && inFlight <= 0 && Date.now() - lastActivity >= QUIET_MS) break;
    if (Date.now() - started > 60_000) throw new Error(`${screen.url} did not settle within 60 s`);
  }
  const landed = new URL(page.url()).pathname;
  await context.close();

  return weigh(build, { ...screen, landed }, files);
}

let failed;
try {
  const data = await makeCustomer(origin);
  let screens = customerScreens(data);
  if (onlyRoutes.length) screens = screens.filter((s) => onlyRoutes.includes(s.url.split('?')[0]) || onlyRoutes.includes(s.name));
  const browser = await chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    args: CHROMIUM_FLAGS,
  });
  const rows = [];
  // Two screens at a time: sizes do not depend on timing, and CI time does.
  const queue = [...screens];
  await Promise.all(
    [0, 1].map(async () => {
      for (let screen = queue.shift(); screen; screen = queue.shift()) rows.push(await measure(browser, screen, data));
    }),
  );
  await browser.close();
  rows.sort((a, b) => screens.indexOf(screens.find((s) => s.name === a.name)) - screens.indexOf(screens.find((s) => s.name === b.name)));

  console.log(`\n${budgetReport(rows)}`);
  failed = rows.some((r) => r.over.length > 0);
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
