/**
 * The server's side of the embedded database: PGlite runs in a worker thread (pglite-worker.ts)
 * and the main thread reaches it with a `pg` Pool whose connections are message-port streams
 * instead of sockets. Requests that do not touch the database are never held up by a query, and
 * the application talks to PGlite and to PostgreSQL through one code path (wrapPool).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { FromWorker, ToWorker, WorkerOptions } from './pglite-protocol';

/** In the source tree (tsx, tests) the worker is TypeScript; the production build ships pglite-worker.js beside the bundle. */
const fromSource = import.meta.url.endsWith('.ts');
const workerEntry = new URL(fromSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
/** A child process running the TypeScript entry needs tsx. */
const childLoader = fromSource ? ['--import', 'tsx'] : [];

/**
 * From the source tree the worker's entry is TypeScript, and a worker thread loads it only where
 * tsx's hooks are registered: not under vitest, which transforms the tests' imports itself (and on
 * Node 20 not even with `--import tsx` in its execArgv). So it starts with a bootstrap that
 * registers tsx itself.
 */
function startWorkerThread(options: WorkerOptions): Worker {
  if (!fromSource) return new Worker(workerEntry, { workerData: options });
  // The ESM build of tsx's API (require.resolve would name its CommonJS build, whose register() fails in a worker).
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = path.join(tsxRoot, 'dist/esm/api/index.mjs');
  const bootstrap = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerEntry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}

/**
 * Connections onto the embedded session. More than one keeps the worker busy back to back while
 * the main thread answers requests; past a few they only wait in the worker instead of the pool
 * (docs/PERFORMANCE.md, "Embedded database").
 */
export const EMBEDDED_POOL_MAX = 4;

export class EmbeddedDatabaseStopped extends Error {
  constructor(reason: string) {
    super(`The embedded database stopped: ${reason}`);
    this.name = 'EmbeddedDatabaseStopped';
  }
}

/** One `pg` connection carried over the worker's message port. */
class WorkerStream extends Duplex {
  constructor(
    private readonly host: PgliteWorkerHost,
    readonly id: number,
    readonly pinned: boolean,
  ) {
    super();
  }

  connect(): this {
    this.host.attach(this).then(
      () => this.emit('connect'),
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return this;
  }

  // pg tunes its socket; a message port has nothing to tune.
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.host.post({ t: 'data', id: this.id, bytes: new Uint8Array(chunk) });
    callback();
  }

  // pg corks the stream around a query's Parse/Bind/Describe/Execute/Sync: one message to the
  // worker instead of five (each postMessage wakes the worker and costs both threads a copy).
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    const bytes = chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map((entry) => entry.chunk));
    this.host.post({ t: 'data', id: this.id, bytes: new Uint8Array(bytes) });
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    callback();
    this.destroy();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.host.detach(this.id);
    callback(error);
  }
}

/** Runs the worker, restarts it on the next connection if it died, and carries the connections' bytes. */
export class PgliteWorkerHost {
  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  private closing = false;
  private nextId = 1;
  private readonly streams = new Map<number, WorkerStream>();

  constructor(
    private readonly options: WorkerOptions,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * A pg Pool onto PGlite's one session. Its connections share the session between transactions
   * (pglite-worker.ts), so several keep queries queued in the worker while the main thread works;
   * `pinned` connections hold it from connect to release, for session-level state.
   */
  createPool({ max = EMBEDDED_POOL_MAX, pinned = false }: { max?: number; pinned?: boolean } = {}): pg.Pool {
    return new pg.Pool({ max, user: 'postgres', database: 'postgres', stream: () => new WorkerStream(this, this.nextId++, pinned) });
  }

  async start(): Promise<void> {
    await this.ensureWorker();
  }

  async attach(stream: WorkerStream): Promise<void> {
    const worker = await this.ensureWorker();
    this.streams.set(stream.id, stream);
    worker.postMessage({ t: 'open', id: stream.id, pinned: stream.pinned } satisfies ToWorker);
  }

  detach(id: number): void {
    if (this.streams.delete(id)) this.post({ t: 'close', id });
  }

  post(message: ToWorker): void {
    this.worker?.postMessage(message);
  }

  /** Ends the connections, lets PostgreSQL shut down cleanly (checkpoint) and waits for the thread to end. */
  async close(): Promise<void> {
    this.closing = true;
    const worker = this.worker ?? (await this.starting?.catch(() => null)) ?? null;
    for (const stream of this.streams.values()) stream.destroy();
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ t: 'shutdown' } satisfies ToWorker);
    const timer = setTimeout(() => void worker.terminate(), 10_000);
    await exited;
    clearTimeout(timer);
  }

  /** Ends the thread with no clean shutdown, as a crash would (the tests prove the crash path with it). */
  async terminateAbruptly(): Promise<void> {
    await this.worker?.terminate();
  }

  private ensureWorker(): Promise<Worker> {
    if (this.closing) return Promise.reject(new EmbeddedDatabaseStopped('the server is closing'));
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.spawnWorker().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async spawnWorker(): Promise<Worker> {
    await createClusterInChild(this.options.dataDir);
    const worker = startWorkerThread(this.options);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new EmbeddedDatabaseStopped(`it exited with code ${code} while starting`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: FromWorker) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.t === 'ready') resolve();
        else reject(new Error(`unexpected first message from the database worker: ${message.t}`));
      });
    });
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => this.log(`the embedded database failed: ${error.stack ?? error.message}`));
    worker.once('exit', (code) => this.stopped(worker, code));
    this.worker = worker;
    return worker;
  }

  private receive(message: FromWorker): void {
    switch (message.t) {
      case 'data':
        this.streams.get(message.id)?.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        break;
      case 'end': {
        const stream = this.streams.get(message.id);
        if (stream) {
          stream.push(null);
          stream.destroy();
        }
        break;
      }
      case 'log':
        this.log(message.message);
        break;
      case 'ready':
        break;
    }
  }

  /** Every open connection fails at once (its request answers 500, never hangs); the next one starts a new worker. */
  private stopped(worker: Worker, code: number): void {
    if (this.worker === worker) this.worker = null;
    if (this.closing) return;
    this.log(`the embedded database worker exited (code ${code}); it restarts on the next query`);
    const error = new EmbeddedDatabaseStopped(`its worker exited with code ${code}`);
    for (const stream of [...this.streams.values()]) stream.destroy(error);
    this.streams.clear();
  }
}

/**
 * A new data directory needs initdb, which leaves ~750 MB resident in whatever runs it; a child
 * process that exits returns all of it, so the server itself starts below 400 MB.
 */
async function createClusterInChild(dataDir: string): Promise<void> {
  if (existsSync(`${dataDir}/PG_VERSION`)) return;
  await mkdir(dataDir, { recursive: true });
  const child = spawn(process.execPath, [...childLoader, fileURLToPath(workerEntry), '--init', dataDir], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${dataDir} failed (exit ${code}): ${stderr.trim()}`);
}
