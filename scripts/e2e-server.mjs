// Starts the product for the browser journeys on a fresh PostgreSQL database, so journeys can
// also reach the data layer through the domain (a reward stands in for an approved sale).
// Playwright runs this as its webServer; E2E_DATABASE_URL names the database (set by the config).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProxy } from './lb-proxy.mjs';
import { builtServerArgs } from './support/server-build.mjs';

const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) {
  console.error('E2E_DATABASE_URL is not set (playwright.config.ts sets it)');
  process.exit(1);
}
const target = new URL(databaseUrl);
const name = target.pathname.slice(1);
const admin = new URL(databaseUrl);
admin.pathname = '/postgres';

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether the Playwright process a `wise_e2e_<pid>` database was made for is still running here. */
function runIsAlive(datname) {
  const pid = Number(datname.slice('wise_e2e_'.length));
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error?.code === 'EPERM';
  }
}

// Leftovers of runs that were killed before they could clean up, then this run's database.
await withAdmin(async (client) => {
  // Only databases nobody is connected to: another run may be going on beside this one.
  const { rows } = await client.query(
    "SELECT datname FROM pg_database d WHERE datname LIKE 'wise_e2e_%' AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)",
  );
  // …and only those whose run has ended: a database is named for its Playwright process, and a run
  // starting beside this one has created its database before it first connects to it.
  for (const row of rows) {
    if (runIsAlive(row.datname)) continue;
    await client.query(`DROP DATABASE IF EXISTS "${row.datname}"`).catch(() => undefined);
  }
  await client.query(`CREATE DATABASE "${name}"`);
});

// Scale-out (docs/RELIABILITY.md): by default the journeys run against TWO server instances sharing the
// database and Redis behind a round-robin balancer on PORT, as production runs behind a load
// balancer, so every journey passes only when sessions, limits, data and jobs are shared (the
// payout sandbox keeps its transfers in the database too). E2E_INSTANCES=1 for one instance.
const instances = Number(process.env.E2E_INSTANCES ?? 2);
const port = Number(process.env.PORT ?? 3100);
const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));

function startInstance(instancePort) {
  return spawn(process.execPath, builtServerArgs(), {
    cwd: serverDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(instancePort),
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      ...(instances > 1 ? { TRUST_PROXY: 'true', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
    },
  });
}

const servers = instances > 1 ? Array.from({ length: instances }, (_, i) => startInstance(port + 1 + i)) : [startInstance(port)];
const proxy = instances > 1 ? await startProxy({ port, upstreams: servers.map((_, i) => `http://127.0.0.1:${port + 1 + i}`) }) : undefined;

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const server of servers) if (server.exitCode === null) server.kill('SIGTERM');
  await Promise.all(
    servers.map((server) => (server.exitCode !== null ? undefined : new Promise((resolve) => server.once('exit', resolve)))),
  );
  await proxy?.close();
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch(() => undefined);
  process.exit(code);
}
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGINT', () => void stopAll(0));
// One instance dying ends the run: a journey must never pass on a half-dead deployment.
for (const server of servers) server.on('exit', (code) => void stopAll(code ?? 1));
