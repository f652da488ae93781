// Starts the product for the browser journeys on a fresh PostgreSQL database, so journeys can
// also reach the data layer through the domain (a reward stands in for an approved sale).
// Playwright runs this as its webServer; E2E_DATABASE_URL names the database (set by the config).
import { spawn } from 'node:child_process';
import pg from 'pg';

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

// Leftovers of runs that were killed before they could clean up, then this run's database.
await withAdmin(async (client) => {
  // Only databases nobody is connected to: another run may be going on beside this one.
  const { rows } = await client.query(
    "SELECT datname FROM pg_database d WHERE datname LIKE 'wise_e2e_%' AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)",
  );
  for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}"`).catch(() => undefined);
  await client.query(`CREATE DATABASE "${name}"`);
});

const server = spawn('npm', ['run', 'start', '-w', '@wise/server'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch(() => undefined);
  process.exit(code ?? 0);
});
