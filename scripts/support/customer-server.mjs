// What the budget and Lighthouse scripts share: the built web app served by the real server on a
// fresh embedded database (development mode, for the dev outbox), and a customer made through the
// API as e2e/support/account.ts makes one, with the data the logged-in screens need.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { builtServerArgs } from './server-build.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export { CHROMIUM_FLAGS } from './test-browser.mjs';

const temporary = [];
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** WEB_DIST, or a fresh production build in a folder of its own (apps/web/dist is left alone). */
export function webDist() {
  if (process.env.WEB_DIST) return path.resolve(process.env.WEB_DIST);
  const outDir = tempDir('wise-web-dist-');
  console.log(`building the web app into ${outDir} …`);
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  return outDir;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The server as production serves the build (precompressed .br/.gz, immutable hashed assets; see
 * apps/server/src/plugins/web.ts), on PGlite in a temporary folder. `url` reuses a server already
 * running in development mode on the same build instead. Returns its origin and a stop function.
 */
export async function startServer(dist, { url, port } = {}) {
  if (url) return { origin: url.replace(/\/$/, ''), stop: async () => cleanUp() };
  const chosenPort = port ?? (await freePort());
  const origin = `http://localhost:${chosenPort}`;
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, builtServerArgs(), {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(chosenPort),
      APP_URL: origin,
      DATA_DIR: tempDir('wise-measure-data-'),
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '50',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 500));
    cleanUp();
  };
  // Stopped from outside (Ctrl-C, a CI timeout): the detached server must not outlive the script.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void stop().then(() => process.exit(130)));
  }
  // A busy machine can take a minute to open the embedded database and apply the migrations.
  for (let i = 0; i < 720; i += 1) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('the server did not start');
}

function cleanUp() {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** JSON API calls as one customer, keeping the session cookie. */
function apiClient(origin) {
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    async call(method, url, body, headers = {}) {
      const isForm = body instanceof FormData;
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: { origin, ...(cookie ? { cookie } : {}), ...(body && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      });
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('wise_session='));
      if (setCookie) cookie = setCookie.split(';')[0];
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
  };
}

/**
 * A verified, logged-in customer with bank details, a gift-card sale and a crypto quote.
 * `cookie` is "name=value" of the session; `localStorage` the keys the app reads (docs/product.md §3).
 */
export async function makeCustomer(origin) {
  const api = apiClient(origin);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(-10);
  const user = {
    full_name: 'Ada Obi',
    username: `m${tag}`,
    email: `m${tag}@wisetest.com`,
    phone: `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'measure123456',
  };
  await api.call('POST', '/api/auth/signup', user);
  const outbox = await api.call('GET', '/api/dev/outbox');
  const otp = outbox.find((m) => m.to.toLowerCase() === user.email)?.text.match(/\b\d{4}\b/)?.[0];
  if (!otp) throw new Error('no sign-up code in the dev outbox');
  await api.call('POST', '/api/auth/otp/verify', { email: user.email, otp });
  const login = await api.call('POST', '/api/auth/login', { email_or_phone: user.email, password: user.password });
  await api.call('PUT', '/api/bank', { bank_code: '058', bank_account: '0123456789', password: user.password });

  const { cards } = await api.call('GET', '/api/giftcards');
  const detail = await api.call('GET', `/api/giftcards/${cards[0].slug}`);
  const subcategory = detail.subcategories[0];
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3b2bd6' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('subcategory_id', subcategory.id);
  form.set('gift_card_id', detail.card.id);
  form.set('amount', subcategory.min_amount);
  form.set('expected_rate', subcategory.exchange_rate);
  form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'card.jpg');
  const { sale } = await api.call('POST', '/api/giftcards/sales', form, { 'idempotency-key': crypto.randomUUID() });
  const { quote } = await api.call('POST', '/api/crypto/quotes', { coin: 'btc', amount: '0.001' });
  return {
    cookie: api.cookie,
    localStorage: { auth: 'true', id: login.user.id, fullname: login.user.full_name },
    card: cards[0].slug,
    sale: sale.id,
    quote: quote.id,
  };
}
