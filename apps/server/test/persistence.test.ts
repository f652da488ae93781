import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const port = 3600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
let dataDir = '';
let child: ChildProcess | undefined;

async function start(): Promise<void> {
  child = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready');
}

async function stop(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

const postJson = (url: string, body: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

afterAll(async () => {
  await stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('keeps an account across a restart of the server', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wise-persist-'));
    await start();
    const form = { full_name: 'Ada Obi', username: 'adaobi', email: 'adaobi@persist.com', phone: '+2348030000001', password: 'persisted pass' };
    expect((await postJson('/api/auth/signup', form)).status).toBe(201);
    const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { to: string; text: string }[];
    const otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
    expect((await postJson('/api/auth/otp/verify', { email: form.email, otp })).status).toBe(200);
    await stop();

    await start();
    const login = await postJson('/api/auth/login', { email_or_phone: form.email, password: form.password });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { email: string } }).user.email).toBe(form.email);
  }, 60_000);
});
