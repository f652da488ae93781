#!/usr/bin/env node
/**
 * How cost grows with the data (docs/PERFORMANCE.md): `node scripts/bench/scale.mjs` (or `npm run bench:scale`).
 *
 * For 10 k, 100 k and 1 M rows (sales, notifications and gem movements each; scale-seed.mjs), a fresh PostgreSQL
 * database `wise_scale_<rows>_<pid>` gets the app's migrations (through `admin:create`, which
 * migrates before it adds the reviewer), the real server starts on it, a heavy customer signs up
 * through the API (a tenth of all rows become theirs) and a reviewer signs in with password and
 * authenticator code. Then autocannon measures p50/p99 of the first page and a deep page (a
 * cursor 90 % down the list) of the customer's transactions, notifications, gem statement and the
 * back office's review queue, and the first page of the back office's customer search (one customer
 * per 10 rows) for a name fragment and for a local phone's start, each matching the seed's same
 * handful of customers at every size. Prints the table and the 1 M / 10 k ratio (goal ≤ 1.5×), and
 * drops the databases.
 *
 * Environment (all optional): SCALE_ROWS=10000,100000,1000000 · SCALE_PORT (default a free port)
 * · SCALE_DURATION_S=5 · SCALE_WARMUP_S=1 · SCALE_CONNECTIONS=10 · SCALE_ADMIN_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) · SCALE_CPU_LOCK=<file>: hold `flock -x` on that file
 * while measuring each size, and `flock -s` while seeding it, so nothing heavy runs beside the figures.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createCustomer, fmt, freePort, measure, ROOT, startWise, table } from './lib.mjs';
import { SEARCH_NEEDLES, scaleSeedStatements } from './scale-seed.mjs';

const SIZES = (process.env.SCALE_ROWS ?? '10000,100000,1000000').split(',').map(Number);
const DURATION_S = Number(process.env.SCALE_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.SCALE_WARMUP_S ?? 1);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 10);
const ADMIN_URL = process.env.SCALE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_RATIO = 1.5;
const STAFF_PASSWORD = 'scale bench password 1';
/** The server's SESSION_SECRET here, so the bench can sign a deep gem-statement cursor as the server does. */
const SESSION_SECRET = 'scale-bench-session-secret-0123456789';

const urlFor = (name) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs a child to completion; rejects with its stderr when it fails. */
function run(command, args, { cwd = ROOT, env = {}, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${out}`))));
    child.stdin.end(input ?? '');
  });
}

/** RFC 6238 (SHA-1, 30 s, 6 digits) from a base32 secret: the code an authenticator app shows. */
function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function call(baseUrl, method, url, body, cookie) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { json: text ? JSON.parse(text) : undefined, cookie: cookies.find((c) => c.startsWith('wise_staff=')) };
}

/** A reviewer signed in through the real endpoints: password, then the authenticator set-up code. */
async function staffSession(baseUrl, email) {
  const login = await call(baseUrl, 'POST', '/api/admin/auth/login', { email, password: STAFF_PASSWORD });
  const { json } = await call(baseUrl, 'GET', '/api/admin/auth/enrolment', undefined, login.cookie);
  const enrolled = await call(baseUrl, 'POST', '/api/admin/auth/enrolment', { code: totp(json.secret) }, login.cookie);
  if (!enrolled.cookie) throw new Error('staff enrolment set no cookie');
  return enrolled.cookie;
}

/** The keyset cursor of the row `fraction` down a list, in the server's own format (`<at µs>|<id>` base64url). */
async function cursorAt(client, sqlText, params) {
  const { rows } = await client.query(sqlText, params);
  const row = rows[0];
  if (!row) throw new Error(`no row for a deep cursor: ${sqlText}`);
  return Buffer.from(`${row.at}|${row.id}`, 'utf8').toString('base64url');
}
const AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The gem statement's cursor `fraction` down the customer's movements, in the server's format
 * (domain/gems/statement.ts): `<seq>|<balance where the next page starts>|<signature>` base64url.
 * The movement is found first and the balance summed once: a sum in the select list of the OFFSET
 * query ran for every skipped row, quadratic in the customer's movements (hours at 1 M rows).
 */
async function statementCursorAt(client, userId, offset) {
  const { rows } = await client.query(
    `WITH target AS (SELECT seq FROM gem_entries WHERE user_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)
     SELECT t.seq::text AS seq,
            a.balance - (SELECT coalesce(sum(l.amount), 0) FROM gem_entries x JOIN gem_entry_lines l ON l.entry_id = x.id AND l.account_id = a.id
                         WHERE x.user_id = $1 AND x.seq >= t.seq) AS balance
     FROM target t JOIN gem_accounts a ON a.user_id = $1 AND a.kind = 'available'`,
    [userId, offset],
  );
  const row = rows[0];
  if (!row) throw new Error('no gem movement for a deep cursor');
  const body = `${row.seq}|${row.balance}`;
  const mac = createHmac('sha256', SESSION_SECRET).update(`gem-statement|${userId}|${body}`).digest('hex').slice(0, 32);
  return Buffer.from(`${body}|${mac}`, 'utf8').toString('base64url');
}

/**
 * `flock -x` (or `-s`) held by a child until released: the measurement runs with nothing heavy
 * beside it; the seeding, heavy itself, shares the machine like any other heavy job.
 */
async function cpuLock(file, mode) {
  if (!file) return async () => undefined;
  const child = spawn('flock', [mode === 'shared' ? '-s' : '-x', file, '-c', 'echo locked; exec cat'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`flock exited ${code}`)));
  });
  return async () => {
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
  };
}

/** A seeded database with its server running and the ten pages to measure; `drop()` ends both. */
async function prepareSize(rows) {
  const name = `wise_scale_${rows}_${process.pid}`;
  const databaseUrl = urlFor(name);
  await withClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE ${name}`));
  let server;
  const drop = async () => {
    await server?.stop();
    await withClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  try {
    // The app's own migrate runs first thing in admin:create; the reviewer it adds signs in below.
    const staffEmail = `scale-reviewer-${process.pid}@wise.test`;
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/admin-create.ts',
        '--email',
        staffEmail,
        '--name',
        'Scale Reviewer',
        '--role',
        'reviewer',
        '--password-stdin',
      ],
      {
        cwd: path.join(ROOT, 'apps/server'),
        env: { DATABASE_URL: databaseUrl, NODE_ENV: 'development' },
        input: `${STAFF_PASSWORD}\n`,
      },
    );
    const basePort = Number(process.env.SCALE_PORT);
    server = await startWise({
      port: basePort ? basePort + SIZES.indexOf(rows) : await freePort(),
      databaseUrl,
      tmpPrefix: '/tmp/wise-scale-',
      // The largest size seeds for minutes while the smaller ones wait: their staff sessions must not idle out.
      env: { STAFF_SESSION_IDLE_MINUTES: '720', SESSION_SECRET },
    });
    const heavy = await createCustomer(server.baseUrl);
    const staffCookie = await staffSession(server.baseUrl, staffEmail);

    const seedStarted = Date.now();
    const releaseSeed = await cpuLock(process.env.SCALE_CPU_LOCK, 'shared');
    let routes;
    try {
      routes = await withClient(databaseUrl, async (client) => {
        const { rows: ids } = await client.query(
          'SELECT (SELECT id FROM users WHERE email = $1) AS heavy, (SELECT id FROM staff WHERE email = $2) AS staff',
          [heavy.email, staffEmail],
        );
        for (const statement of scaleSeedStatements({ rows, heavyUserId: ids[0].heavy, staffId: ids[0].staff }))
          await client.query(statement);
        const mine = Math.floor(rows / 10);
        const deepTx = await cursorAt(
          client,
          `SELECT ${AT} AS at, id FROM sales WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
          [ids[0].heavy, Math.floor(mine * 0.9)],
        );
        const deepNotes = await cursorAt(
          client,
          `SELECT ${AT} AS at, id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
          [ids[0].heavy, Math.floor(mine * 0.9)],
        );
        const deepGems = await statementCursorAt(client, ids[0].heavy, Math.floor(mine * 0.9));
        const { rows: waiting } = await client.query(`SELECT count(*)::int AS n FROM sales WHERE status IN ('submitted', 'under_review')`);
        const deepQueue = await cursorAt(
          client,
          `SELECT ${AT} AS at, id FROM sales WHERE status IN ('submitted', 'under_review') ORDER BY created_at, id OFFSET $1 LIMIT 1`,
          [Math.floor(waiting[0].n * 0.9)],
        );
        return [
          { list: 'transactions', page: 'first', path: '/api/transactions', cookie: heavy.cookie },
          { list: 'transactions', page: 'deep', path: `/api/transactions?cursor=${deepTx}`, cookie: heavy.cookie },
          { list: 'notifications', page: 'first', path: '/api/notifications', cookie: heavy.cookie },
          { list: 'notifications', page: 'deep', path: `/api/notifications?cursor=${deepNotes}`, cookie: heavy.cookie },
          { list: 'gem statement', page: 'first', path: '/api/gems/statement', cookie: heavy.cookie },
          { list: 'gem statement', page: 'deep', path: `/api/gems/statement?cursor=${deepGems}`, cookie: heavy.cookie },
          { list: 'review queue', page: 'first', path: '/api/admin/sales?status=pending&limit=20', cookie: staffCookie },
          { list: 'review queue', page: 'deep', path: `/api/admin/sales?status=pending&limit=20&cursor=${deepQueue}`, cookie: staffCookie },
          { list: 'customer search', page: 'name', path: `/api/admin/customers?q=${SEARCH_NEEDLES.name}`, cookie: staffCookie },
          { list: 'customer search', page: 'phone', path: `/api/admin/customers?q=${SEARCH_NEEDLES.phone}`, cookie: staffCookie },
        ];
      });
    } finally {
      await releaseSeed();
    }
    return { rows, seedS: (Date.now() - seedStarted) / 1000, baseUrl: server.baseUrl, routes, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function measureSize(size) {
  const results = [];
  for (const route of size.routes) {
    const r = await measure({
      baseUrl: size.baseUrl,
      route: { ...route, name: `${route.list} ${route.page}` },
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    });
    if (r.non2xx > 0 || r.total === 0)
      throw new Error(`${route.list} ${route.page} at ${size.rows} rows: ${r.non2xx} non-2xx of ${r.total}`);
    results.push({ ...route, p50: r.p50, p99: r.p99, rps: r.rps });
  }
  return { ...size, results };
}

async function main() {
  console.log(
    `How cost grows with the data — PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s per page after ${WARMUP_S} s warm-up; rows = sales, notifications and gem movements each, a tenth the heavy customer's; one customer per 10 rows`,
  );
  // Every size is seeded first, its server left running; then all are measured back to back, under
  // the same conditions (and one exclusive hold of SCALE_CPU_LOCK), and every database is dropped.
  const prepared = [];
  const sizes = [];
  try {
    for (const rows of SIZES) {
      const size = await prepareSize(rows);
      console.log(`  ${rows.toLocaleString('en-US')} rows: seeded in ${size.seedS.toFixed(1)} s`);
      prepared.push(size);
    }
    const release = await cpuLock(process.env.SCALE_CPU_LOCK, 'exclusive');
    try {
      for (const size of prepared) sizes.push(await measureSize(size));
    } finally {
      await release();
    }
  } finally {
    for (const size of prepared) await size.drop();
  }
  const first = sizes[0];
  const last = sizes.at(-1);
  const headers = ['list', 'page', ...sizes.map((s) => `${s.rows.toLocaleString('en-US')} p50 / p99`)];
  if (sizes.length > 1) headers.push(`${last.rows.toLocaleString('en-US')} / ${first.rows.toLocaleString('en-US')} p50 · p99`);
  const lines = first.results.map((r, i) => {
    const cells = [r.list, r.page, ...sizes.map((s) => `${fmt.ms(s.results[i].p50)} / ${fmt.ms(s.results[i].p99)}`)];
    if (sizes.length > 1) {
      // Below 1 ms autocannon reports 0 or 1: compare from 1 ms up, so noise at the floor is not a ratio.
      const ratio = (a, b) => (Math.max(a, 1) / Math.max(b, 1)).toFixed(2);
      cells.push(`${ratio(last.results[i].p50, r.p50)}× · ${ratio(last.results[i].p99, r.p99)}×`);
    }
    return cells;
  });
  console.log(`\n${table(headers, lines)}\n`);
  if (sizes.length > 1) {
    const worst = Math.max(
      ...first.results.flatMap((r, i) => [
        Math.max(last.results[i].p50, 1) / Math.max(r.p50, 1),
        Math.max(last.results[i].p99, 1) / Math.max(r.p99, 1),
      ]),
    );
    console.log(`Worst ratio ${worst.toFixed(2)}× (goal ≤ ${GOAL_RATIO}×): ${worst <= GOAL_RATIO ? 'met' : 'MISSED'}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
