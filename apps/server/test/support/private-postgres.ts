import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of its own (initdb + pg_ctl into a temporary directory, on a loopback port
 * the kernel picks) for the tests and the soak that restart or stop the database: the shared
 * server other runs use is never touched. PostgreSQL refuses to run as root, so as root the cluster
 * runs as the `postgres` system user.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is ended, the server is back when it resolves. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its directory. */
  destroy(): Promise<void>;
}

const BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const SYSTEM_USER = 'postgres';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'wise-private-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', SYSTEM_USER]);
    const { stdout: group } = await run('id', ['-g', SYSTEM_USER]);
    await chown(root, Number(stdout.trim()), Number(group.trim()));
    await chmod(root, 0o700);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', SYSTEM_USER, '--', path.join(BIN_DIR, tool), ...args]) : run(path.join(BIN_DIR, tool), args);
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Loopback only, the socket in the cluster's own directory, and no fsync: a test cluster.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off -c max_connections=200`;
  const ctl = (action: string, extra: string[] = []) => pg('pg_ctl', [action, '-D', dataDir, '-w', '-t', '60', ...extra]);
  const start = async () => {
    await ctl('start', ['-o', options, '-l', path.join(root, 'log')]);
  };
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    restart: async () => {
      await ctl('restart', ['-m', 'fast', '-o', options, '-l', path.join(root, 'log')]);
    },
    stop: async () => {
      await ctl('stop', ['-m', 'fast']);
    },
    destroy: async () => {
      await ctl('stop', ['-m', 'immediate']).catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
