import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A private redis-server for tests and the soak's Redis scenarios, on a port of the caller's
 * choosing: one that can be stopped and started again without touching the Redis other runs share.
 * Nothing is saved to disk.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  /** Kills it at once (SIGKILL, as a crash or an OOM kill would). */
  kill(): Promise<void>;
}

export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${output}`)));
    child.once('error', reject);
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await gone;
    },
  };
}
