import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as its own process on a fixed port (the soak's port range), restartable on the
 * same port and database after a `kill -9`, with its resident memory read from /proc.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface SoakServer {
  baseUrl: string;
  pid(): number | undefined;
  output(): string;
  /** SIGKILL, as a crash: no shutdown hook runs. */
  kill9(): Promise<void>;
  /** Starts it again with the same settings; resolves once /readyz answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export async function startSoakServer(port: number, env: Record<string, string>): Promise<SoakServer> {
  let child: ChildProcessWithoutNullStreams | undefined;
  let output = '';
  const baseUrl = `http://127.0.0.1:${port}`;

  const launch = async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '1000', ...env, PORT: String(port) },
    });
    child = started;
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null) throw new Error(`the server exited before it was ready: ${output.slice(-4000)}`);
      const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.status === 200, () => false);
      if (ready) return;
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`the server was not ready within 60 s: ${output.slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  await launch();
  return {
    baseUrl,
    pid: () => child?.pid,
    output: () => output,
    async kill9() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: launch,
    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** VmRSS of a process in kB (undefined once it is gone). */
export async function residentKb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
