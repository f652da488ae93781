import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unboundedPayoutLimitsEnv } from '../limits';

/**
 * The real server as its own process on a fixed port (the soak's port range), restartable on the
 * same port and database after a `kill -9`, with its resident memory read from /proc. It runs the
 * production build (the vitest run's, support/server-build.ts, or else compiled afresh once per
 * soak process into node_modules/.cache, where the dependencies resolve) rather than tsx: a start
 * and a restart take seconds, not the half minute tsx needs to compile on a busy machine.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const repoRoot = path.resolve(serverDir, '../..');
const buildDir = path.join(repoRoot, 'node_modules/.cache/soak-server');

let compiled: Promise<string> | undefined;

/** Compiles the server once for this process (or takes the test run's build); resolves to the entry file. */
export function compileServer(): Promise<string> {
  const runBuild = process.env.WISE_TEST_SERVER_BUILD;
  if (runBuild) return Promise.resolve(path.join(runBuild, 'server.js'));
  compiled ??= new Promise<string>((resolve, reject) => {
    const outdir = `${buildDir}-${process.pid}-${randomBytes(3).toString('hex')}`;
    const build = spawn(process.execPath, ['scripts/build.mjs', outdir], { cwd: serverDir, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    build.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    build.once('exit', (code) =>
      code === 0 ? resolve(path.join(outdir, 'server.js')) : reject(new Error(`server build failed: ${errors}`)),
    );
  });
  return compiled;
}

/** Removes this process's build (call once every server of the process has stopped). */
export async function removeCompiledServer(): Promise<void> {
  if (!compiled) return;
  const entry = await compiled.catch(() => undefined);
  compiled = undefined;
  if (entry) await rm(path.dirname(entry), { recursive: true, force: true });
}

export interface SoakServer {
  baseUrl: string;
  pid(): number | undefined;
  output(): string;
  /** Exits nobody asked for (kill9, restart and stop are asked for): a crash, what the fault soak counts. */
  unexpectedExits(): { at: number; code: number | null; signal: string | null }[];
  /** SIGKILL, as a crash: no shutdown hook runs. */
  kill9(): Promise<void>;
  /** Starts it again with the same settings; resolves once /readyz answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export async function startSoakServer(port: number, env: Record<string, string>): Promise<SoakServer> {
  let child: ChildProcessWithoutNullStreams | undefined;
  let output = '';
  let expectingExit = false;
  const unexpected: { at: number; code: number | null; signal: string | null }[] = [];
  const baseUrl = `http://127.0.0.1:${port}`;

  const entry = await compileServer();
  const launch = async () => {
    const started = spawn(process.execPath, [entry], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '1000',
        // One soak reviewer approves every customer's sales: the approval limits are not under test here.
        APPROVAL_LIMIT_NAIRA: '1000000000',
        REVIEWER_DAILY_LIMIT_NAIRA: '10000000000',
        // Nor the customers' payout limits.
        ...unboundedPayoutLimitsEnv,
        WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
        ...env,
        PORT: String(port),
      },
    });
    child = started;
    expectingExit = false;
    started.once('exit', (code, signal) => {
      if (!expectingExit) unexpected.push({ at: Date.now(), code, signal });
    });
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Generous: a restart under a crowd of customers (and a busy machine) is slow to answer /readyz.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(`the server exited before it was ready: ${output.slice(-4000)}`);
      const ready = await fetch(`${baseUrl}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`the server was not ready within 180 s: ${output.slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  await launch();
  return {
    baseUrl,
    pid: () => child?.pid,
    output: () => output,
    unexpectedExits: () => [...unexpected],
    async kill9() {
      if (!child) return;
      expectingExit = true;
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: launch,
    async stop() {
      if (!child) return;
      expectingExit = true;
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
