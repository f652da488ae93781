/**
 * The candidate replacement for the embedded database's bridge, measured by pglite-bridge.ts:
 * PGlite and @electric-sql/pglite-socket's PGLiteSocketServer in a worker thread (so a query does
 * not stall the server's thread, as with apps/server/src/db/pglite-worker.ts), listening on a Unix
 * socket that an ordinary `pg` Pool connects to.
 *
 * Not a dependency of the project: pglite-socket pins its PGlite peer exactly (0.2.17 wants
 * 0.5.14, we pin 0.5.16), so it is installed only to re-check the decision (docs/decisions.md 2.8):
 *   npm install --no-save --legacy-peer-deps @electric-sql/pglite-socket@0.2.17
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {{ dataDir: string; socketPath: string; maxConnections: number }} */
const options = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-socket-worker.mjs runs as a worker thread');

const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket').catch((error) => {
  throw new Error(
    `@electric-sql/pglite-socket is not installed: npm install --no-save --legacy-peer-deps @electric-sql/pglite-socket@0.2.17 (${error})`,
  );
});
// The same settings and extensions as the production worker (apps/server/src/db/pglite-protocol.ts).
const db = await PGlite.create({ dataDir: options.dataDir, postgresqlconf: ['shared_buffers=32MB'], extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: options.maxConnections });
await server.start();
port.on('message', (message) => {
  if (message?.t !== 'shutdown') return;
  void server
    .stop()
    .then(() => db.close())
    .then(() => port.close());
});
port.postMessage({ t: 'ready' });
