/**
 * The server side of the candidate bridge (pglite-socket-worker.mjs): starts the worker thread on
 * an existing data directory and hands back a `pg` Pool connected to its Unix socket. Only the
 * measurement of docs/decisions.md 2.8 uses it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

export interface SocketHost {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** The worker's path can be given absolutely (a bundled server has another import.meta.url). */
const workerPath = process.env.WISE_PGLITE_SOCKET_WORKER ?? new URL('./pglite-socket-worker.mjs', import.meta.url);

/**
 * `dataDir` must already hold a cluster (PG_VERSION). `maxConnections` is pglite-socket's limit
 * (its multiplexer serves that many connections on PGlite's one session); the pool opens as many.
 */
export async function openSocketHost(dataDir: string, maxConnections: number): Promise<SocketHost> {
  // pg reaches a Unix socket as host = its directory, port = the suffix of `.s.PGSQL.<port>`.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'wise-pgs-'));
  const worker = new Worker(workerPath, { workerData: { dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432'), maxConnections } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pglite-socket worker exited with code ${code} while starting`)));
    worker.once('message', () => resolve());
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: maxConnections });
  return {
    pool,
    close: async () => {
      await pool.end();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ t: 'shutdown' });
      const timer = setTimeout(() => void worker.terminate(), 10_000);
      await exited;
      clearTimeout(timer);
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
