/**
 * `npm run soak` (issue 14): the soak, crash and provider-fault suites against a real server
 * process on PostgreSQL (apps/server/test/support/soak/). Options:
 *   --crash | --faults             the crash or fault suite instead of the plain soak
 *   --customers N --duration S     default 200 customers for 180 s
 *   --port P                       first of the ports used (server P, proxies P+1…P+6); default 4800
 *   --settle S                     bound on waiting for orders and payouts to settle; default 120 s
 *   --url URL --database URL       soak a running deployment instead (no crash/faults; checks read the database)
 * Exits 1 when a check fails.
 */
import { parseArgs } from 'node:util';
import { checkFailures, checkSoak, waitForSettled } from '../../apps/server/test/support/soak/checks';
import { openSoakDatabase } from '../../apps/server/test/support/soak/seed';
import { runSoak } from '../../apps/server/test/support/soak/soak';
import { formatReport, runSuite } from '../../apps/server/test/support/soak/suites';

const { values } = parseArgs({
  options: {
    crash: { type: 'boolean', default: false },
    faults: { type: 'boolean', default: false },
    customers: { type: 'string', default: '200' },
    duration: { type: 'string', default: '180' },
    port: { type: 'string', default: '4800' },
    settle: { type: 'string', default: '120' },
    url: { type: 'string' },
    database: { type: 'string' },
  },
});

const log = (line: string) => console.log(line);
const customers = Number(values.customers);
const durationMs = Number(values.duration) * 1000;
const settleTimeoutMs = Number(values.settle) * 1000;

async function main(): Promise<number> {
  if (values.url) {
    if (!values.database) throw new Error('--url needs --database (the deployment’s DATABASE_URL) for seeding and the checks');
    const run = await runSoak({ baseUrl: values.url.replace(/\/$/, ''), databaseUrl: values.database, customers, durationMs, log });
    const database = openSoakDatabase(values.database);
    try {
      const settle = await waitForSettled(database, settleTimeoutMs);
      const checks = await checkSoak(database, { acceptedSales: run.seen.acceptedSales });
      const failures = [...checkFailures(checks), ...run.recorder.serverErrors.slice(0, 10).map((e) => `5xx: ${e.step} ${e.status} ${e.body}`)];
      if (!settle.settled) failures.push(`not settled: ${JSON.stringify(settle.left)}`);
      console.log(`${run.customers.length} customers, ${run.seconds.toFixed(0)} s, ${run.requests} requests, ${run.throughput.toFixed(1)}/s\n\n${run.table}\n`);
      console.log(`5xx ${run.recorder.serverErrors.length}; sales ${JSON.stringify(checks.salesByStatus)}; orders ${JSON.stringify(checks.ordersByStatus)}; payouts ${JSON.stringify(checks.payoutsByStatus)}; ledger ${checks.ledgerOk ? 'clean' : 'FAILED'}`);
      console.log(failures.length ? `FAIL:\n  ${failures.join('\n  ')}` : 'PASS');
      return failures.length ? 1 : 0;
    } finally {
      await database.close();
    }
  }
  const suite = values.crash ? 'crash' : values.faults ? 'faults' : 'soak';
  const report = await runSuite({ suite, customers, durationMs, portBase: Number(values.port), settleTimeoutMs, log });
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
