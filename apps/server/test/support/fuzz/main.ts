import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { wrapPool } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { systemClock } from '#server/lib/clock';
import { MemoryRateLimiter } from '#server/lib/rate-limiter';
import { createBankLookup } from '#server/providers/bank-lookup/index';
import { createFileStore } from '#server/providers/file-store/index';
import { Outbox } from '#server/providers/messaging/index';
import { unboundedPayoutLimitsEnv } from '../limits';
import { formatViolations, FUZZ_ENV, runFuzz } from './run';

/**
 * `npm run fuzz`: the long fuzz run, against the app built in-process on a fresh PostgreSQL
 * database (dropped afterwards). Options: --seed N (replay), --per-operation N (default 200),
 * --only TEXT (operations whose name contains it), --server-errors (the server's error log on stderr). TEST_POSTGRES_URL names the server.
 */
/** The report goes to stdout: it is this script's output, not a log. */
const print = (line: string) => process.stdout.write(`${line}\n`);

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    'per-operation': { type: 'string', default: '200' },
    only: { type: 'string' },
    // The server's error log (the cause of a 5xx) on stderr.
    'server-errors': { type: 'boolean', default: false },
  },
});
const seed = values.seed !== undefined ? Number(values.seed) : randomInt(0, 2 ** 31 - 1);
const perOperation = Number(values['per-operation']);
if (!Number.isInteger(seed) || !Number.isInteger(perOperation) || perOperation < 1) {
  console.error('usage: npm run fuzz -- [--seed N] [--per-operation N] [--only TEXT]');
  process.exit(2);
}

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `wise_fuzz_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
pool.on('error', () => undefined);
const database = wrapPool(pool);
const uploads = await mkdtemp(path.join(tmpdir(), 'wise-fuzz-'));
let exitCode = 1;
try {
  await migrate(database);
  // As test/support/app.ts builds it: test mode, the dev outbox, rate limits and payout limits far
  // out of the way (a 429 or a limit would hide what the handler does with the input; the world's
  // sellers sell more than a new customer's daily limit), uploads in a temporary folder.
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    RATE_LIMIT_MULTIPLIER: '1000000',
    UPLOAD_DIR: uploads,
    ...unboundedPayoutLimitsEnv,
    ...FUZZ_ENV,
  });
  const outbox = new Outbox();
  const app = await buildApp(
    {
      config,
      database,
      messenger: outbox,
      outbox,
      files: createFileStore(config),
      bankLookup: createBankLookup(config),
      limiter: new MemoryRateLimiter(() => Date.now()),
      clock: systemClock,
    },
    { logger: values['server-errors'] ? { level: 'error' } : false, serveWeb: false },
  );
  await app.ready();
  print(`fuzz: seed ${seed} (replay with: npm run fuzz -- --seed ${seed}), ${perOperation} requests per operation, database ${name}`);
  const report = await runFuzz(
    { app, database, outbox, clock: systemClock },
    { seed, perOperation, only: values.only, log: (line) => print(line) },
  );
  await app.close();
  const histogram = Object.entries(report.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  print(
    `\n${report.operations.length} operations, ${report.requests} requests in ${(report.ms / 1000).toFixed(1)} s; statuses: ${histogram}`,
  );
  if (report.violations.length > 0) {
    print(`\n${report.violations.length} violations (seed ${seed}):\n${formatViolations(report.violations, 50)}`);
  } else {
    print('no 5xx, every refusal the error body, no refused request wrote, the ledger balanced');
    exitCode = 0;
  }
} finally {
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(uploads, { recursive: true, force: true });
}
process.exit(exitCode);
