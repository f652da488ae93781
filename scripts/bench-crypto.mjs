#!/usr/bin/env node
// Measures a crypto deposit's last required confirmation → the sale paid, on the sandbox chain and
// the payout sandbox (docs/crypto-settlement.md, "How fast": goal ≤ 30 s each). Starts the app as
// server.ts does — HTTP server, durable job worker with the lanes, the chain watch jobs, the
// payouts, market-data and e-mail jobs — on a fresh embedded database (or --postgres), makes N
// customers through the API (sign-up, OTP, login, bank details, Tier 1 with the identity sandbox's
// own-number BVN, a USDT quote, their TRON deposit address), then sends N deposits at once through
// POST /api/dev/chain/send and waits for every sale to be paid.
//
// The start of each time is when the sandbox chain mined the block that gave the deposit its
// required confirmations: block `block_number + required_confirmations − 1`, whose time the sandbox
// derives from its tip (`sandbox_chain_tips`: block h was mined at mined_at − (height − h) ×
// SANDBOX_CHAIN_BLOCK_MS, as its watchers report block times). The end is `sales.paid_at`. So each
// time holds the watch loop's wait for its next run, the re-verification, the sale and the
// system's approval, the payout lane's send and the payout sandbox's delay (PAYOUT_SANDBOX_DELAY_MS).
// `chain_deposits.confirmed_at` (when the loop saw it) is printed beside it, to show the split.
// It also checks that nobody signed in to the back office: every sale decided by the system
// approver, the audit log's `sale.auto_approve` by it, and no staff session at all.
//
// Usage: npm run bench:crypto [-- --deposits 50 --amount 15 --postgres postgres://postgres@127.0.0.1:5432/postgres]
//   --postgres: run on PostgreSQL instead, in a scratch database created and dropped on that server.
//   The settings' defaults are kept (CRYPTO_WATCH_INTERVAL_MS 5000, SANDBOX_CHAIN_BLOCK_MS 1000,
//   20 confirmations on TRON); set them in the environment to try others.
// Runs under tsx (the package script does `node --import tsx`) because it imports the server's
// TypeScript directly: PGlite is one process, so the bench and the app must share it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createAppJobWorker, jobLanes } from '../apps/server/src/app-jobs.ts';
import { listenForJobs } from '../apps/server/src/jobs/wake.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createRateLimiter } from '../apps/server/src/lib/rate-limiter.ts';
import { createProviders } from '../apps/server/src/providers/index.ts';
import { createChainWatchers } from '../apps/server/src/providers/chains/index.ts';
import { marketSettings } from '../apps/server/src/domain/crypto/market-cache.ts';
import { marketDataJobs } from '../apps/server/src/domain/crypto/jobs.ts';
import { addressDeriversFromConfig, depositPolicyOf, depositWatchJobs } from '../apps/server/src/domain/crypto-deposits/index.ts';
import { metricsObserver } from '../apps/server/src/domain/crypto-deposits/metrics.ts';
import { emailJobs } from '../apps/server/src/domain/notifications/email.ts';
import { payoutJobs } from '../apps/server/src/domain/payouts/jobs.ts';
import { payoutSettings } from '../apps/server/src/domain/payouts/settings.ts';

const { values: args } = parseArgs({
  options: {
    deposits: { type: 'string', default: '50' },
    // USDT each: 50 × 15 USDT stays inside the default daily automatic total (₦2,000,000).
    amount: { type: 'string', default: '15' },
    postgres: { type: 'string' },
  },
});
const DEPOSITS = Number(args.deposits);
const AMOUNT = args.amount;
const GOAL_MS = 30_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'wise-bench-crypto-'));
/** A scratch database on the given server, dropped at the end. */
let scratch;
if (args.postgres) {
  const name = `wise_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(args.postgres);
  url.pathname = `/${name}`;
  scratch = { name, url: url.toString() };
}
const databaseUrl = scratch?.url;
const passThrough = [
  'CRYPTO_WATCH_INTERVAL_MS',
  'SANDBOX_CHAIN_BLOCK_MS',
  'CRYPTO_CONFIRMATIONS_TRON',
  'PAYOUT_SANDBOX_DELAY_MS',
  'AUTO_APPROVAL_LIMIT_NAIRA',
  'AUTO_APPROVAL_DAILY_LIMIT_NAIRA',
];
const config = loadConfig({
  PATH: process.env.PATH,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MULTIPLIER: '1000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...Object.fromEntries(passThrough.filter((key) => process.env[key]).map((key) => [key, process.env[key]])),
});
if (!config.sandboxChain) throw new Error('the bench runs on the sandbox chain only');

const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await migrate(database);
const limiter = createRateLimiter(undefined);
const providers = createProviders(config, database.db);
if (providers.payouts.name !== 'sandbox') throw new Error('the bench runs on the payout sandbox only');
const chainWatchers = createChainWatchers(config, database.db, systemClock);
const app = await buildApp(
  { chainWatchers, addressDerivers: addressDeriversFromConfig(config), config, database, ...providers, limiter, clock: systemClock },
  { logger: { level: 'warn' }, serveWeb: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
// The job sets server.ts runs that play a part here, with its worker options and lanes.
const worker = createAppJobWorker(
  database.db,
  {
    clock: systemClock,
    logger: app.log,
    concurrency: config.JOB_CONCURRENCY,
    timeoutMs: config.JOB_TIMEOUT_S * 1000,
    lanes: jobLanes(config),
  },
  [
    marketDataJobs(providers.marketData, marketSettings(config)),
    emailJobs(providers.messenger),
    payoutJobs({ clock: systemClock, provider: providers.payouts, settings: payoutSettings(config), appUrl: config.appUrl }),
    depositWatchJobs({
      clock: systemClock,
      watchers: chainWatchers,
      policy: depositPolicyOf(config),
      quotes: {
        provider: providers.marketData,
        clock: systemClock,
        settings: marketSettings(config),
        quoteTtlMs: config.CRYPTO_QUOTE_TTL_S * 1000,
      },
      observer: metricsObserver(),
      appUrl: config.appUrl,
    }),
  ],
);
worker.start();
// As server.ts does on PostgreSQL: the notification at commit wakes the worker.
const jobsListener = config.DATABASE_URL ? await listenForJobs(config.DATABASE_URL, (runAt) => worker.wakeUp(runAt), app.log) : undefined;

const inject = async (options) => {
  const response = await app.inject(options);
  if (response.statusCode >= 400) throw new Error(`${options.method} ${options.url} → ${response.statusCode} ${response.body}`);
  return response;
};

/** A Tier 1 customer with bank details, a USDT quote and their TRON deposit address. */
async function customer(i) {
  const tag = `${randomBytes(4).toString('hex')}${i}`;
  const form = {
    full_name: 'Bench Seller',
    username: `bench${tag}`.slice(0, 20),
    email: `bench${tag}@wisetest.com`,
    phone: `+23481${String(10_000_000 + i * 7919 + Math.floor(Math.random() * 1e6)).slice(0, 8)}`,
    password: 'correct horse 1',
  };
  await inject({ method: 'POST', url: '/api/auth/signup', payload: form });
  const otp = providers.outbox
    .list()
    .find((m) => m.to === form.email)
    ?.text.match(/\b(\d{4})\b/)?.[1];
  await inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email: form.email, otp } });
  const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email_or_phone: form.email, password: form.password } });
  const cookie = `wise_session=${login.cookies.find((c) => c.name === 'wise_session').value}`;
  const as = { cookie };
  await inject({
    method: 'PUT',
    url: '/api/bank',
    payload: { bank_code: '058', bank_account: '0123456789', password: form.password },
    headers: as,
  });
  // Tier 1, which automatic approval needs: the identity sandbox's own-number BVN (docs/sandbox.md).
  await inject({ method: 'PUT', url: '/api/profile/date-of-birth', payload: { date_of_birth: '1993-05-17' }, headers: as });
  await inject({ method: 'POST', url: '/api/profile/verification/number', payload: { kind: 'bvn', number: '22222222222' }, headers: as });
  await inject({ method: 'POST', url: '/api/crypto/quotes', payload: { coin: 'usdt', amount: AMOUNT }, headers: as });
  const address = (await inject({ method: 'GET', url: '/api/crypto/deposit-address?coin=usdt&network=tron', headers: as })).json()
    .deposit_address;
  if (address.kind !== 'address') throw new Error(`expected an address of their own, got ${JSON.stringify(address)}`);
  return address.address;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const median = (sorted) =>
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

let exitCode = 0;
try {
  console.log(
    `bench:crypto — ${DEPOSITS} deposits of ${AMOUNT} USDT on TRON at once, ${database.kind}; block every ${config.SANDBOX_CHAIN_BLOCK_MS} ms, ` +
      `watch every ${config.CRYPTO_WATCH_INTERVAL_MS} ms, ${config.CRYPTO_CONFIRMATIONS_TRON} confirmations, payout sandbox delay ${config.PAYOUT_SANDBOX_DELAY_MS} ms`,
  );
  const addresses = [];
  for (let i = 0; i < DEPOSITS; i += 1) addresses.push(await customer(i));
  console.log(`${DEPOSITS} Tier 1 customers with bank details, a quote and a TRON address; sending…`);

  const sent = await Promise.all(
    addresses.map(
      async (to) =>
        (await inject({ method: 'POST', url: '/api/dev/chain/send', payload: { network: 'tron', to, amount: AMOUNT } })).json().txid,
    ),
  );
  const started = Date.now();
  const deadline = started + 10 * 60_000;
  let rows = [];
  for (;;) {
    rows = await database.query(
      `SELECT d.txid, d.status AS deposit, d.review_reason, s.status AS sale
         FROM chain_deposits d LEFT JOIN sales s ON s.id = d.sale_id WHERE d.txid = ANY($1::text[])`,
      [sent],
    );
    const stuck = rows.filter(
      (r) => ['review', 'held', 'dropped'].includes(r.deposit) || (r.sale && r.sale !== 'approved' && r.sale !== 'paid'),
    );
    if (stuck.length > 0) throw new Error(`not clean: ${JSON.stringify(stuck.slice(0, 5))}`);
    if (rows.length === DEPOSITS && rows.every((r) => r.sale === 'paid')) break;
    if (Date.now() > deadline)
      throw new Error(`${DEPOSITS - rows.filter((r) => r.sale === 'paid').length} deposits still unpaid after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const timed = await database.query(
    `SELECT d.txid,
            extract(epoch FROM (s.paid_at - (t.mined_at - (t.height - (d.block_number + d.required_confirmations - 1)) * $2 * interval '1 millisecond'))) * 1000 AS ms,
            extract(epoch FROM (d.confirmed_at - (t.mined_at - (t.height - (d.block_number + d.required_confirmations - 1)) * $2 * interval '1 millisecond'))) * 1000 AS seen_ms,
            st.system, st.email AS approver
       FROM chain_deposits d
       JOIN sales s ON s.id = d.sale_id
       JOIN staff st ON st.id = s.decided_by
       JOIN sandbox_chain_tips t ON t.network = d.network
      WHERE d.txid = ANY($1::text[])
      ORDER BY ms`,
    [sent, config.SANDBOX_CHAIN_BLOCK_MS],
  );
  console.log('');
  console.log('per deposit, last required confirmation → paid (the loop saw the confirmation after):');
  for (const row of timed)
    console.log(`  ${row.txid.slice(0, 12)}…  ${seconds(Number(row.ms)).padStart(8)}   (seen ${seconds(Number(row.seen_ms))})`);
  const times = timed.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const seen = timed.map((r) => Number(r.seen_ms)).sort((a, b) => a - b);
  console.log('');
  console.log(`last required confirmation → paid over ${times.length} deposits:`);
  console.log(
    `  median ${seconds(median(times))}   p95 ${seconds(percentile(times, 95))}   max ${seconds(times.at(-1))}   min ${seconds(times[0])}`,
  );
  console.log(`  of which confirmation → seen by the watch loop: median ${seconds(median(seen))}, max ${seconds(seen.at(-1))}`);
  console.log(`  all ${times.length} paid ${seconds(Date.now() - started)} after the sends`);

  // Nobody signed in to the back office: the system approver decided every one, and no staff session exists.
  const [sessions] = await database.query('SELECT count(*)::int AS n FROM staff_sessions');
  const [audit] = await database.query(
    `SELECT count(*)::int AS n FROM staff_audit_log a JOIN staff st ON st.id = a.staff_id
      WHERE a.action = 'sale.auto_approve' AND st.system`,
  );
  const bySystem = timed.filter((r) => r.system).length;
  const approvers = [...new Set(timed.map((r) => r.approver))];
  const nobody = bySystem === DEPOSITS && sessions.n === 0 && audit.n === DEPOSITS;
  console.log(
    `  approvals: ${bySystem} of ${DEPOSITS} by the system approver (${approvers.join(', ')}), ${audit.n} sale.auto_approve in the audit log, ${sessions.n} staff sessions — ${nobody ? 'nobody signed in' : 'NOT all by the system'}`,
  );
  const ok = times.at(-1) <= GOAL_MS;
  console.log(`  goal: each ≤ ${GOAL_MS / 1000} s — ${ok ? 'met' : 'NOT met'} (max ${seconds(times.at(-1))})`);
  if (!ok || !nobody) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await jobsListener?.close();
  await worker.stop();
  await app.close();
  await limiter.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (scratch) {
    const admin = new pg.Client({ connectionString: args.postgres });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
    await admin.end();
  }
}
process.exit(exitCode);
