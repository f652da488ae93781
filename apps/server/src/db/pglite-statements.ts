/**
 * Wire-protocol helpers of the embedded database's worker (pglite-worker.ts), kept apart from
 * PGlite so they can be tested on bytes alone.
 *
 * Several `pg` connections share PGlite's one session, but node-postgres keeps its named
 * statements per connection: two connections preparing `gem_account_balance` would meet
 * "prepared statement already exists" (42P05), and one closing would free the other's. So each
 * connection's statement names are prefixed with its id on the way in, as if each had a session
 * of its own.
 */

const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const CLOSE = 0x43; // 'C'
const STATEMENT = 0x53; // 'S', the target of a Describe or Close
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I', ReadyForQuery's status outside a transaction block

/** The name a connection's statement has in the shared session. */
export const sessionStatementName = (connectionId: number, name: string): string => `${connectionId}~${name}`;

export interface RenamedBatch {
  bytes: Buffer;
  /** Statement names (as the connection knows them) this batch asks to prepare. */
  prepared: string[];
}

/**
 * Rewrites the statement names of a batch of whole frontend messages (Parse, Bind, and Describe
 * or Close of a statement) for connection `connectionId`. Unnamed statements and portals are left
 * alone: they live only until the next Parse or Bind of the same batch, since pg sends a query's
 * Parse/Bind/Describe/Execute/Sync together and batches only change hands at a Sync.
 */
export function renameStatements(batch: Buffer, connectionId: number): RenamedBatch {
  const parts: Buffer[] = [];
  const prepared: string[] = [];
  let offset = 0;
  let copiedUpTo = 0;
  while (offset + 5 <= batch.length) {
    const type = batch[offset]!;
    const end = offset + 1 + batch.readUInt32BE(offset + 1);
    const bodyStart = offset + 5;
    // Where the statement name starts in this message's body, if it names one.
    let nameAt = -1;
    if (type === PARSE) nameAt = bodyStart;
    else if (type === BIND)
      nameAt = batch.indexOf(0, bodyStart) + 1; // after the portal name
    else if ((type === DESCRIBE || type === CLOSE) && batch[bodyStart] === STATEMENT) nameAt = bodyStart + 1;
    if (nameAt > 0 && batch[nameAt] !== 0) {
      const nameEnd = batch.indexOf(0, nameAt);
      const name = batch.toString('utf8', nameAt, nameEnd);
      if (type === PARSE) prepared.push(name);
      const renamed = Buffer.from(sessionStatementName(connectionId, name), 'utf8');
      const head = Buffer.alloc(5);
      head[0] = type;
      head.writeUInt32BE(end - offset - 1 + renamed.length - (nameEnd - nameAt), 1);
      parts.push(batch.subarray(copiedUpTo, offset), head, batch.subarray(bodyStart, nameAt), renamed, batch.subarray(nameEnd, end));
      copiedUpTo = end;
    }
    offset = end;
  }
  if (copiedUpTo === 0) return { bytes: batch, prepared };
  parts.push(batch.subarray(copiedUpTo));
  return { bytes: Buffer.concat(parts), prepared };
}

/**
 * True when a backend answer ends with ReadyForQuery outside a transaction block: the session is
 * free for another connection's statements. In a transaction ('T'), a failed one ('E'), or after
 * a Flush (no ReadyForQuery yet) it still belongs to the connection that answered.
 */
export function endsIdle(answer: Uint8Array): boolean {
  const n = answer.length;
  return (
    n >= 6 &&
    answer[n - 6] === READY_FOR_QUERY &&
    answer[n - 5] === 0 &&
    answer[n - 4] === 0 &&
    answer[n - 3] === 0 &&
    answer[n - 2] === 5 &&
    answer[n - 1] === IDLE
  );
}

const ERROR_RESPONSE = 0x45; // 'E' (backend)
const PARSE_COMPLETE = Buffer.from([0x31, 0, 0, 0, 4]);
/** SQLSTATEs after which a kept statement must go: it no longer exists, or its result type changed. */
const STALE_STATEMENT_CODES = new Set(['26000', '0A000']);

/** What the cache did to one batch, for `StatementCache.settle` to finish once PGlite has answered. */
export interface CachedQuery {
  bytes: Buffer;
  key: string;
  name: string;
  /** The statement was kept already: the batch's Parse was dropped and its answer must be made up. */
  hit: boolean;
}

/**
 * PGlite parses and plans in WebAssembly, several times slower than PostgreSQL does natively: an
 * unnamed statement costs the worker 250-520 µs where the same statement prepared once costs
 * about 100 µs (docs/decisions.md 2.20). Drizzle sends every query unnamed, so
 * the worker keeps them prepared for it, the way drivers with a statement cache do: a batch that
 * is one unnamed query (Parse, Bind, Describe, Execute, Sync, as node-postgres sends it) is
 * prepared under a session name the first time its text is seen, and the next time its Parse is
 * dropped, its Bind names the kept statement and its answer gets the ParseComplete PGlite did not
 * send. The connections cannot tell: they never see the names. PostgreSQL re-plans a kept
 * statement itself when a table it reads changes; one whose result type changed, or that is gone,
 * fails once (as it would for any driver's cache) and is forgotten.
 */
export class StatementCache {
  /** Query (the Parse body after its empty name: text and parameter types) → session name; oldest first. */
  private readonly kept = new Map<string, string>();
  private readonly toFree: string[] = [];
  private counter = 0;

  constructor(private readonly capacity = 256) {}

  get size(): number {
    return this.kept.size;
  }

  /** The batch to run in place of `batch`, or null when it is not one unnamed query. */
  prepare(batch: Buffer): CachedQuery | null {
    const shape = unnamedQuery(batch);
    if (!shape) return null;
    const key = batch.toString('latin1', shape.parseBody + 1, shape.parseEnd);
    const name = this.kept.get(key);
    if (name !== undefined) {
      // Most recently used last: the first key is the one to evict.
      this.kept.delete(key);
      this.kept.set(key, name);
      const bytes = Buffer.concat([bindNaming(batch.subarray(shape.parseEnd, shape.bindEnd), name), batch.subarray(shape.bindEnd)]);
      return { bytes, key, name, hit: true };
    }
    const fresh = `~${(this.counter += 1)}`;
    const namedParse = withName(batch.subarray(0, shape.parseEnd), 5, fresh);
    const bytes = Buffer.concat([
      namedParse,
      bindNaming(batch.subarray(shape.parseEnd, shape.bindEnd), fresh),
      batch.subarray(shape.bindEnd),
    ]);
    return { bytes, key, name: fresh, hit: false };
  }

  /**
   * The answer the connection expects, and the cache brought up to date with what PGlite said.
   * `stale`: the kept statement failed because it is gone or its result type changed, and is
   * forgotten; outside a transaction the batch can simply run again.
   */
  settle(query: CachedQuery, answer: Uint8Array): { answer: Uint8Array; stale: boolean } {
    if (!query.hit) {
      // Parsed (ParseComplete first) means the session has it now, whatever the Execute did.
      if (answer[0] === PARSE_COMPLETE[0]) {
        this.kept.set(query.key, query.name);
        if (this.kept.size > this.capacity) {
          const [oldestKey, oldestName] = this.kept.entries().next().value as [string, string];
          this.kept.delete(oldestKey);
          this.toFree.push(oldestName);
        }
      }
      return { answer, stale: false };
    }
    const code = errorCode(answer);
    const stale = code !== null && STALE_STATEMENT_CODES.has(code);
    if (stale && this.kept.get(query.key) === query.name) {
      this.kept.delete(query.key);
      if (code !== '26000') this.toFree.push(query.name);
    }
    return { answer: Buffer.concat([PARSE_COMPLETE, answer]), stale };
  }

  /** Names to DEALLOCATE when the session is next between transactions. */
  takeFreed(): string[] {
    return this.toFree.splice(0);
  }

  /** Forgets every kept statement (the schema may have changed) and returns them all to free. */
  clear(): string[] {
    const names = [...this.kept.values(), ...this.toFree.splice(0)];
    this.kept.clear();
    return names;
  }
}

/** Where a batch that is exactly one unnamed query (P B D? E S, all unnamed) keeps its parts, or null. */
function unnamedQuery(batch: Buffer): { parseBody: number; parseEnd: number; bindEnd: number } | null {
  const types: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  while (offset + 5 <= batch.length && types.length < 6) {
    types.push(batch[offset]!);
    offset += 1 + batch.readUInt32BE(offset + 1);
    ends.push(offset);
  }
  if (offset !== batch.length) return null;
  const shape = String.fromCharCode(...types);
  if (shape !== 'PBDES' && shape !== 'PBES') return null;
  // Parse names no statement; Bind uses no portal and that unnamed statement.
  if (batch[5] !== 0) return null;
  const bindBody = ends[0]! + 5;
  if (batch[bindBody] !== 0 || batch[bindBody + 1] !== 0) return null;
  if (shape === 'PBDES' && batch[ends[1]! + 5] !== 0x50 /* 'P' */) return null;
  return { parseBody: 5, parseEnd: ends[0]!, bindEnd: ends[1]! };
}

/** A message whose name (an empty string at `nameAt`) becomes `name`, with its length fixed. */
function withName(message: Buffer, nameAt: number, name: string): Buffer {
  const renamed = Buffer.from(name, 'latin1');
  const out = Buffer.concat([message.subarray(0, nameAt), renamed, message.subarray(nameAt)]);
  out.writeUInt32BE(out.length - 1, 1);
  return out;
}

/** An unnamed Bind of the unnamed statement, made to bind the statement `name`. */
function bindNaming(bind: Buffer, name: string): Buffer {
  // Body: the portal's empty name (one zero byte), then the statement's.
  return withName(bind, 6, name);
}

/** The SQLSTATE of the first ErrorResponse in a backend answer, or null. */
function errorCode(answer: Uint8Array): string | null {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const end = offset + 1 + bytes.readUInt32BE(offset + 1);
    if (bytes[offset] === ERROR_RESPONSE) {
      // Fields: a type byte, a zero-ended string; 'C' is the code.
      let field = offset + 5;
      while (field < end && bytes[field] !== 0) {
        const valueEnd = bytes.indexOf(0, field + 1);
        if (bytes[field] === 0x43) return bytes.toString('latin1', field + 1, valueEnd);
        field = valueEnd + 1;
      }
      return null;
    }
    offset = end;
  }
  return null;
}
