// Shared pieces of the API benchmark (docs/PERFORMANCE.md): start the real server process (the same entry a
// deployment runs, `apps/server/src/server.ts`) on a scratch PostgreSQL database or a fresh embedded
// PGlite directory, make a customer through the API, and measure a route with autocannon.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
const HELLO_ENTRY = path.join(ROOT, 'scripts/bench/hello.mjs');

/** A port the OS says is free now (used when no --port is given). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A scratch database on the given PostgreSQL server; drop() removes it. */
export async function scratchDatabase(adminUrl) {
  const name = `wise_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time a process has used so far, in ms (utime + stime from /proc; 100 ticks a second). */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The Wise server as its own process (the compiled bundle, as `npm start` runs it), logging at the default
 * level to a discarded stdout: the cost of the request log line is part of what is measured.
 */
export async function startWise({ port, databaseUrl, tmpPrefix, env = {}, nodeArgs = [], tsx = process.env.BENCH_TSX === '1' }) {
  const dataDir = mkdtempSync(tmpPrefix);
  // What production runs (`npm run start:prod`): the esbuild bundle, built once per bench run into
  // a scratch directory, with that script's node flags and no --enable-source-maps (parsing the
  // bundle's 2.7 MB map costs ~25 MB of RSS that a deployment does not pay). BENCH_TSX=1 runs the
  // sources under tsx instead (its compiler and source maps cost ~60 MB of RSS and some CPU).
  const entry = tsx ? ['--import', 'tsx', SERVER_ENTRY] : [...productionNodeFlags(), builtServer()];
  // nodeArgs: e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/p'] to profile the server (not allowed in NODE_OPTIONS).
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MULTIPLIER: '1000000',
      // No web build needed: the bench only calls the API and /healthz.
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    // A first PGlite start creates its cluster: minutes on a loaded 2-core machine.
    await waitForHttp(`${baseUrl}/healthz`, child, 300_000);
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${error.message}\n${stderr}`, { cause: error });
  }
  return {
    baseUrl,
    pid: child.pid,
    startMs: Date.now() - started,
    stderr: () => stderr,
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** node's flags in the root package.json's `start:prod` (e.g. the young generation's size, docs/PERFORMANCE.md "Memory"). */
function productionNodeFlags() {
  const script = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['start:prod'];
  return script.split(/\s+/).filter((arg) => arg.startsWith('--'));
}

let built;
/** The server bundle (apps/server/scripts/build.mjs), built once per process. */
function builtServer() {
  if (!built) {
    // Inside apps/server (under a dist/ directory, git-ignored) so the bundle finds node_modules.
    mkdirSync(path.join(ROOT, 'apps/server/dist'), { recursive: true });
    const outdir = mkdtempSync(path.join(ROOT, 'apps/server/dist/bench-'));
    execFileSync(process.execPath, [path.join(ROOT, 'apps/server/scripts/build.mjs'), outdir], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    built = path.join(outdir, 'server.js');
  }
  return built;
}

/** A bare Fastify hello-world from the same node_modules: the ceiling the bare route is compared to. */
export async function startHello(port) {
  const child = spawn(process.execPath, [HELLO_ENTRY, String(port)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/`, child, 30_000);
  return { baseUrl, pid: child.pid, stop: () => stopProcess(child) };
}

async function call(baseUrl, method, url, body, cookie) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return { res, json: text ? JSON.parse(text) : undefined };
}

/** Signs up through the API, reads the OTP from the dev outbox, verifies and logs in. */
export async function createCustomer(baseUrl) {
  const tag = randomBytes(5)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  const form = {
    full_name: 'Ada Obi-Okafor',
    username: `bench${tag}`,
    email: `bench${tag}@wisetest.com`,
    phone: `+23480${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    password: 'correct horse 1',
  };
  await call(baseUrl, 'POST', '/api/auth/signup', form);
  const { json: outbox } = await call(baseUrl, 'GET', '/api/dev/outbox');
  const otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
  if (!otp) throw new Error('no sign-up code in the dev outbox');
  await call(baseUrl, 'POST', '/api/auth/otp/verify', { email: form.email, otp });
  const { res } = await call(baseUrl, 'POST', '/api/auth/login', { email_or_phone: form.email, password: form.password });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('wise_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return { ...form, cookie };
}

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * One route under load: a warm-up (discarded), then the measured run. Peak RSS of `pid` is sampled
 * every 200 ms during the measured run. A route answering anything but 2xx is reported as failing:
 * a fast 401 must never pass for a fast dashboard.
 */
export async function measure({ baseUrl, route, connections, durationS, warmupS, pid }) {
  const options = {
    url: `${baseUrl}${route.path}`,
    method: route.method ?? 'GET',
    connections: route.connections ?? connections,
    headers: { ...(route.cookie ? { cookie: route.cookie } : {}), ...(route.body ? { 'content-type': 'application/json' } : {}) },
    body: route.body ? JSON.stringify(route.body) : undefined,
  };
  if (route.bodies) {
    // Several bodies (e.g. one login per customer) sent in turn, so no one account takes all the load.
    const bodies = route.bodies.map((b) => JSON.stringify(b));
    let next = 0;
    options.headers['content-type'] = 'application/json';
    options.requests = [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }];
  }
  if (warmupS > 0) await runAutocannon({ ...options, duration: warmupS });
  let peakRss = 0;
  const sampler = pid
    ? setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(pid) ?? 0);
      }, 200)
    : undefined;
  const cpuBefore = pid ? cpuMs(pid) : undefined;
  const result = await runAutocannon({ ...options, duration: durationS });
  if (sampler) clearInterval(sampler);
  const cpuAfter = pid ? cpuMs(pid) : undefined;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    // Connection errors and answers slower than autocannon's 10 s timeout: an overloaded machine, not a wrong answer.
    timeouts: result.errors + result.timeouts,
    total: result.requests.total,
    peakRssMb: pid ? Math.max(peakRss, rssMb(pid) ?? 0) : undefined,
    // Server CPU per answer: unlike req/s it hardly moves when other work shares the machine.
    cpuUsPerReq:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
        : undefined,
  };
}

/**
 * What argon2 allows on this machine now, with the app's own parameters and code
 * (lib/passwords.ts, under tsx), after one verification to warm up:
 * - `aloneMs`: the median wall time of `n` verifications in a row, one at a time;
 * - `atOnceRps`: verifications per second with `cores` of them running at once, each core going
 *   on to the next as soon as its last is done (`n` each), as the server runs them under a login
 *   storm (lib/passwords.ts runs at most one per core); the fastest of three rounds, so that a
 *   moment of host noise lowers the bar for no login.
 * The login goal is measured against `atOnceRps`: cores ÷ `aloneMs` would credit each core with a
 * memory bandwidth and a last-level cache that it has alone but not while the others also fill
 * 19 MiB (docs/PERFORMANCE.md, "Login").
 */
export async function argon2Ceiling(cores, n = 25) {
  const script = `
    const { hashSecret, verifySecret } = await import(${JSON.stringify(path.join(ROOT, 'apps/server/src/lib/passwords.ts'))});
    const stored = await hashSecret('correct horse 1');
    const check = async () => {
      if (!(await verifySecret(stored, 'correct horse 1'))) throw new Error('verify failed');
    };
    await check();
    const times = [];
    for (let i = 0; i < ${n}; i += 1) {
      const started = process.hrtime.bigint();
      await check();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    let atOnceRps = 0;
    for (let round = 0; round < 3; round += 1) {
      const started = process.hrtime.bigint();
      await Promise.all(Array.from({ length: ${cores} }, async () => {
        for (let i = 0; i < ${n}; i += 1) await check();
      }));
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      atOnceRps = Math.max(atOnceRps, (${cores} * ${n}) / wallS);
    }
    process.stdout.write(JSON.stringify({ aloneMs: times[Math.floor(times.length / 2)], atOnceRps }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  const result = JSON.parse(out.trim());
  if (!(result.aloneMs > 0) || !(result.atOnceRps > 0)) throw new Error(`argon2 timing gave ${out}`);
  return result;
}

/** The customer data routes docs/PERFORMANCE.md names, with the cookie of a logged-in customer. */
export function customerRoutes(cookie) {
  return [
    { name: 'GET /api/dashboard', path: '/api/dashboard', cookie },
    { name: 'GET /api/transactions', path: '/api/transactions', cookie },
    { name: 'GET /api/gems/balance', path: '/api/gems/balance', cookie },
    { name: 'GET /api/gems/collection', path: '/api/gems/collection', cookie },
    { name: 'GET /api/notifications', path: '/api/notifications', cookie },
    { name: 'GET /api/profile', path: '/api/profile', cookie },
    { name: 'GET /api/giftcards', path: '/api/giftcards', cookie },
    { name: 'GET /api/crypto/coins', path: '/api/crypto/coins', cookie },
    { name: 'GET /api/bills/data/mtn/plans', path: '/api/bills/data/mtn/plans', cookie },
  ];
}

export const fmt = {
  rps: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => `${n} ms`,
  pct: (n) => `${Math.round(n * 100)} %`,
  us: (n) => (n === undefined ? '' : `${Math.round(n)} µs`),
  s: (ms) => `${(ms / 1000).toFixed(2)} s`,
};

/** A Markdown table: easy to read in a terminal and to paste into docs/PERFORMANCE.md. */
export function table(headers, rows) {
  const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}
