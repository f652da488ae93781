#!/usr/bin/env node
// Lighthouse mobile (docs/PERFORMANCE.md) on the key screens of a production build: /home, /login,
// /createaccount, the logged-in /homepage and the gift-card sell screen. Lighthouse 12's default
// mobile settings (Moto G Power, simulated slow 4G, 4× CPU slowdown), Debian's chromium, the real
// server serving the precompressed build. Each screen is run twice in a fresh browser profile and
// the better run counts (a busy CPU lowers scores, it never raises them); a run ending in a
// runtimeError (e.g. NO_NAVSTART) is retried. Prints scores and LCP/TBT/CLS per screen and exits 1
// when a screen is below a goal: performance ≥ 95, accessibility 100, best practices ≥ 95, CLS 0.
//
// Usage: npm run lighthouse                       builds into a temporary folder, then measures
//        WEB_DIST=/path/to/dist npm run lighthouse   measures that build
//        node scripts/lighthouse.mjs /login          only these screens
// LIGHTHOUSE_RUNS (default 2) runs per screen, LIGHTHOUSE_MAX_RUNS more for a screen still below a
// goal (CI: 4); LIGHTHOUSE_URL reuses a running development server;
// LIGHTHOUSE_REPORTS=<folder> keeps each screen's best report (JSON).
// LIGHTHOUSE_PERF_FLOOR=<score> (CI: 50): a performance score under the goal but at or above this
// is printed as below the goal without failing. The score depends on the host as much as on the
// build: the same build scored 96 on /homepage on one machine and 75-88 on another, with the
// server of an earlier commit scoring the same (docs/PERFORMANCE.md, "Lighthouse"). Accessibility,
// best practices and CLS do not move with the host and always fail below their goals; the bytes a
// screen downloads are held by the budget check (npm run budget, and the accessibility walk in npm test), which does not move either.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, makeCustomer, startServer, webDist } from './support/customer-server.mjs';

const GOALS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const PERF_FLOOR = Number(process.env.LIGHTHOUSE_PERF_FLOOR ?? GOALS.performance);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 2);
/** CI: a screen whose best run is still below a goal gets more runs, up to this many. */
const MAX_RUNS = Math.max(RUNS, Number(process.env.LIGHTHOUSE_MAX_RUNS ?? RUNS));
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2);

/**
 * One Lighthouse run in a fresh profile. A logged-in screen first gets the session cookie and the
 * app's local-storage keys from a page that loads no app code (/readyz), so the cache stays cold;
 * Lighthouse's storage reset is then turned off, or it would log the customer out again.
 */
async function runOnce(url, session) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
  try {
    if (session) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      const origin = new URL(url).origin;
      const [name, value] = session.cookie.split('=');
      await browser.setCookie({ name, value, domain: new URL(url).hostname, path: '/', httpOnly: true, sameSite: 'Lax' });
      await page.goto(`${origin}/readyz`);
      await page.evaluate((keys) => {
        for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value);
      }, session.localStorage);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(GOALS),
      disableStorageReset: Boolean(session),
    });
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lhr,
    error: lhr.runtimeError?.code,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    js: (lhr.audits['resource-summary']?.details?.items ?? []).find((i) => i.resourceType === 'script')?.transferSize ?? NaN,
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          ['accessibility', 'best-practices'].some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)),
      )
      .map((a) => a.id),
  };
}

/** How far a run is from the goals (lower is better), to pick the better of two. */
const shortfall = (r) =>
  Object.entries(GOALS).reduce((sum, [id, goal]) => sum + Math.max(0, goal - r[id]), 0) * 1000 + (r.cls > 0 ? 500 : 0) - r.performance;

if (process.env.LIGHTHOUSE_REPORTS) mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
const dist = webDist();
const server = await startServer(dist, {
  url: process.env.LIGHTHOUSE_URL,
  port: process.env.LIGHTHOUSE_PORT && Number(process.env.LIGHTHOUSE_PORT),
});
let failed = false;
try {
  const session = await makeCustomer(server.origin);
  let screens = [
    { path: '/home' },
    { path: '/login' },
    { path: '/createaccount' },
    { path: '/homepage', session },
    { path: `/sellgiftcards/giftcardscatalogue/${session.card}`, session, label: '/sellgiftcards/giftcardscatalogue/:card' },
  ];
  if (only.length) screens = screens.filter((s) => only.some((o) => s.path.startsWith(o)));
  const rows = [];
  for (const screen of screens) {
    const runs = [];
    const meetsGoals = (r) => Object.entries(GOALS).every(([id, goal]) => r[id] >= goal) && r.cls === 0;
    const enough = () => runs.length >= MAX_RUNS || (runs.length >= RUNS && runs.some(meetsGoals));
    for (let attempt = 0; !enough() && attempt < MAX_RUNS + 3; attempt += 1) {
      const run = summarize(await runOnce(`${server.origin}${screen.path}`, screen.session));
      if (run.error) {
        console.log(`${screen.path}: runtimeError ${run.error}, running again`);
        continue;
      }
      runs.push(run);
    }
    if (runs.length === 0) throw new Error(`${screen.path}: every Lighthouse run failed`);
    const best = runs.reduce((a, b) => (shortfall(b) < shortfall(a) ? b : a));
    if (process.env.LIGHTHOUSE_REPORTS) {
      const file = path.join(process.env.LIGHTHOUSE_REPORTS, `${screen.path.replace(/\W+/g, '_')}.json`);
      writeFileSync(file, JSON.stringify(best.lhr));
    }
    const misses = [
      ...Object.entries(GOALS)
        .filter(([id, goal]) => best[id] < goal)
        .map(([id]) => id),
      ...(best.cls > 0 ? ['CLS'] : []),
    ];
    // Below the performance goal but not under the floor: reported, not failed (LIGHTHOUSE_PERF_FLOOR).
    failed ||= misses.some((m) => m !== 'performance') || best.performance < PERF_FLOOR;
    rows.push({ screen: screen.label ?? screen.path, best, runs, misses });
    console.log(
      `${screen.label ?? screen.path}: runs ${runs.map((r) => `${r.performance}/${r.accessibility}/${r['best-practices']}`).join(', ')}`,
    );
  }

  const upTo = MAX_RUNS > RUNS ? ` (up to ${MAX_RUNS} for a screen below a goal)` : '';
  console.log(
    `\nLighthouse 12 mobile (default throttling), best of ${RUNS} runs${upTo}. Goals: performance ≥ 95, accessibility 100, best practices ≥ 95, CLS 0.${
      PERF_FLOOR < GOALS.performance ? ` A performance score from ${PERF_FLOOR} up is reported, not failed.` : ''
    }\n`,
  );
  const header = ['screen', 'perf', 'a11y', 'best pr.', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'JS KB', ''];
  const table = rows.map(({ screen, best, misses }) => [
    screen,
    String(best.performance),
    String(best.accessibility),
    String(best['best-practices']),
    best.lcp.toFixed(0),
    best.tbt.toFixed(0),
    best.cls.toFixed(3),
    best.fcp.toFixed(0),
    (best.js / 1024).toFixed(1),
    misses.length
      ? `BELOW: ${misses.join(', ')}${best.failing.length ? ` (${best.failing.join(', ')})` : ''}${
          misses.length === 1 && misses[0] === 'performance' && best.performance >= PERF_FLOOR ? ` (not failing: floor ${PERF_FLOOR})` : ''
        }`
      : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i > 0 && i < 9 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const t of table) console.log(line(t));
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
