import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProgramArgs } from './server-build';
import { unboundedPayoutLimitsEnv } from './limits';

/**
 * The real server as its own process (the run's production build: server-build.ts), for tests that
 * kill it, restart it or share its database with another process: crash, restore.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  /** Everything it printed so far (for failure messages). */
  output: () => string;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (child: ChildProcessWithoutNullStreams) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * Starts the server in development mode on a free loopback port with `env` added (DATABASE_URL,
 * DATA_DIR, provider settings…) and waits up to 110 s for /readyz (a first start on a fresh
 * DATA_DIR runs initdb: 40-60 s on a 2-core machine shared with other runs).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverProgramArgs('server'), {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
      ...unboundedPayoutLimitsEnv,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ServerProcess = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it was ready: ${output}`);
    const ready = await fetch(`${server.baseUrl}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return server;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 110 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
