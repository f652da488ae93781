import { serialize } from 'pg-protocol';
import { describe, expect, it } from 'vitest';
import { StatementCache, endsIdle, renameStatements } from '../src/db/pglite-statements';

/** The frontend messages of one pg query, as node-postgres writes them (pg-protocol's serializer). */
function query(name: string, text = 'SELECT $1::int AS n', types: number[] = []): Buffer {
  return Buffer.concat([
    serialize.parse({ name, text, types }),
    serialize.bind({ statement: name, values: ['1'] }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

/** Splits whole messages back into [type, body] pairs, checking every length field on the way. */
function messages(bytes: Buffer): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset + 1);
    out.push([String.fromCharCode(bytes[offset]!), bytes.subarray(offset + 5, offset + 1 + length)]);
    offset += 1 + length;
  }
  expect(offset).toBe(bytes.length);
  return out;
}

describe('renameStatements', () => {
  it('gives a named statement the connection prefix in Parse and Bind, and keeps every length right', () => {
    const { bytes, prepared } = renameStatements(query('gem_account_balance'), 12);
    expect(prepared).toEqual(['gem_account_balance']);
    const parts = messages(bytes);
    expect(parts.map(([type]) => type).join('')).toBe('PBDES');
    expect(parts[0]![1].toString('utf8')).toBe('12~gem_account_balance\0SELECT $1::int AS n\0\0\0');
    // Bind: the unnamed portal, then the statement.
    expect(parts[1]![1].subarray(0, 24).toString('utf8')).toBe('\x0012~gem_account_balance\0');
    expect(parts[2]![1].toString('utf8')).toBe('P\0');
  });

  it('renames a Describe or Close of a statement, never of a portal', () => {
    const batch = Buffer.concat([
      serialize.describe({ type: 'S', name: 'giftcards_enabled' }),
      serialize.close({ type: 'S', name: 'giftcards_enabled' }),
      serialize.describe({ type: 'P', name: 'giftcards_enabled' }),
      serialize.sync(),
    ]);
    const parts = messages(renameStatements(batch, 3).bytes);
    expect(parts.map(([type, body]) => `${type}:${body.toString('utf8')}`)).toEqual([
      'D:S3~giftcards_enabled\0',
      'C:S3~giftcards_enabled\0',
      'D:Pgiftcards_enabled\0',
      'S:',
    ]);
  });

  it('leaves a batch of unnamed statements as it is', () => {
    const batch = Buffer.concat([query(''), serialize.query('SELECT 1')]);
    const renamed = renameStatements(batch, 5);
    expect(renamed.bytes).toBe(batch);
    expect(renamed.prepared).toEqual([]);
  });

  it('keeps a multi-byte name whole', () => {
    const parts = messages(renameStatements(query('naira_₦'), 7).bytes);
    expect(parts[0]![1].toString('utf8').startsWith('7~naira_₦\0')).toBe(true);
  });
});

describe('endsIdle', () => {
  const ready = (status: string) => Buffer.from([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);
  const commandComplete = Buffer.from([0x43, 0, 0, 0, 11, ...Buffer.from('SELECT 1\0')]);

  it('frees the session after ReadyForQuery outside a transaction only', () => {
    expect(endsIdle(Buffer.concat([commandComplete, ready('I')]))).toBe(true);
    expect(endsIdle(Buffer.concat([commandComplete, ready('T')]))).toBe(false);
    expect(endsIdle(Buffer.concat([commandComplete, ready('E')]))).toBe(false);
  });

  it('keeps it after an answer with no ReadyForQuery yet (a Flush)', () => {
    expect(endsIdle(commandComplete)).toBe(false);
    expect(endsIdle(Buffer.alloc(0))).toBe(false);
  });
});

describe('StatementCache', () => {
  /** Backend messages: a type byte and a body, with the length PostgreSQL writes. */
  const backend = (type: string, body: Buffer = Buffer.alloc(0)) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const ready = (status: string) => backend('Z', Buffer.from(status));
  const done = Buffer.concat([backend('2'), backend('C', Buffer.from('SELECT 1\0'))]);
  /** What PGlite answers to a batch that parsed, and to one whose Parse failed. */
  const parsed = (status = 'I') => Buffer.concat([backend('1'), done, ready(status)]);
  const error = (code: string, status = 'I') => Buffer.concat([backend('E', Buffer.from(`SERROR\0C${code}\0Mno\0\0`)), ready(status)]);
  const kinds = (bytes: Buffer) =>
    messages(bytes)
      .map(([type]) => type)
      .join('');

  it('prepares an unnamed query under a session name the first time, then binds the kept statement', () => {
    const cache = new StatementCache();
    const first = cache.prepare(query(''))!;
    expect(first.hit).toBe(false);
    const firstParts = messages(first.bytes);
    expect(kinds(first.bytes)).toBe('PBDES');
    expect(firstParts[0]![1].toString('utf8')).toBe(`${first.name}\0SELECT $1::int AS n\0\0\0`);
    expect(firstParts[1]![1].subarray(0, first.name.length + 2).toString('utf8')).toBe(`\0${first.name}\0`);
    expect(cache.settle(first, parsed()).answer).toEqual(parsed());
    expect(cache.size).toBe(1);

    const second = cache.prepare(query(''))!;
    expect(second).toMatchObject({ hit: true, name: first.name });
    // No Parse: the Bind (with the value '1' still in it) names the kept statement.
    expect(kinds(second.bytes)).toBe('BDES');
    expect(messages(second.bytes)[0]![1]).toEqual(
      Buffer.concat([Buffer.from(`\0${first.name}\0`), messages(query(''))[1]![1].subarray(2)]),
    );
    // PGlite did not parse, so the answer gets the ParseComplete the connection waits for.
    const answer = Buffer.concat([done, ready('I')]);
    expect(cache.settle(second, answer)).toEqual({ answer: parsed(), stale: false });
  });

  it('keeps apart the same text with other parameter types, and leaves named statements and other batches alone', () => {
    const cache = new StatementCache();
    const untyped = cache.prepare(query(''))!;
    cache.settle(untyped, parsed());
    const typed = cache.prepare(query('', 'SELECT $1::int AS n', [23]))!;
    expect(typed.hit).toBe(false);
    expect(typed.name).not.toBe(untyped.name);
    expect(cache.prepare(query('gem_account_balance'))).toBeNull();
    expect(cache.prepare(Buffer.concat([query(''), query('')]))).toBeNull();
    expect(cache.prepare(serialize.query('SELECT 1'))).toBeNull();
    // A Flush instead of a Sync (a cursor's batch) is not one whole query either.
    const flushed = Buffer.concat([
      serialize.parse({ text: 'SELECT 1' }),
      serialize.bind({}),
      serialize.describe({ type: 'P' }),
      serialize.execute({ rows: 10 }),
      serialize.flush(),
    ]);
    expect(cache.prepare(flushed)).toBeNull();
  });

  it('keeps nothing whose Parse failed', () => {
    const cache = new StatementCache();
    const failed = cache.prepare(query('', 'SELEKT 1'))!;
    expect(cache.settle(failed, error('42601')).answer).toEqual(error('42601'));
    expect(cache.size).toBe(0);
    expect(cache.prepare(query('', 'SELEKT 1'))!.hit).toBe(false);
  });

  it('forgets a kept statement that is gone or whose result type changed, and frees the second', () => {
    const cache = new StatementCache();
    const gone = cache.prepare(query('', 'SELECT 1'))!;
    cache.settle(gone, parsed());
    const changed = cache.prepare(query('', 'SELECT * FROM t'))!;
    cache.settle(changed, parsed());
    expect(cache.settle(cache.prepare(query('', 'SELECT 1'))!, error('26000')).stale).toBe(true);
    expect(cache.settle(cache.prepare(query('', 'SELECT * FROM t'))!, error('0A000', 'E')).stale).toBe(true);
    expect(cache.size).toBe(0);
    // The one that no longer exists needs no DEALLOCATE; the other does.
    expect(cache.takeFreed()).toEqual([changed.name]);
    // Any other error (a failed transaction's 25P02) leaves it kept.
    const again = cache.prepare(query('', 'SELECT 1'))!;
    cache.settle(again, parsed());
    expect(cache.settle(cache.prepare(query('', 'SELECT 1'))!, error('25P02', 'E'))).toMatchObject({ stale: false });
    expect(cache.size).toBe(1);
  });

  it('evicts the least recently used past its capacity, and clears everything on demand', () => {
    const cache = new StatementCache(2);
    const names = ['SELECT 1', 'SELECT 2', 'SELECT 3'].map((text) => {
      const each = cache.prepare(query('', text))!;
      cache.settle(each, parsed());
      if (text === 'SELECT 2') cache.settle(cache.prepare(query('', 'SELECT 1'))!, Buffer.concat([done, ready('I')]));
      return each.name;
    });
    // SELECT 1 was used again after SELECT 2: SELECT 2 is the one to go.
    expect(cache.takeFreed()).toEqual([names[1]]);
    expect(cache.prepare(query('', 'SELECT 1'))!.hit).toBe(true);
    expect(cache.clear().sort()).toEqual([names[0], names[2]].sort());
    expect(cache.size).toBe(0);
  });
});
