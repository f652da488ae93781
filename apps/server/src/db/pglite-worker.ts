/**
 * The embedded PGlite, off the server's thread. PGlite runs PostgreSQL compiled to WebAssembly
 * synchronously on whatever thread calls it; in the main thread every query stalled every other
 * request. Here it lives in a worker_threads Worker and speaks the PostgreSQL wire protocol over
 * the worker's message port, so the main thread reaches it with the ordinary `pg` driver — the
 * same code path as PostgreSQL (see pglite-bridge.ts).
 *
 * The same file has a second role, as a short-lived child process (`node pglite-worker.js --init
 * <dir>`): creating a new cluster runs initdb, which leaves ~750 MB resident; a process that exits
 * gives all of it back, where a thread would leave ~250 MB behind in the server.
 */
import { existsSync } from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import {
  PGLITE_EXTENSIONS,
  PGLITE_SETTINGS,
  type FromWorker,
  type ToWorker,
  type WorkerOptions,
} from './pglite-protocol';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Messages after which the client waits for an answer: Sync, simple Query, Flush. */
const FLUSH_POINTS = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0), 'H'.charCodeAt(0)]);
const TERMINATE = 'X'.charCodeAt(0);

/** What a real server says after a startup packet: AuthenticationOk, a key, ReadyForQuery (idle). */
const STARTUP_ANSWER = Buffer.concat([
  Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]),
  parameterStatus('server_encoding', 'UTF8'),
  parameterStatus('client_encoding', 'UTF8'),
  parameterStatus('standard_conforming_strings', 'on'),
  parameterStatus('integer_datetimes', 'on'),
  Buffer.from([0x4b, 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 1]),
  Buffer.from([0x5a, 0, 0, 0, 5, 0x49]),
]);
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

function parameterStatus(name: string, value: string): Buffer {
  const body = Buffer.from(`${name}\0${value}\0`);
  const head = Buffer.alloc(5);
  head.writeUInt8(0x53, 0);
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

interface Session {
  id: number;
  pending: Buffer;
  started: boolean;
  closed: boolean;
  /** Serialises this session's batches: PGlite answers one at a time. */
  chain: Promise<void>;
}

/**
 * PGlite is one PostgreSQL session. A connection owns it from its startup packet until it closes
 * (the pool in the main thread keeps one), so a transaction's statements never interleave with
 * another connection's; a second connection waits for the first to go, as on a server with
 * max_connections = 1.
 */
class SessionHost {
  private owner: Session | null = null;
  private readonly waiting: Session[] = [];
  private readonly sessions = new Map<number, Session>();
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly db: PGlite,
    private readonly send: (message: FromWorker) => void,
  ) {}

  open(id: number): void {
    const session: Session = { id, pending: Buffer.alloc(0), started: false, closed: false, chain: Promise.resolve() };
    this.sessions.set(id, session);
  }

  data(id: number, bytes: Uint8Array): void {
    const session = this.sessions.get(id);
    if (!session || session.closed) return;
    session.pending = session.pending.length ? Buffer.concat([session.pending, bytes]) : Buffer.from(bytes);
    this.drain(session);
  }

  close(id: number): void {
    const session = this.sessions.get(id);
    if (!session || session.closed) return;
    session.closed = true;
    session.chain = session.chain.then(() => this.release(session));
    const done = session.chain.catch(() => undefined).finally(() => this.closing.delete(done));
    this.closing.add(done);
  }

  /** Every connection closed and its session reset: PGlite can shut down. */
  async settled(): Promise<void> {
    for (const session of this.sessions.values()) this.close(session.id);
    await Promise.all([...this.closing]);
  }

  private drain(session: Session): void {
    if (!session.started) {
      if (session.pending.length < 8) return;
      const length = session.pending.readUInt32BE(0);
      if (session.pending.length < length) return;
      const code = session.pending.readUInt32BE(4);
      session.pending = session.pending.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.reply(session, Buffer.from('N'));
      } else if (code === CANCEL_REQUEST) {
        this.send({ t: 'end', id: session.id });
        return;
      } else {
        session.started = true;
        this.acquire(session);
      }
      this.drain(session);
      return;
    }
    // Whole messages up to the last point where the client waits for an answer go to PGlite at once.
    let offset = 0;
    let cut = 0;
    let terminate = false;
    while (session.pending.length - offset >= 5) {
      const type = session.pending[offset]!;
      const end = offset + 1 + session.pending.readUInt32BE(offset + 1);
      if (end > session.pending.length) break;
      if (type === TERMINATE) {
        terminate = true;
        break;
      }
      offset = end;
      if (FLUSH_POINTS.has(type)) cut = end;
    }
    const batch = session.pending.subarray(0, cut);
    session.pending = session.pending.subarray(terminate ? session.pending.length : cut);
    if (batch.length) {
      const copy = Buffer.from(batch);
      session.chain = session.chain
        .then(async () => {
          const answer = await this.db.execProtocolRaw(copy, { syncToFs: true });
          this.reply(session, answer);
        })
        .catch((error: unknown) => {
          // PGlite itself failed (not an SQL error, which is an answer): end the connection so its query fails instead of waiting.
          this.send({ t: 'log', message: `the embedded database failed a request: ${String(error)}` });
          this.send({ t: 'end', id: session.id });
          this.close(session.id);
        });
    }
    if (terminate) {
      this.close(session.id);
      this.send({ t: 'end', id: session.id });
    }
  }

  private acquire(session: Session): void {
    if (this.owner) {
      this.waiting.push(session);
      return;
    }
    this.owner = session;
    const granted = session.chain.then(() => this.reply(session, STARTUP_ANSWER));
    session.chain = granted;
  }

  /** What PostgreSQL does when a connection ends: its transaction, locks and statements go with it. */
  private async release(session: Session): Promise<void> {
    this.sessions.delete(session.id);
    const queued = this.waiting.indexOf(session);
    if (queued >= 0) this.waiting.splice(queued, 1);
    if (this.owner !== session) return;
    try {
      await this.db.execProtocolRaw(SYNC, { syncToFs: false });
      await this.db.exec('ROLLBACK');
      await this.db.exec('DISCARD ALL');
    } catch (error) {
      this.send({ t: 'log', message: `resetting the embedded database session failed: ${String(error)}` });
    }
    this.owner = null;
    const next = this.waiting.shift();
    if (next) this.acquire(next);
  }

  private reply(session: Session, bytes: Uint8Array): void {
    if (session.closed || bytes.length === 0) return;
    this.send({ t: 'data', id: session.id, bytes });
  }
}

async function serve(options: WorkerOptions): Promise<void> {
  const port = parentPort!;
  const db = await PGlite.create({ dataDir: options.dataDir, postgresqlconf: PGLITE_SETTINGS, extensions: PGLITE_EXTENSIONS });
  const host = new SessionHost(db, (message) => port.postMessage(message));
  port.on('message', (message: ToWorker) => {
    switch (message.t) {
      case 'open':
        host.open(message.id);
        break;
      case 'data':
        host.data(message.id, message.bytes);
        break;
      case 'close':
        host.close(message.id);
        break;
      case 'shutdown':
        // A clean PostgreSQL shutdown (checkpoint), then the thread ends on its own.
        void host
          .settled()
          .then(() => db.close())
          .then(() => port.close());
        break;
    }
  });
  port.postMessage({ t: 'ready' } satisfies FromWorker);
}

/** The child-process role: create the cluster and exit, so initdb's memory leaves with the process. */
async function createCluster(dataDir: string): Promise<void> {
  if (!existsSync(`${dataDir}/PG_VERSION`)) {
    const db = await PGlite.create({ dataDir, postgresqlconf: PGLITE_SETTINGS, extensions: PGLITE_EXTENSIONS });
    await db.close();
  }
}

if (!isMainThread) {
  serve(workerData as WorkerOptions).catch((error: unknown) => {
    // Thrown out of the worker, it reaches the main thread as the worker's 'error' event.
    throw error;
  });
} else if (process.argv[2] === '--init' && process.argv[3]) {
  createCluster(process.argv[3]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
