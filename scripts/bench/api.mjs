#!/usr/bin/env node
// The API benchmark (docs/PERFORMANCE.md, `npm run bench`). For each engine (PostgreSQL in a scratch
// database, then the embedded PGlite in a fresh directory) it starts the real server process,
// makes a customer through the API (sign-up, OTP from the dev outbox, login), and loads with
// autocannon: the bare route /healthz, every customer data route with the customer's cookie, and
// POST /api/auth/login at 10 connections (ten customers, each logging in to their own account in
// turn). A bare Fastify hello-world from the same node_modules is measured first: /healthz is
// compared to it. Rate limits are lifted with RATE_LIMIT_MULTIPLIER. Login is compared to what
// argon2 allows: verifications with the app's parameters, one per core at once, are timed here
// (lib.mjs argon2Ceiling), as the server runs them (at most one per core). Then, per engine, the
// two end-to-end figures: approval → paid (scripts/bench-payouts.mjs) and, on PostgreSQL, paid →
// "Successful" on the customer's open screen (scripts/bench/paid-to-screen.mjs; builds the web app
// if needed).
// It prints one table per engine — every figure with its goal — then runs the scale benchmark
// (scripts/bench/scale.mjs) unless --no-scale.
//
// Usage: npm run bench [-- --duration 12 --warmup 2 --connections 50 --engines postgres,pglite
//          --postgres postgres://postgres@127.0.0.1:5432/postgres --port 4100 --tmp /tmp/wise-bench-
//          --only dashboard --json out.json --no-scale --no-login --no-e2e --payout-sales 20 --live-runs 3]
//   A quick look: npm run bench -- --duration 3 --warmup 1 --no-scale --no-e2e
//   One route: npm run bench -- --engines postgres --no-scale --no-e2e --no-login --duration 5 --warmup 1 --only balance
// The load generator runs on the same machine as the server (and PostgreSQL): figures are for
// this machine as a whole, and the ratios to the bare route are what compare across machines.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  argon2Ceiling,
  createCustomer,
  customerRoutes,
  fmt,
  freePort,
  measure,
  ROOT,
  rssMb,
  scratchDatabase,
  startHello,
  startWise,
  table,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '12' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    'login-connections': { type: 'string', default: '10' },
    engines: { type: 'string', default: 'postgres,pglite' },
    postgres: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string' },
    tmp: { type: 'string', default: '/tmp/wise-bench-' },
    only: { type: 'string' },
    json: { type: 'string' },
    'no-scale': { type: 'boolean', default: false },
    'no-login': { type: 'boolean', default: false },
    'no-e2e': { type: 'boolean', default: false },
    'payout-sales': { type: 'string', default: '20' },
    'live-runs': { type: 'string', default: '3' },
  },
});

const durationS = Number(args.duration);
const warmupS = Number(args.warmup);
const connections = Number(args.connections);
const loginConnections = Number(args['login-connections']);
const engines = args.engines.split(',').map((e) => e.trim());
for (const engine of engines) if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`unknown engine ${engine}`);
const wisePort = args.port ? Number(args.port) : await freePort();
const helloPort = args.port ? wisePort + 1 : await freePort();

/** The speed goals of docs/PERFORMANCE.md ("Goals"). */
const GOALS = {
  bareShareOfHello: 0.5,
  /** PostgreSQL: each data route's req/s against /healthz's, and its p99. */
  dataShare: 0.35,
  dataP99Postgres: 15,
  /** Embedded: p99 of every route (/healthz and the data routes). */
  p99Pglite: 50,
  /** Login req/s against argon2's own rate with one verification per core at once (the server runs one per core). */
  loginOfArgon2: 0.8,
  rssMb: 250,
  startRssPgliteMb: 400,
  /** Approval → paid, median, above the payout provider's own time. */
  payoutAboveProviderMs: 300,
  /** Paid → "Successful" on the customer's open screen, median. */
  paidToScreenMs: 1000,
};
const cores = availableParallelism();

const yesNo = (ok, why = '') => (ok ? 'yes' : `NO${why ? ` (${why})` : ''}`);
const failing = (m) => (m.non2xx > 0 ? `${m.non2xx} non-2xx answers` : '');
const mb = (n) => `${Math.round(n ?? 0)} MB`;

/** Runs a bench script under tsx with `--json` and answers its figures (or the reason it did not). */
async function runScript(script, scriptArgs) {
  const dir = mkdtempSync(path.join(tmpdir(), 'wise-bench-e2e-'));
  const out = path.join(dir, 'figures.json');
  let log = '';
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...scriptArgs, '--json', out], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
    child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
    child.on('exit', resolve);
  });
  try {
    if (!existsSync(out)) return { error: `${script} exited with ${code} and no figures: ${log.trim().split('\n').slice(-3).join(' / ')}` };
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The web build paid-to-screen.mjs serves, built when missing or out of date with its sources. */
async function ensureWebBuild() {
  let log = '';
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
    child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
    child.on('exit', resolve);
  });
  if (code !== 0) console.error(log);
  return code === 0 && existsSync(path.join(ROOT, 'apps/web/dist/index.html'));
}

console.log(
  `API benchmark: ${connections} connections, ${durationS} s per route after ${warmupS} s warm-up; engines: ${engines.join(', ')}`,
);

const hello = await startHello(helloPort);
const helloResult = await measure({ baseUrl: hello.baseUrl, route: { path: '/' }, connections, durationS, warmupS, pid: hello.pid });
await hello.stop();
console.log(
  `bare Fastify hello-world (same node_modules): ${fmt.rps(helloResult.rps)} req/s, p99 ${helloResult.p99} ms, ${fmt.us(helloResult.cpuUsPerReq)} CPU per request\n`,
);

const report = { hello: helloResult, engines: {}, settings: { durationS, warmupS, connections, loginConnections } };

const HEADERS = ['what', 'figure', 'p50', 'p99', 'share of `/healthz`', 'server CPU per request', 'goal', 'met'];

for (const engine of engines) {
  const scratch = engine === 'postgres' ? await scratchDatabase(args.postgres) : undefined;
  const server = await startWise({ port: wisePort, databaseUrl: scratch?.url, tmpPrefix: args.tmp });
  const startRss = rssMb(server.pid);
  const rows = [];
  const results = {};
  const extra = {};
  let peakRss = 0;
  const p99Goal = engine === 'postgres' ? GOALS.dataP99Postgres : GOALS.p99Pglite;
  try {
    const customer = await createCustomer(server.baseUrl);
    const bare = await measure({ baseUrl: server.baseUrl, route: { path: '/healthz' }, connections, durationS, warmupS, pid: server.pid });
    peakRss = Math.max(peakRss, bare.peakRssMb ?? 0);
    results['/healthz'] = bare;
    const bareShare = bare.rps / helloResult.rps;
    const bareGoal = engine === 'postgres' ? `≥ ${fmt.pct(GOALS.bareShareOfHello)} of hello-world` : `p99 ≤ ${GOALS.p99Pglite} ms`;
    const bareOk = engine === 'postgres' ? bareShare >= GOALS.bareShareOfHello : bare.p99 <= GOALS.p99Pglite;
    rows.push([
      '`/healthz` (no database)',
      `${fmt.rps(bare.rps)} req/s`,
      fmt.ms(bare.p50),
      fmt.ms(bare.p99),
      `1 (${fmt.pct(bareShare)} of hello-world)`,
      fmt.us(bare.cpuUsPerReq),
      bareGoal,
      yesNo(bareOk && !bare.non2xx, failing(bare)),
    ]);
    const routes = customerRoutes(customer.cookie).filter((r) => !args.only || r.name.includes(args.only));
    for (const route of routes) {
      const m = await measure({ baseUrl: server.baseUrl, route, connections, durationS, warmupS, pid: server.pid });
      peakRss = Math.max(peakRss, m.peakRssMb ?? 0);
      results[route.name] = m;
      const share = m.rps / bare.rps;
      const ok = (engine === 'postgres' ? share >= GOALS.dataShare : true) && m.p99 <= p99Goal;
      const goal = engine === 'postgres' ? `≥ ${fmt.pct(GOALS.dataShare)}, p99 ≤ ${p99Goal} ms` : `p99 ≤ ${p99Goal} ms`;
      rows.push([
        `\`${route.name}\``,
        `${fmt.rps(m.rps)} req/s`,
        fmt.ms(m.p50),
        fmt.ms(m.p99),
        fmt.pct(share),
        fmt.us(m.cpuUsPerReq),
        goal,
        yesNo(ok && !m.non2xx, failing(m)),
      ]);
    }
    if (!args['no-login']) {
      // One customer per login connection, taken in turn: customers log in to their own accounts.
      // Ten connections on one account would measure that account's lockout bookkeeping instead
      // (at most LOGIN_MAX_FAILURES tries of one account are checked at once; more are refused).
      const loginCustomers = [customer];
      while (loginCustomers.length < loginConnections) loginCustomers.push(await createCustomer(server.baseUrl));
      // What argon2 allows on this machine now: the server runs one verification per core at most.
      const argon2 = await argon2Ceiling(cores);
      const ceiling = argon2.atOnceRps;
      // The ceiling as earlier runs took it (cores ÷ one verification alone), for comparison.
      const aloneCeiling = (cores * 1000) / argon2.aloneMs;
      const login = await measure({
        baseUrl: server.baseUrl,
        route: {
          path: '/api/auth/login',
          method: 'POST',
          bodies: loginCustomers.map((c) => ({ email_or_phone: c.email, password: c.password })),
          connections: loginConnections,
        },
        connections,
        durationS,
        warmupS,
        pid: server.pid,
      });
      peakRss = Math.max(peakRss, login.peakRssMb ?? 0);
      results['POST /api/auth/login'] = login;
      extra.argon2 = { cores, ...argon2 };
      rows.push([
        `\`POST /api/auth/login\` (${loginConnections} conn.)`,
        `${fmt.rps(login.rps)}/s (${fmt.pct(login.rps / ceiling)} of argon2's ${fmt.rps(ceiling)}/s with ${cores} at once; ${fmt.pct(login.rps / aloneCeiling)} of ${cores} cores ÷ ${argon2.aloneMs.toFixed(1)} ms alone)`,
        fmt.ms(login.p50),
        fmt.ms(login.p99),
        '',
        fmt.us(login.cpuUsPerReq),
        `≥ ${fmt.pct(GOALS.loginOfArgon2)} of ${fmt.rps(ceiling)}/s`,
        yesNo(login.rps >= GOALS.loginOfArgon2 * ceiling && !login.non2xx, failing(login)),
      ]);
    }
  } finally {
    await server.stop();
    await scratch?.drop();
  }
  const rssOk = peakRss <= GOALS.rssMb;
  rows.push([
    'server RSS (after start / peak under load)',
    `${mb(startRss)} / ${mb(peakRss)}`,
    '',
    '',
    '',
    '',
    engine === 'postgres' ? `peak ≤ ${GOALS.rssMb} MB` : `first start < ${GOALS.startRssPgliteMb} MB, peak ≤ ${GOALS.rssMb} MB`,
    engine === 'postgres' ? yesNo(rssOk) : yesNo((startRss ?? Infinity) < GOALS.startRssPgliteMb && rssOk),
  ]);
  if (!args['no-e2e']) {
    // Each on its own server, after the load above has stopped.
    const payouts = await runScript('scripts/bench-payouts.mjs', [
      '--sales',
      args['payout-sales'],
      ...(engine === 'postgres' ? ['--postgres', args.postgres] : []),
    ]);
    extra.payouts = payouts;
    if (payouts.error)
      rows.push([
        'approval → paid',
        'not measured',
        '',
        '',
        '',
        '',
        `median ≤ provider + ${GOALS.payoutAboveProviderMs} ms`,
        `NO (${payouts.error})`,
      ]);
    else {
      const above = payouts.medianMs - payouts.providerMs;
      rows.push([
        `approval → paid (${payouts.sales} sales in one burst, sandbox)`,
        `median ${fmt.s(payouts.medianMs)}, worst ${fmt.s(payouts.worstMs)} (provider ${fmt.s(payouts.providerMs)}: +${Math.round(above)} ms)`,
        '',
        '',
        '',
        '',
        `median ≤ provider + ${GOALS.payoutAboveProviderMs} ms`,
        yesNo(above <= GOALS.payoutAboveProviderMs),
      ]);
    }
    if (engine === 'postgres') {
      const live = (await ensureWebBuild())
        ? await runScript('scripts/bench/paid-to-screen.mjs', ['--stream-only', '--runs', args['live-runs']])
        : { error: 'no web build (node scripts/build-web.mjs failed)' };
      extra.paidToScreen = live;
      rows.push(
        live.error
          ? [
              'paid → "Successful" on the open screen',
              'not measured',
              '',
              '',
              '',
              '',
              `median ≤ ${GOALS.paidToScreenMs} ms`,
              `NO (${live.error})`,
            ]
          : [
              `paid → "Successful" on the open screen (${live.runs} runs)`,
              `median ${fmt.ms(live.medianMs)}, worst ${fmt.ms(live.worstMs)}`,
              '',
              '',
              '',
              '',
              `median ≤ ${GOALS.paidToScreenMs} ms`,
              yesNo(live.medianMs <= GOALS.paidToScreenMs),
            ],
      );
    } else {
      rows.push([
        'paid → "Successful" on the open screen',
        'not measured here',
        '',
        '',
        '',
        '',
        `median ≤ ${GOALS.paidToScreenMs} ms`,
        'n/a (paid-to-screen.mjs approves from another process: PostgreSQL only)',
      ]);
    }
  }
  report.engines[engine] = { results, startRssMb: startRss, peakRssMb: peakRss, startMs: server.startMs, ...extra };
  console.log(`## ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded default)'}\n`);
  console.log(table(HEADERS, rows));
  console.log(`\nserver started in ${(server.startMs / 1000).toFixed(1)} s\n`);
}

if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);

if (args['no-scale']) {
  console.log('Scale benchmark skipped (--no-scale).');
} else {
  const scale = path.join(ROOT, 'scripts/bench/scale.mjs');
  if (!existsSync(scale)) {
    console.log('Scale benchmark skipped: scripts/bench/scale.mjs is not there.');
  } else {
    console.log('## How cost grows with the data (scripts/bench/scale.mjs)\n');
    const code = await new Promise((resolve) => {
      spawn(process.execPath, [scale], { cwd: ROOT, stdio: 'inherit' }).on('exit', resolve);
    });
    if (code !== 0) process.exitCode = code ?? 1;
  }
}
