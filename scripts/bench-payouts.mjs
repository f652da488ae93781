#!/usr/bin/env node
// Measures approval → paid in the payout sandbox (domain/payouts/README.md: median under 60 s): starts the app as
// server.ts does — HTTP server, durable job worker with the payouts and e-mail jobs, sandbox
// payouts with the default PAYOUT_SANDBOX_DELAY_MS — on a fresh embedded database (or
// --postgres), sells N gift cards through the API, approves them the way the back office does
// (sale approved + startPayout in one transaction), and prints the median and worst time from the
// approval to the sale being paid (paid_at − decided_at, both written by the app's clock).
// Usage: npm run bench:payouts [-- --sales 50 --spacing-ms 0 --postgres postgres://postgres@127.0.0.1:5432/postgres --poll-only --json out.json]
//   --spacing-ms: pause between approvals (0 = all 50 approved in one burst, the worst case).
//   --postgres: run on PostgreSQL instead, in a scratch database created and dropped on that server.
// Runs under tsx (the package script does `node --import tsx`) because it imports the server's
// TypeScript directly: PGlite is one process, so the approvals must come from the same one.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createAppJobWorker } from '../apps/server/src/app-jobs.ts';
import { listenForJobs } from '../apps/server/src/jobs/wake.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createRateLimiter } from '../apps/server/src/lib/rate-limiter.ts';
import { createProviders } from '../apps/server/src/providers/index.ts';
import { emailJobs } from '../apps/server/src/domain/notifications/email.ts';
import { payoutJobs } from '../apps/server/src/domain/payouts/jobs.ts';
import { payoutSettings } from '../apps/server/src/domain/payouts/settings.ts';
import { startPayout } from '../apps/server/src/domain/payouts/payouts.ts';

const { values: args } = parseArgs({
  options: {
    sales: { type: 'string', default: '50' },
    'spacing-ms': { type: 'string', default: '0' },
    customers: { type: 'string', default: '5' },
    postgres: { type: 'string' },
    // The workers' fallback alone: no wake-up on enqueue, only the poll (to compare).
    'poll-only': { type: 'boolean', default: false },
    // The figures for another script (npm run bench prints them as a row of its table).
    json: { type: 'string' },
  },
});
const SALES = Number(args.sales);
const SPACING_MS = Number(args['spacing-ms']);
const CUSTOMERS = Math.min(SALES, Number(args.customers));
const GOAL_MS = 60_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'wise-bench-payouts-'));
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
const config = loadConfig({
  PATH: process.env.PATH,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MULTIPLIER: '1000',
  // Each of the few customers sells far more in a burst than a new customer's daily payout limit
  // allows (docs/features.md, "Verification tiers and limits"); the limits are not what is measured here.
  TIER0_DAILY_PAYOUT_NAIRA: '1000000000',
  TIER0_TOTAL_PAYOUT_NAIRA: '1000000000',
  TIER1_DAILY_PAYOUT_NAIRA: '2000000000',
  TIER2_DAILY_PAYOUT_NAIRA: '3000000000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...(process.env.PAYOUT_SANDBOX_DELAY_MS ? { PAYOUT_SANDBOX_DELAY_MS: process.env.PAYOUT_SANDBOX_DELAY_MS } : {}),
});

const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await migrate(database);
const limiter = createRateLimiter(undefined);
const providers = createProviders(config, database.db);
if (providers.payouts.name !== 'sandbox') throw new Error('the bench runs on the payout sandbox only');
const app = await buildApp({ config, database, ...providers, limiter, clock: systemClock }, { logger: { level: 'warn' }, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
// The job sets server.ts runs (market data and bills left out: they play no part here), with its worker options.
const worker = createAppJobWorker(
  database.db,
  { clock: systemClock, logger: app.log, wakeOnEnqueue: !args['poll-only'], concurrency: config.JOB_CONCURRENCY },
  [
    emailJobs(providers.messenger),
    payoutJobs({ clock: systemClock, provider: providers.payouts, settings: payoutSettings(config), appUrl: config.appUrl }),
  ],
);
worker.start();
// As server.ts does on PostgreSQL: the notification at commit wakes the worker.
const jobsListener =
  config.DATABASE_URL && !args['poll-only']
    ? await listenForJobs(config.DATABASE_URL, (runAt) => worker.wakeUp(runAt), app.log)
    : undefined;

const inject = async (options) => {
  const response = await app.inject(options);
  if (response.statusCode >= 400) throw new Error(`${options.method} ${options.url} → ${response.statusCode} ${response.body}`);
  return response;
};

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
  await inject({
    method: 'PUT',
    url: '/api/bank',
    payload: { bank_code: '058', bank_account: '0123456789', password: form.password },
    headers: { cookie },
  });
  return cookie;
}

async function sell(cookie, seed) {
  const card = (await inject({ method: 'GET', url: '/api/giftcards/amazon', headers: { cookie } })).json();
  const sub = card.subcategories[0];
  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: seed % 256, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fields = { subcategory_id: sub.id, amount: '50', expected_rate: sub.exchange_rate };
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const response = await inject({
    method: 'POST',
    url: '/api/giftcards/sales',
    payload: Buffer.concat(parts),
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': `bench-${randomBytes(10).toString('hex')}`,
    },
  });
  return response.json().sale.id;
}

/** What the review code does on approval: the decision and the payout's start, one transaction. */
async function approve(saleId, staffId) {
  await database.db.transaction(async (tx) => {
    const at = systemClock.now().toISOString();
    await tx.execute(sql`UPDATE sales SET status = 'under_review', status_changed_at = ${at}::timestamptz WHERE id = ${saleId}`);
    await tx.execute(
      sql`UPDATE sales SET status = 'approved', status_changed_at = ${at}::timestamptz, decided_at = ${at}::timestamptz, decided_by = ${staffId}, payout_amount_kobo = value_kobo WHERE id = ${saleId}`,
    );
    await startPayout(tx, systemClock, { saleId, staffId });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const median = (sorted) =>
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

let exitCode = 0;
try {
  console.log(
    `bench:payouts — ${SALES} sales, sandbox delay ${config.PAYOUT_SANDBOX_DELAY_MS} ms, ${database.kind}, approvals ${SPACING_MS ? `every ${SPACING_MS} ms` : 'in one burst'}`,
  );
  const [staff] = await database.query(
    `INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at) VALUES ($1, 'Bench Reviewer', 'reviewer', 'x', false, now(), now()) RETURNING id`,
    [`bench-${randomBytes(4).toString('hex')}@wise.test`],
  );
  const cookies = [];
  for (let i = 0; i < CUSTOMERS; i += 1) cookies.push(await customer(i));
  const saleIds = [];
  for (let i = 0; i < SALES; i += 1) saleIds.push(await sell(cookies[i % cookies.length], i));
  console.log(`${SALES} sales submitted by ${CUSTOMERS} customers; approving…`);

  const started = Date.now();
  for (const id of saleIds) {
    await approve(id, staff.id);
    if (SPACING_MS) await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
  }
  const deadline = Date.now() + 10 * 60_000;
  let rows = [];
  for (;;) {
    rows = await database.query(
      `SELECT s.id, s.status, extract(epoch FROM (s.paid_at - s.decided_at)) * 1000 AS ms FROM sales s WHERE s.id = ANY($1::uuid[])`,
      [saleIds],
    );
    if (rows.every((r) => r.status === 'paid')) break;
    if (Date.now() > deadline) throw new Error(`${rows.filter((r) => r.status !== 'paid').length} sales still unpaid after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const times = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const transfers = await database.query(
    `SELECT count(*)::int AS n, count(DISTINCT sale_id)::int AS sales FROM payouts WHERE sale_id = ANY($1::uuid[])`,
    [saleIds],
  );
  console.log('');
  console.log(`approval → paid over ${times.length} sales (sandbox, PAYOUT_SANDBOX_DELAY_MS=${config.PAYOUT_SANDBOX_DELAY_MS}):`);
  console.log(
    `  median ${seconds(median(times))}   p90 ${seconds(percentile(times, 90))}   worst ${seconds(times.at(-1))}   best ${seconds(times[0])}`,
  );
  console.log(
    `  all ${times.length} paid ${seconds(Date.now() - started)} after the first approval; ${transfers[0].n} payout attempts for ${transfers[0].sales} sales`,
  );
  // What the app adds to the provider's own time (the sandbox answers after its delay).
  console.log(
    `  above the provider's own ${seconds(config.PAYOUT_SANDBOX_DELAY_MS)}: median ${Math.round(median(times) - config.PAYOUT_SANDBOX_DELAY_MS)} ms`,
  );
  // The two halves of what the app adds: from the approval to the transfer at the provider (the
  // sandbox records it), and from the provider's answer (its delay after that) to the sale paid.
  const phases = await database.query(
    `SELECT extract(epoch FROM (t.created_at - s.decided_at)) * 1000 AS send_ms,
            extract(epoch FROM (s.paid_at - t.created_at)) * 1000 - $2 AS settle_ms
       FROM sales s JOIN payouts p ON p.sale_id = s.id AND p.status = 'success' JOIN payout_sandbox_transfers t ON t.reference = p.reference
      WHERE s.id = ANY($1::uuid[])`,
    [saleIds, config.PAYOUT_SANDBOX_DELAY_MS],
  );
  const phase = (key) => Math.round(median(phases.map((r) => Number(r[key])).sort((a, b) => a - b)));
  if (phases.length > 0)
    console.log(
      `  of which: approval → transfer at the provider median ${phase('send_ms')} ms; provider's answer → sale paid median ${phase('settle_ms')} ms`,
    );
  if (args.json) {
    const figures = {
      engine: database.kind,
      sales: times.length,
      providerMs: config.PAYOUT_SANDBOX_DELAY_MS,
      medianMs: median(times),
      p90Ms: percentile(times, 90),
      worstMs: times.at(-1),
      sendMs: phases.length ? phase('send_ms') : null,
      settleMs: phases.length ? phase('settle_ms') : null,
    };
    writeFileSync(args.json, `${JSON.stringify(figures)}\n`);
  }
  const ok = median(times) < GOAL_MS;
  console.log(`  goal: median under ${GOAL_MS / 1000} s — ${ok ? 'met' : 'NOT met'}`);
  if (!ok) exitCode = 1;
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
