#!/usr/bin/env node
// The short API benchmark for CI (`npm run bench:ci`, docs/PERFORMANCE.md): PostgreSQL only, a few routes,
// ~3 s each. Absolute req/s depend on the machine; the share of the bare route (/healthz of the
// same process) does much less, so that is what is checked: the run fails when a route's share
// drops below half the value recorded in scripts/bench/floors.json.
//
// Usage: npm run bench:ci [-- --duration 3 --warmup 1 --postgres postgres://… --port 4100 --tmp /tmp/x-]
// Recording (after `npm run bench -- --engines postgres --no-scale --no-e2e --json /tmp/bench.json` on a quiet machine):
//   node scripts/bench/ci.mjs --record /tmp/bench.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCustomer, customerRoutes, fmt, freePort, measure, ROOT, scratchDatabase, startWise, table } from './lib.mjs';

const FLOORS = path.join(ROOT, 'scripts/bench/floors.json');
/** The routes CI loads: the heaviest screen, the lists, and the lightest database read. */
const CI_ROUTES = [
  'GET /api/dashboard',
  'GET /api/transactions',
  'GET /api/gems/balance',
  'GET /api/notifications',
  'GET /api/profile',
  'GET /api/giftcards',
  'GET /api/crypto/coins',
];

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string' },
    tmp: { type: 'string', default: '/tmp/wise-bench-' },
    record: { type: 'string' },
  },
});

if (args.record) {
  // Floors come from a full run's PostgreSQL shares of the bare route.
  const report = JSON.parse(readFileSync(args.record, 'utf8'));
  const results = report.engines.postgres.results;
  const bare = results['/healthz'].rps;
  const shares = Object.fromEntries(CI_ROUTES.map((name) => [name, Number((results[name].rps / bare).toFixed(3))]));
  writeFileSync(
    FLOORS,
    `${JSON.stringify({ source: 'npm run bench (PostgreSQL, 50 connections)', bareRps: Math.round(bare), shares }, null, 2)}\n`,
  );
  console.log(`recorded ${FLOORS}`);
  process.exit(0);
}

const started = Date.now();
const floors = JSON.parse(readFileSync(FLOORS, 'utf8'));
const durationS = Number(args.duration);
const warmupS = Number(args.warmup);
const connections = Number(args.connections);
const scratch = await scratchDatabase(args.postgres);
const server = await startWise({ port: args.port ? Number(args.port) : await freePort(), databaseUrl: scratch.url, tmpPrefix: args.tmp });
const rows = [];
let failed = false;
try {
  const customer = await createCustomer(server.baseUrl);
  const bare = await measure({ baseUrl: server.baseUrl, route: { path: '/healthz' }, connections, durationS, warmupS, pid: server.pid });
  rows.push(['`/healthz`', fmt.rps(bare.rps), fmt.ms(bare.p99), fmt.us(bare.cpuUsPerReq), '1', '', bare.non2xx ? 'FAIL (non-2xx)' : 'ok']);
  if (bare.non2xx) failed = true;
  for (const route of customerRoutes(customer.cookie).filter((r) => CI_ROUTES.includes(r.name))) {
    let m = await measure({ baseUrl: server.baseUrl, route, connections, durationS, warmupS, pid: server.pid });
    let share = m.rps / bare.rps;
    const recorded = floors.shares[route.name];
    if (!m.non2xx && recorded !== undefined && share < recorded / 2) {
      // Other work on a shared runner moves a 3 s figure a lot: a route below its floor is measured
      // again, beside a fresh /healthz, and fails only if it is below it twice.
      const again = await measure({
        baseUrl: server.baseUrl,
        route: { path: '/healthz' },
        connections,
        durationS,
        warmupS,
        pid: server.pid,
      });
      m = await measure({ baseUrl: server.baseUrl, route, connections, durationS, warmupS, pid: server.pid });
      share = m.rps / again.rps;
    }
    const ok = !m.non2xx && recorded !== undefined && share >= recorded / 2;
    if (!ok) failed = true;
    rows.push([
      `\`${route.name}\``,
      fmt.rps(m.rps),
      fmt.ms(m.p99),
      fmt.us(m.cpuUsPerReq),
      fmt.pct(share),
      recorded === undefined ? 'none' : fmt.pct(recorded),
      ok ? 'ok' : m.non2xx ? `FAIL (${m.non2xx} non-2xx)` : `FAIL (below half of ${fmt.pct(recorded ?? 0)})`,
    ]);
  }
} finally {
  await server.stop();
  await scratch.drop();
}
console.log(table(['route', 'req/s', 'p99', 'server CPU per request', 'share of bare route', 'recorded share', 'result'], rows));
console.log(`\nbench:ci ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exitCode = failed ? 1 : 0;
