/**
 * `npm run soak` (docs/RELIABILITY.md): the soak, crash and provider-fault suites against a real server
 * process on PostgreSQL (apps/server/test/support/soak/). Options:
 *   --crash                        the crash suite instead of the plain soak
 *   --faults                       the fault soak: two instances behind the test balancer on a private
 *                                  PostgreSQL and a private Redis, the scenarios of
 *                                  apps/server/test/support/soak/faults/registry.ts (default 20 customers):
 *                                  PostgreSQL restarts and stop, Redis killed, providers failing
 *   --only ID,ID                   with --faults: only these scenarios (ids in registry.ts: providers,
 *                                  postgres-restart, postgres-stop, redis, payout-bill)
 *   --customers N --duration S     default 200 customers for 180 s (the fault soak's length is its scenarios')
 *   --port P                       first of the ports used (server P, proxies P+1…P+6; the fault soak
 *                                  also P+7 second instance, P+8 balancer, P+9 Redis, P+10/P+11 switch proxies); default 4800
 *   --settle S                     bound on waiting for orders and payouts to settle; default 120 s (fault soak 300 s)
 *   --think MIN,MAX                a customer's pause between journeys, seconds; default 2,8
 *   --lock PATH                    take `flock -x PATH` once the customers are prepared, for the timed run and the checks
 *   --url URL --database URL       soak a running deployment instead (no crash/faults; checks read the database)
 * Exits 1 when a check fails.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { checkFailures, checkSoak, waitForSettled } from '../../apps/server/test/support/soak/checks';
import { openSoakDatabase } from '../../apps/server/test/support/soak/seed';
import { runSoak } from '../../apps/server/test/support/soak/soak';
import { formatFaultReport, runFaultSoak } from '../../apps/server/test/support/soak/faults/harness';
import { faultScenarios } from '../../apps/server/test/support/soak/faults/registry';
import { formatReport, runSuite } from '../../apps/server/test/support/soak/suites';

const { values } = parseArgs({
  options: {
    crash: { type: 'boolean', default: false },
    faults: { type: 'boolean', default: false },
    only: { type: 'string' },
    customers: { type: 'string' },
    duration: { type: 'string', default: '180' },
    port: { type: 'string', default: '4800' },
    settle: { type: 'string' },
    url: { type: 'string' },
    database: { type: 'string' },
    think: { type: 'string', default: '2,8' },
    lock: { type: 'string' },
  },
});

const log = (line: string) => console.log(line);
const customers = Number(values.customers ?? (values.faults ? 20 : 200));
const durationMs = Number(values.duration) * 1000;
// A payout's status checks back off to minutes while its provider is down: the fault soak waits longer.
const settleTimeoutMs = Number(values.settle ?? (values.faults ? 300 : 120)) * 1000;
const [thinkMin = 2, thinkMax = 8] = values.think.split(',').map(Number);
const thinkMs: [number, number] = [thinkMin * 1000, thinkMax * 1000];

/** Holds `flock -x path` from when it is granted until the returned release is called. */
async function exclusiveLock(path: string): Promise<() => void> {
  const holder = spawn('flock', ['-x', path, '-c', 'echo locked; read _'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    holder.once('exit', (code) => reject(new Error(`flock ended (${code}) before granting ${path}`)));
  });
  return () => holder.stdin.end();
}
let releaseLock: (() => void) | undefined;
const beforeTimedRun = values.lock
  ? async () => {
      log(`waiting for flock -x ${values.lock}`);
      releaseLock = await exclusiveLock(values.lock!);
      log('exclusive lock held');
    }
  : undefined;

async function main(): Promise<number> {
  if (values.url) {
    if (!values.database) throw new Error('--url needs --database (the deployment’s DATABASE_URL) for seeding and the checks');
    const run = await runSoak({
      baseUrl: values.url.replace(/\/$/, ''),
      databaseUrl: values.database,
      customers,
      durationMs,
      thinkMs,
      beforeTimedRun,
      log,
    });
    const database = openSoakDatabase(values.database);
    try {
      const settle = await waitForSettled(database, settleTimeoutMs).finally(() => releaseLock?.());
      const checks = await checkSoak(database, { acceptedSales: run.seen.acceptedSales });
      const failures = [
        ...checkFailures(checks),
        ...run.recorder.serverErrors.slice(0, 10).map((e) => `5xx: ${e.step} ${e.status} ${e.body}`),
      ];
      if (!settle.settled) failures.push(`not settled: ${JSON.stringify(settle.left)}`);
      console.log(
        `${run.customers.length} customers, ${run.seconds.toFixed(0)} s, ${run.requests} requests, ${run.throughput.toFixed(1)}/s\n\n${run.table}\n`,
      );
      console.log(
        `5xx ${run.recorder.serverErrors.length}; sales ${JSON.stringify(checks.salesByStatus)}; orders ${JSON.stringify(checks.ordersByStatus)}; payouts ${JSON.stringify(checks.payoutsByStatus)}; ledger ${checks.ledgerOk ? 'clean' : 'FAILED'}`,
      );
      console.log(failures.length ? `FAIL:\n  ${failures.join('\n  ')}` : 'PASS');
      return failures.length ? 1 : 0;
    } finally {
      await database.close();
    }
  }
  if (values.faults) {
    const only = values.only?.split(',').map((id) => id.trim());
    const scenarios = only ? faultScenarios.filter((scenario) => only.includes(scenario.id)) : faultScenarios;
    const unknown = only?.filter((id) => !faultScenarios.some((scenario) => scenario.id === id)) ?? [];
    if (unknown.length > 0)
      throw new Error(`--only: no scenario ${unknown.join(', ')} (there are ${faultScenarios.map((s) => s.id).join(', ')})`);
    const report = await runFaultSoak({
      scenarios,
      customers,
      portBase: Number(values.port),
      settleTimeoutMs,
      thinkMs,
      beforeTimedRun,
      log,
    }).finally(() => releaseLock?.());
    console.log(`\n${formatFaultReport(report)}`);
    return report.failures.length ? 1 : 0;
  }
  const suite = values.crash ? 'crash' : 'soak';
  const report = await runSuite({
    suite,
    customers,
    durationMs,
    portBase: Number(values.port),
    settleTimeoutMs,
    thinkMs,
    beforeTimedRun,
    log,
  }).finally(() => releaseLock?.());
  console.log(`\n${formatReport(report)}`);
  return report.failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
