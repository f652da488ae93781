/**
 * `npm run soak:deps` (docs/RELIABILITY.md, "Redis outages" and "Provider outages"): the soak load
 * on a server process whose Redis is a PRIVATE redis-server (started here, never the shared one)
 * and whose payout and bill providers sit behind switch proxies (scenarios/). Redis is killed for
 * 60 s, then both providers refuse, fail with 500 and hang, then recover. Options:
 *   --customers N --duration S   default 20 customers for 420 s
 *   --port P                     first of the ports used (server P, proxies P+1…P+9); default 5800
 *   --settle S                   bound on waiting for orders and payouts to settle; default 180 s
 * Checks: no 500, nothing left unsettled, the ledger audit clean, the server still running, and every
 * sale whose payout was delayed past PAYOUT_DELAY_NOTICE_MINUTES (2 here) told exactly once.
 * Exits 1 when a check fails. The scenarios are modules so the fault suite can list them too.
 */
import { parseArgs } from 'node:util';
import { startPrivateRedis } from '../../apps/server/test/support/redis-server';
import { checkFailures, checkSoak, waitForSettled } from '../../apps/server/test/support/soak/checks';
import { SOAK_BANK_ACCOUNT, startSoakEnvironment } from '../../apps/server/test/support/soak/environment';
import { openSoakDatabase } from '../../apps/server/test/support/soak/seed';
import { startSoakServer } from '../../apps/server/test/support/soak/server';
import { runSoak } from '../../apps/server/test/support/soak/soak';
import { providerOutage, redisOutage, type RedisHandle } from './scenarios/dependencies';
import { startSwitchProxy } from './scenarios/switch-proxy';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '20' },
    duration: { type: 'string', default: '420' },
    port: { type: 'string', default: '5800' },
    settle: { type: 'string', default: '180' },
  },
});
const log = (line: string) => console.log(line);
const durationMs = Number(values.duration) * 1000;
const base = Number(values.port);

async function main(): Promise<number> {
  const env = await startSoakEnvironment({ portBase: base, name: 'soak-deps' });
  const redis: RedisHandle = { current: await startPrivateRedis(base + 7) };
  const payouts = await startSwitchProxy('payout provider', env.proxies.payouts.url, base + 8);
  const bills = await startSwitchProxy('bill provider', env.proxies.bills.url, base + 9);
  const server = await startSoakServer(env.serverPort, {
    ...env.serverEnv,
    REDIS_URL: redis.current.url,
    PAYOUT_BASE_URL: payouts.url,
    BILLS_BASE_URL: bills.url,
    PAYOUT_DELAY_NOTICE_MINUTES: '2',
  });
  try {
    const phaseMs = 60_000;
    const run = await runSoak({
      baseUrl: server.baseUrl,
      databaseUrl: env.databaseUrl,
      customers: Number(values.customers),
      durationMs,
      bankAccount: SOAK_BANK_ACCOUNT,
      events: [...redisOutage(redis, { atMs: durationMs / 7 }), ...providerOutage([payouts, bills], { atMs: (3 * durationMs) / 7, phaseMs })],
      log,
    });
    await Promise.all([payouts.setMode('pass'), bills.setMode('pass')]);
    const database = openSoakDatabase(env.databaseUrl);
    try {
      const settle = await waitForSettled(database, Number(values.settle) * 1000);
      const checks = await checkSoak(database, { acceptedSales: run.seen.acceptedSales, fakes: { airtime: env.airtime, bills: env.bills, paystack: env.paystack, smtp: env.smtp } });
      const failures = checkFailures(checks);
      if (!settle.settled) failures.push(`not settled: ${JSON.stringify(settle.left)}`);
      if (server.pid() === undefined) failures.push('the server process exited');
      for (const error of run.recorder.serverErrors.slice(0, 10)) failures.push(`5xx: ${error.step} ${error.status} ${error.body}`);
      const told = await database.query<{ sale_id: string; notices: string }>(
        `SELECT p.sale_id, (SELECT count(*) FROM notifications n WHERE n.sale_id = p.sale_id AND n.message LIKE '%delayed%') AS notices
           FROM payouts p WHERE p.delay_noticed_at IS NOT NULL`,
      );
      for (const sale of told) if (Number(sale.notices) !== 1) failures.push(`sale ${sale.sale_id}: told ${sale.notices} times of its delayed payout`);
      const unavailable = run.recorder.refusals.filter((refusal) => refusal.status === 503).length;
      console.log(`\n${run.customers.length} customers, ${run.seconds.toFixed(0)} s, ${run.requests} requests\n\n${run.table}\n`);
      console.log('| scenario | what happened |\n|---|---|');
      for (const event of run.events) console.log(`| ${event.label} | at ${(event.atMs / 1000).toFixed(0)} s, took ${event.tookMs} ms |`);
      console.log(`| whole run | ${run.recorder.serverErrors.length} × 5xx, ${unavailable} × 503, ${told.length} sale(s) told of a delayed payout, ledger ${checks.ledgerOk ? 'clean' : 'FAILED'} |`);
      console.log(`| requests seen by the switch proxies | payouts ${JSON.stringify(payouts.counts)}, bills ${JSON.stringify(bills.counts)} |`);
      console.log(failures.length ? `\nFAIL:\n  ${failures.join('\n  ')}` : '\nPASS');
      return failures.length ? 1 : 0;
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
    await Promise.all([payouts.close(), bills.close(), redis.current.kill()]);
    await env.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
