import { serialize } from 'pg-protocol';
import { describe, expect, it } from 'vitest';
import { endsIdle, renameStatements } from '../src/db/pglite-statements';

/** The frontend messages of one pg query, as node-postgres writes them (pg-protocol's serializer). */
function query(name: string, text = 'SELECT $1::int AS n'): Buffer {
  return Buffer.concat([
    serialize.parse({ name, text, types: [] }),
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
