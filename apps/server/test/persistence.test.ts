import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyMigratedDataDir } from './support/db';
import { exited, startServerProcess, type ServerProcess } from './support/server-process';

let dataDir = '';
let server: ServerProcess | undefined;
let base = '';

/** The server process itself (not behind npx/sh, which would not pass the signal on): a real restart. */
async function start(): Promise<void> {
  server = await startServerProcess({ DATA_DIR: dataDir });
  base = server.baseUrl;
}

async function stop(): Promise<void> {
  const running = server;
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  await exited(running.child);
  // A clean shutdown, not the 10 s forced exit: the embedded database closed its files.
  expect(running.child.exitCode).toBe(0);
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
    // From the run's migrated copy: a first start on an empty directory (initdb, then every
    // migration) is build.test.ts's, with the production bundle; this file is about the restart.
    await copyMigratedDataDir(dataDir);
    await start();
    const form = {
      full_name: 'Ada Obi',
      username: 'adaobi',
      email: 'adaobi@persist.com',
      phone: '+2348030000001',
      password: 'persisted pass',
    };
    expect((await postJson('/api/auth/signup', form)).status).toBe(201);
    const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { to: string; text: string }[];
    const otp = outbox.find((m) => m.to === form.email)?.text.match(/\b(\d{4})\b/)?.[1];
    expect((await postJson('/api/auth/otp/verify', { email: form.email, otp })).status).toBe(200);
    await stop();

    await start();
    const login = await postJson('/api/auth/login', { email_or_phone: form.email, password: form.password });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { email: string } }).user.email).toBe(form.email);
  }, 120_000);
});
