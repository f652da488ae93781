#!/usr/bin/env node
// The API benchmark (docs/PERFORMANCE.md, `npm run bench`). For each engine (PostgreSQL in a scratch
// database, then the embedded PGlite in a fresh directory) it starts the real server process,
// makes a customer through the API (sign-up, OTP from the dev outbox, login), and loads with
// autocannon: the bare route /healthz, every customer data route with the customer's cookie, and
// POST /api/auth/login at 10 connections (ten customers, each logging in to their own account in
// turn). A bare Fastify hello-world from the same node_modules is
// measured first: /healthz is compared to it. Rate limits are lifted with RATE_LIMIT_MULTIPLIER.
// It prints one table per engine (req/s, p50, p99, share of the bare route, goal met or not) and
// the server's RSS, then runs the scale benchmark (scripts/bench/scale.mjs) unless --no-scale.
//
// Usage: npm run bench [-- --duration 12 --warmup 2 --connections 50 --engines postgres,pglite
//          --postgres postgres://postgres@127.0.0.1:5432/postgres --port 4100 --tmp /tmp/wise-bench-
//          --only dashboard --json out.json --no-scale]
//   A quick look: npm run bench -- --duration 3 --warmup 1 --no-scale
// The load generator runs on the same machine as the server (and PostgreSQL): figures are for
// this machine as a whole, and the ratios to the bare route are what compare across machines.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCustomer, customerRoutes, fmt, freePort, measure, ROOT, rssMb, scratchDatabase, startHello, startWise, table } from './lib.mjs';

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

/** The speed goals of docs/PERFORMANCE.md. */
const GOALS = {
  bareShareOfHello: 0.5,
  dataShare: 0.3,
  dataP99Postgres: 25,
  lightP99Pglite: 100,
  loginRps: 100,
  loginP99: 300,
  rssPostgresMb: 250,
  startRssPgliteMb: 400,
};

const yesNo = (ok, why = '') => (ok ? 'yes' : `NO${why ? ` (${why})` : ''}`);
const failing = (m) => (m.non2xx > 0 ? `${m.non2xx} non-2xx answers` : '');

console.log(`API benchmark: ${connections} connections, ${durationS} s per route after ${warmupS} s warm-up; engines: ${engines.join(', ')}`);

const hello = await startHello(helloPort);
const helloResult = await measure({ baseUrl: hello.baseUrl, route: { path: '/' }, connections, durationS, warmupS, pid: hello.pid });
await hello.stop();
console.log(`bare Fastify hello-world (same node_modules): ${fmt.rps(helloResult.rps)} req/s, p99 ${helloResult.p99} ms, ${fmt.us(helloResult.cpuUsPerReq)} CPU per request\n`);

const report = { hello: helloResult, engines: {}, settings: { durationS, warmupS, connections, loginConnections } };

for (const engine of engines) {
  const scratch = engine === 'postgres' ? await scratchDatabase(args.postgres) : undefined;
  const server = await startWise({ port: wisePort, databaseUrl: scratch?.url, tmpPrefix: args.tmp });
  const startRss = rssMb(server.pid);
  const rows = [];
  const results = {};
  let peakRss = 0;
  try {
    const customer = await createCustomer(server.baseUrl);
    const bare = await measure({ baseUrl: server.baseUrl, route: { path: '/healthz' }, connections, durationS, warmupS, pid: server.pid });
    peakRss = Math.max(peakRss, bare.peakRssMb ?? 0);
    results['/healthz'] = bare;
    const bareShare = bare.rps / helloResult.rps;
    rows.push([
      '`/healthz` (no database)',
      fmt.rps(bare.rps),
      fmt.ms(bare.p50),
      fmt.ms(bare.p99),
      `1 (${fmt.pct(bareShare)} of hello-world)`,
      fmt.us(bare.cpuUsPerReq),
      yesNo(bareShare >= GOALS.bareShareOfHello && !bare.non2xx, failing(bare) || `goal ≥ ${fmt.pct(GOALS.bareShareOfHello)} of hello-world`),
    ]);
    const routes = customerRoutes(customer.cookie).filter((r) => !args.only || r.name.includes(args.only));
    for (const route of routes) {
      const m = await measure({ baseUrl: server.baseUrl, route, connections, durationS, warmupS, pid: server.pid });
      peakRss = Math.max(peakRss, m.peakRssMb ?? 0);
      results[route.name] = m;
      const share = m.rps / bare.rps;
      const ok =
        engine === 'postgres' ? share >= GOALS.dataShare && m.p99 < GOALS.dataP99Postgres : m.p99 < GOALS.lightP99Pglite;
      const goal = engine === 'postgres' ? `goal ≥ ${fmt.pct(GOALS.dataShare)}, p99 < ${GOALS.dataP99Postgres} ms` : `goal p99 < ${GOALS.lightP99Pglite} ms`;
      rows.push([`\`${route.name}\``, fmt.rps(m.rps), fmt.ms(m.p50), fmt.ms(m.p99), fmt.pct(share), fmt.us(m.cpuUsPerReq), yesNo(ok && !m.non2xx, failing(m) || goal)]);
    }
    if (!args['no-login']) {
      // One customer per login connection, taken in turn: customers log in to their own accounts.
      // Ten connections on one account would measure that account's lockout bookkeeping instead
      // (at most LOGIN_MAX_FAILURES tries of one account are checked at once; more are refused).
      const loginCustomers = [customer];
      while (loginCustomers.length < loginConnections) loginCustomers.push(await createCustomer(server.baseUrl));
      const login = await measure({
        baseUrl: server.baseUrl,
        route: { path: '/api/auth/login', method: 'POST', bodies: loginCustomers.map((c) => ({ email_or_phone: c.email, password: c.password })), connections: loginConnections },
        connections,
        durationS,
        warmupS,
        pid: server.pid,
      });
      peakRss = Math.max(peakRss, login.peakRssMb ?? 0);
      results['POST /api/auth/login'] = login;
      rows.push([
        `\`POST /api/auth/login\` (${loginConnections} conn.)`,
        `${fmt.rps(login.rps)}/s`,
        fmt.ms(login.p50),
        fmt.ms(login.p99),
        '',
        fmt.us(login.cpuUsPerReq),
        yesNo(login.rps >= GOALS.loginRps && login.p99 < GOALS.loginP99 && !login.non2xx, failing(login) || `goal ≥ ${GOALS.loginRps}/s, p99 < ${GOALS.loginP99} ms`),
      ]);
    }
  } finally {
    await server.stop();
    await scratch?.drop();
  }
  report.engines[engine] = { results, startRssMb: startRss, peakRssMb: peakRss, startMs: server.startMs };
  console.log(`## ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded default)'}\n`);
  console.log(table(['route', 'req/s', 'p50', 'p99', 'share of bare route', 'server CPU per request', 'goal met'], rows));
  const rssLine =
    engine === 'postgres'
      ? `server RSS: ${Math.round(startRss ?? 0)} MB after start, peak ${Math.round(peakRss)} MB under load — goal ≤ ${GOALS.rssPostgresMb} MB: ${yesNo(peakRss <= GOALS.rssPostgresMb)}`
      : `server RSS: ${Math.round(startRss ?? 0)} MB after first start (goal < ${GOALS.startRssPgliteMb} MB: ${yesNo((startRss ?? Infinity) < GOALS.startRssPgliteMb)}), peak ${Math.round(peakRss)} MB under load`;
  console.log(`\n${rssLine}; started in ${(server.startMs / 1000).toFixed(1)} s\n`);
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
