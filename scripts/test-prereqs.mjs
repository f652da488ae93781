// `npm test` checks what the tests need before it runs them: PostgreSQL at 127.0.0.1:5432 (trust
// auth), Redis at 127.0.0.1:6379 and a Chromium. What is installed but stopped is started; what is
// missing is installed when we are root with apt-get (as on CI); otherwise it stops at once with
// one message saying exactly what to run.
//
// `--browser` only makes sure of the browser, and needs nothing from node_modules: CI runs it beside
// `npm ci`, so the apt-get download and the npm one overlap instead of the tests waiting for it.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import net from 'node:net';
import { TEST_BROWSER_PACKAGE, TEST_BROWSER_PATH } from './support/test-browser.mjs';

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisHost = '127.0.0.1';
const redisPort = 6379;
const chromium = TEST_BROWSER_PATH;
const isRoot = process.getuid?.() === 0;
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line) => process.stdout.write(`test prerequisites: ${line}\n`);

function fail(message) {
  process.stderr.write(`\nnpm test cannot run yet: ${message}\n\n`);
  process.exit(1);
}

async function postgresUp() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisUp() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: redisHost, port: redisPort });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function aptInstall(...packages) {
  say(`installing ${packages.join(', ')} with apt-get (a minute or two)`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function waitUntil(check, what) {
  for (let i = 0; i < 30; i += 1) {
    if (await check()) return;
    await sleep(500);
  }
  fail(`${what} was started but does not answer`);
}

async function ensurePostgres() {
  if (await postgresUp()) return;
  if (!has('pg_ctlcluster')) {
    if (!(isRoot && has('apt-get'))) {
      fail(
        'PostgreSQL is not at 127.0.0.1:5432. Install and start it: sudo apt-get install -y postgresql, allow trust auth for 127.0.0.1 in pg_hba.conf, then sudo pg_ctlcluster <version> main start (or set TEST_POSTGRES_URL to one that accepts the postgres user).',
      );
    }
    aptInstall('postgresql');
  }
  const versions = readdirSync('/etc/postgresql');
  if (versions.length === 0) fail('PostgreSQL is installed but has no cluster: run sudo pg_createcluster --start 15 main');
  const start = ['pg_ctlcluster', '--skip-systemctl-redirect', versions[0], 'main', 'start'];
  say(`starting PostgreSQL ${versions[0]}`);
  const result = spawnSync(isRoot ? start[0] : 'sudo', isRoot ? start.slice(1) : start, { stdio: 'inherit' });
  if (result.status !== 0) fail(`PostgreSQL is stopped and could not be started: run sudo ${start.join(' ')}`);
  await waitUntil(postgresUp, 'PostgreSQL');
}

async function ensureRedis() {
  if (await redisUp()) return;
  if (!has('redis-server')) {
    if (!(isRoot && has('apt-get')))
      fail(
        'Redis is not at 127.0.0.1:6379. Install and start it: sudo apt-get install -y redis-server && sudo redis-server --daemonize yes --bind 127.0.0.1',
      );
    aptInstall('redis-server');
    if (await redisUp()) return;
  }
  say('starting Redis');
  const result = spawnSync(
    'redis-server',
    ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) fail('Redis is stopped and could not be started: run redis-server --daemonize yes --bind 127.0.0.1');
  await waitUntil(redisUp, 'Redis');
}

function ensureChromium() {
  try {
    accessSync(chromium, constants.X_OK);
    return;
  } catch {
    // not there: install it below, or say how
  }
  if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH is ${chromium}, which is not an executable Chromium.`);
  if (!(isRoot && has('apt-get')))
    fail(
      `there is no Chromium at ${chromium} for the browser tests: run sudo apt-get install -y ${TEST_BROWSER_PACKAGE} (Debian's package), or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  aptInstall(TEST_BROWSER_PACKAGE);
}

if (process.argv.includes('--browser')) {
  ensureChromium();
  say('Chromium is ready');
} else {
  await ensurePostgres();
  await ensureRedis();
  ensureChromium();
  say('PostgreSQL, Redis and Chromium are ready');
}
