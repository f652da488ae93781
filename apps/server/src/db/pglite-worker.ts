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
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS, type FromWorker, type ToWorker, type WorkerOptions } from './pglite-protocol';
import { StatementCache, endsIdle, renameStatements, sessionStatementName } from './pglite-statements';

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
/** A plain `BEGIN` as a simple Query (how pg and drizzle open a transaction), any case, `;` or not. */
const PLAIN_BEGIN = /^\s*begin\s*;?\s*$/i;
/** PostgreSQL's answer to it: CommandComplete "BEGIN", ReadyForQuery (in a transaction). */
const BEGIN_ANSWER = Buffer.concat([Buffer.from([0x43, 0, 0, 0, 10]), Buffer.from('BEGIN\0'), Buffer.from([0x5a, 0, 0, 0, 5, 0x54])]);

/** The text of a batch that is exactly one simple Query message, else null. */
function simpleQueryText(batch: Buffer): string | null {
  if (batch.length < 6 || batch[0] !== 'Q'.charCodeAt(0) || batch.readUInt32BE(1) + 1 !== batch.length || batch[batch.length - 1] !== 0)
    return null;
  return batch.toString('utf8', 5, batch.length - 1);
}

function parameterStatus(name: string, value: string): Buffer {
  const body = Buffer.from(`${name}\0${value}\0`);
  const head = Buffer.alloc(5);
  head.writeUInt8(0x53, 0);
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

interface Connection {
  id: number;
  /** Holds the session from its startup to its end (db `withConnection`: session-level locks). */
  pinned: boolean;
  pending: Buffer;
  started: boolean;
  closed: boolean;
  /** Statement names this connection prepared (the session knows them renamed: pglite-statements.ts). */
  statements: Set<string>;
  /** Its `BEGIN`, answered but not run yet: it runs just before the connection's next batch. */
  beginPending: Buffer | null;
}

/** One turn of the session: a connection's batch, its startup (pinned) or its cleanup. */
interface Turn {
  connection: Connection;
  run: () => Promise<void>;
}

/**
 * PGlite is one PostgreSQL session, shared by the main thread's connections the way a pooler in
 * transaction mode shares a server connection: a connection's batch (its messages up to a Sync)
 * runs when the session is free, and a batch that leaves a transaction open keeps the session for
 * that connection until one of its batches ends outside it. So a transaction's statements never
 * interleave with another connection's, and meanwhile the other connections' statements wait, as
 * behind a lock. Between transactions the connections' batches queue in the worker back to back:
 * the session never idles while the main thread answers a request (with one connection it did,
 * for every query's round trip between the threads).
 *
 * What a session keeps beyond a transaction is per connection as on PostgreSQL: named statements
 * are renamed per connection; a pinned connection (session-level advisory locks, the migrations)
 * holds the session from its startup to its end. When a connection ends, its transaction is rolled
 * back and its statements and locks go, as PostgreSQL does at a disconnect.
 */
class SessionHost {
  /** The connection the session belongs to between batches (a transaction is open, or pinned). */
  private holder: Connection | null = null;
  private readonly turns: Turn[] = [];
  private running = false;
  private readonly connections = new Map<number, Connection>();
  private readonly whenIdle: (() => void)[] = [];
  /** The unnamed queries kept prepared for every connection but a pinned one (pglite-statements.ts). */
  private readonly cache = new StatementCache();

  constructor(
    private readonly db: PGlite,
    private readonly send: (message: FromWorker) => void,
  ) {}

  open(id: number, pinned: boolean): void {
    this.connections.set(id, {
      id,
      pinned,
      pending: Buffer.alloc(0),
      started: false,
      closed: false,
      statements: new Set(),
      beginPending: null,
    });
  }

  data(id: number, bytes: Uint8Array): void {
    const connection = this.connections.get(id);
    if (!connection || connection.closed) return;
    connection.pending = connection.pending.length ? Buffer.concat([connection.pending, bytes]) : Buffer.from(bytes);
    this.drain(connection);
  }

  close(id: number): void {
    const connection = this.connections.get(id);
    if (!connection || connection.closed) return;
    connection.closed = true;
    this.connections.delete(id);
    // Its batches not yet run go with it; its cleanup waits for the session to be free (or its own).
    for (let i = this.turns.length - 1; i >= 0; i -= 1) if (this.turns[i]!.connection === connection) this.turns.splice(i, 1);
    this.enqueue(connection, () => this.cleanUp(connection));
  }

  /** Every connection closed and cleaned up: PGlite can shut down. */
  async settled(): Promise<void> {
    for (const id of [...this.connections.keys()]) this.close(id);
    if (!this.running && this.turns.length === 0) return;
    await new Promise<void>((resolve) => this.whenIdle.push(resolve));
  }

  private drain(connection: Connection): void {
    if (!connection.started) {
      if (connection.pending.length < 8) return;
      const length = connection.pending.readUInt32BE(0);
      if (connection.pending.length < length) return;
      const code = connection.pending.readUInt32BE(4);
      connection.pending = connection.pending.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.reply(connection, Buffer.from('N'));
      } else if (code === CANCEL_REQUEST) {
        this.send({ t: 'end', id: connection.id });
        return;
      } else {
        connection.started = true;
        if (connection.pinned) {
          this.enqueue(connection, async () => {
            this.holder = connection;
            this.reply(connection, STARTUP_ANSWER);
          });
        } else {
          this.reply(connection, STARTUP_ANSWER);
        }
      }
      this.drain(connection);
      return;
    }
    // Whole messages up to the last point where the client waits for an answer go to PGlite at once.
    let offset = 0;
    let cut = 0;
    let terminate = false;
    while (connection.pending.length - offset >= 5) {
      const type = connection.pending[offset]!;
      const end = offset + 1 + connection.pending.readUInt32BE(offset + 1);
      if (end > connection.pending.length) break;
      if (type === TERMINATE) {
        terminate = true;
        break;
      }
      offset = end;
      if (FLUSH_POINTS.has(type)) cut = end;
    }
    const batch = connection.pending.subarray(0, cut);
    connection.pending = connection.pending.subarray(terminate ? connection.pending.length : cut);
    if (batch.length) {
      const { bytes, prepared } = renameStatements(Buffer.from(batch), connection.id);
      this.enqueue(connection, async () => {
        for (const name of prepared) connection.statements.add(name);
        // Between transactions (this connection holds no transaction open): the evicted can go.
        if (this.holder === null) await this.deallocate(this.cache.takeFreed());
        if (this.deferBegin(connection, bytes)) return;
        await this.runPendingBegin(connection);
        // A pinned connection runs the migrations: what it prepares is its own, and not worth keeping.
        const answer = connection.pinned ? await this.answer(bytes) : await this.answerCached(bytes);
        this.holder = connection.pinned || !endsIdle(answer) ? connection : null;
        this.reply(connection, answer);
      });
    }
    if (terminate) {
      this.close(connection.id);
      this.send({ t: 'end', id: connection.id });
    }
  }

  private enqueue(connection: Connection, run: () => Promise<void>): void {
    this.turns.push({ connection, run });
    this.next();
  }

  /** Runs the first turn the session is free for; one at a time, as PGlite answers. */
  private next(): void {
    if (this.running) return;
    const index = this.turns.findIndex((turn) => this.holder === null || this.holder === turn.connection);
    if (index < 0) {
      if (this.turns.length === 0) for (const resolve of this.whenIdle.splice(0)) resolve();
      return;
    }
    const [turn] = this.turns.splice(index, 1);
    this.running = true;
    turn!
      .run()
      .catch((error: unknown) => {
        // PGlite itself failed (not an SQL error, which is an answer): end the connection so its query fails instead of waiting.
        this.send({ t: 'log', message: `the embedded database failed a request: ${String(error)}` });
        this.send({ t: 'end', id: turn!.connection.id });
        this.close(turn!.connection.id);
      })
      .finally(() => {
        this.running = false;
        this.next();
      });
  }

  /**
   * A plain `BEGIN` outside a transaction is answered at once and run just before the
   * connection's next batch, so the session is not held while that batch crosses from the main
   * thread: the other connections' queries run meanwhile. Nothing of the transaction exists before
   * its first statement (PostgreSQL takes the snapshot there too); only `now()` reads a little
   * later. A pinned connection holds the session anyway, and a connection in a transaction
   * gets PostgreSQL's own answer (a warning).
   */
  private deferBegin(connection: Connection, batch: Buffer): boolean {
    if (connection.pinned || this.holder === connection || connection.beginPending) return false;
    const text = simpleQueryText(batch);
    if (text === null || !PLAIN_BEGIN.test(text)) return false;
    connection.beginPending = batch;
    this.reply(connection, BEGIN_ANSWER);
    return true;
  }

  private async runPendingBegin(connection: Connection): Promise<void> {
    const begin = connection.beginPending;
    if (!begin) return;
    connection.beginPending = null;
    const answer = await this.answer(begin);
    // The client was told it began; a BEGIN that did not is PGlite failing (the turn ends the connection).
    if (!Buffer.from(answer).equals(BEGIN_ANSWER)) throw new Error('a deferred BEGIN did not open a transaction');
  }

  /** What PostgreSQL does when a connection ends: its transaction, locks and statements go with it. */
  private async cleanUp(connection: Connection): Promise<void> {
    try {
      if (this.holder === connection) {
        await this.db.execProtocolRaw(SYNC, { syncToFs: false });
        await this.db.exec('ROLLBACK');
        await this.db.exec('RESET ALL');
        await this.db.exec('SELECT pg_advisory_unlock_all()');
      }
    } catch (error) {
      this.send({ t: 'log', message: `resetting the embedded database session failed: ${String(error)}` });
    } finally {
      if (this.holder === connection) this.holder = null;
    }
    await this.deallocate([...connection.statements].map((name) => sessionStatementName(connection.id, name)));
    // A pinned connection may have changed the schema (the migrations): keep nothing planned before it.
    if (connection.pinned) await this.deallocate(this.cache.clear());
  }

  /** A batch's answer through the statement cache (pglite-statements.ts, StatementCache). */
  private async answerCached(bytes: Buffer): Promise<Uint8Array> {
    const cached = this.cache.prepare(bytes);
    if (!cached) return this.answer(bytes);
    const raw = await this.answer(cached.bytes);
    const { answer, stale } = this.cache.settle(cached, raw);
    // Outside a transaction nothing was lost: run it afresh, as PostgreSQL would parse the text anew.
    if (stale && endsIdle(raw)) return this.answerCached(bytes);
    return answer;
  }

  private async deallocate(names: string[]): Promise<void> {
    for (const name of names) {
      // A Parse that failed left no statement behind: nothing to free.
      await this.db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => undefined);
    }
  }

  /**
   * PGlite's answer to a batch, as bytes. Not execProtocolRaw: it also parses every message of the
   * answer and keeps the parsed messages until the next execProtocol call, which the worker never
   * makes between batches, so under load they piled up (hundreds of MB of the embedded server's
   * RSS) and the parsing cost the worker a fifth of its time.
   */
  private async answer(batch: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    // The chunk is a view of PostgreSQL's send buffer, reused for the next: copied as it comes.
    await this.db.execProtocolRawStream(batch, { syncToFs: true, onRawData: (chunk) => chunks.push(chunk.slice()) });
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  private reply(connection: Connection, bytes: Uint8Array): void {
    if (connection.closed || bytes.length === 0) return;
    this.send({ t: 'data', id: connection.id, bytes });
  }
}

async function serve(options: WorkerOptions): Promise<void> {
  const port = parentPort!;
  const db = await PGlite.create({ dataDir: options.dataDir, postgresqlconf: PGLITE_SETTINGS, extensions: PGLITE_EXTENSIONS });
  const host = new SessionHost(db, (message) => port.postMessage(message));
  port.on('message', (message: ToWorker) => {
    switch (message.t) {
      case 'open':
        host.open(message.id, message.pinned);
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
