/** Messages between the server's thread and the PGlite worker (pglite-worker.ts, pglite-bridge.ts). */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface WorkerOptions {
  dataDir: string;
}

/**
 * Main thread → worker: one connection's bytes, tagged by a connection id. A pinned connection
 * holds the session from its startup to its end; the others share it between transactions.
 */
export type ToWorker =
  | { t: 'open'; id: number; pinned: boolean }
  | { t: 'data'; id: number; bytes: Uint8Array }
  | { t: 'close'; id: number }
  | { t: 'shutdown' };

/** Worker → main thread. `end` closes a connection from the database side (Terminate, cancel). */
export type FromWorker =
  { t: 'ready' } | { t: 'data'; id: number; bytes: Uint8Array } | { t: 'end'; id: number } | { t: 'log'; message: string };

/**
 * PostgreSQL settings of the embedded database. shared_buffers is PostgreSQL's page cache; inside
 * WebAssembly it is resident memory from the first start, and the default 128 MB put a reopened
 * server at ~300 MB. 32 MB holds the working set of a small deployment (measured in
 * docs/PERFORMANCE.md, "Embedded database").
 */
export const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/**
 * The PostgreSQL extensions the migrations create (0042: pg_trgm for the customer search). PGlite
 * loads an extension's files only when it is given them at start, and an index built with one
 * cannot be written without it: every process that opens the data directory (the worker, its
 * initdb child, backup, restore) passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
