import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_BROWSER_PATH } from './scripts/support/test-browser.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/wise-e2e-${process.pid}`;
// One database per run, named once here: workers inherit the variable, so journeys that reach the
// data layer through the domain (e2e/support/database.ts) talk to the server's own database.
process.env.E2E_DATABASE_URL ??= `${process.env.TEST_POSTGRES_URL?.replace(/\/[^/]*$/, '') ?? 'postgres://postgres@127.0.0.1:5432'}/wise_e2e_${process.pid}`;

/**
 * Journeys that make no sale, payout or claim and sign no staff member in: what the review desk's
 * journey counts cannot change while they run. A journey that sells or reviews must not be listed.
 */
const quietJourneys = new RegExp(
  `/(${[
    'account-profile',
    'auth-login',
    'auth-signup',
    'bills-airtime',
    'bills-data',
    'bills-electricity',
    'bills-tv',
    'data-rights',
    'failures-bills',
    'first-screen-data',
    'gem-statement',
    'gems-earn',
    'identity-verification',
    'keyboard',
    'landing',
    'language',
    'new-version',
    'otp-input',
    'passkeys',
    'password-reset',
    'payout-account',
    'pidgin',
    'pwa',
  ].join('|')})\\.spec\\.ts$`,
);

/** Journeys in Debian's Chromium (its headless shell) at a 390×844 phone viewport, against the built app and a fresh PostgreSQL database. */
export default defineConfig({
  testDir: 'e2e',
  // Per port: runs beside each other on one machine must not wipe each other's results.
  outputDir: `test-results/e2e-${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Journeys wait on the app's polling and the payout sandbox for about a fifth of their time: a
  // third worker fills those waits on two cores. (A fourth filled more of the idle time, 8-32 %
  // under vmstat with three, but a CI run's journeys took no less: docs/decisions.md §2.18.)
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    // Each journey is a fresh browser context, so with the service worker allowed every one of them
    // installed it and downloaded its whole precache (265 files) beside what it tested: 29 % of the
    // journeys' CPU (141 → 100 CPU-seconds for the same 22 journeys, docs/decisions.md §2.12).
    // e2e/pwa.spec.ts allows it and checks what it does; every other journey is a first visit.
    serviceWorkers: 'block',
    // Recording a trace (a screenshot and DOM snapshot at every step) costs about a quarter of the
    // journeys' CPU, so CI records one only when a journey is retried after a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: TEST_BROWSER_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  // The review desk's journey counts every sale waiting and clears the whole queue, so it runs
  // before any journey that sells or reviews. Journeys that do neither (`quiet`: no sale is made,
  // no staff member signs in) run beside it, so neither core waits for it.
  projects: [
    { name: 'desk', testMatch: /review-desk\.spec\.ts$/ },
    { name: 'quiet', testMatch: quietJourneys },
    { name: 'journeys', testIgnore: [/review-desk\.spec\.ts$/, quietJourneys], dependencies: ['desk'] },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/e2e-server.mjs`,
    url: `http://localhost:${PORT}/readyz`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      E2E_DATABASE_URL: process.env.E2E_DATABASE_URL,
      APP_URL: `http://localhost:${PORT}`,
      RATE_LIMIT_MULTIPLIER: '50',
      // The journeys sell and approve more than a new customer's payout limit allows (₦100,000 a day by
      // default); e2e/payout-limits.spec.ts brings its customer to this limit with a seeded sale.
      TIER0_DAILY_PAYOUT_NAIRA: '1000000000',
      TIER0_TOTAL_PAYOUT_NAIRA: '1000000000',
      TIER1_DAILY_PAYOUT_NAIRA: '2000000000',
      TIER2_DAILY_PAYOUT_NAIRA: '3000000000',
      LOG_LEVEL: 'warn',
      // The sandbox chain (docs/crypto-settlement.md) mines a block every 400 ms and the watch loop
      // reads it every second (its floor), so e2e/crypto-deposit.spec.ts sees TRON's 20
      // confirmations counted in seconds. Journeys that send nothing on it only see its jobs run.
      SANDBOX_CHAIN_BLOCK_MS: '400',
      CRYPTO_WATCH_INTERVAL_MS: '1000',
      // A build elsewhere than apps/web/dist (parallel work on one machine builds to its own folder).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
