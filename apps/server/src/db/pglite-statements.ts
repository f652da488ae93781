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
    else if (type === BIND) nameAt = batch.indexOf(0, bodyStart) + 1; // after the portal name
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
