import { describe, expect, it } from 'vitest';
import { databaseBusy, uniqueViolation, violatedConstraint } from '../src/lib/db-errors';
import { errorCode, findInCauses } from '../src/lib/error-causes';

/** Drivers wrap the error that matters; every reader of an error walks the same chain. */
const wrapped = (inner: unknown, times: number): unknown =>
  times === 0 ? inner : new Error(`wrapper ${times}`, { cause: wrapped(inner, times - 1) });

describe('findInCauses', () => {
  it("finds a database violation under Drizzle's wrapper", () => {
    const pgError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'sales_tx_id_unique' });
    expect(uniqueViolation(wrapped(pgError, 1))).toBe('sales_tx_id_unique');
    expect(violatedConstraint(wrapped(pgError, 2), '23514')).toBeUndefined();
  });

  it('says "" for a violation whose driver did not name the constraint', () => {
    expect(violatedConstraint({ code: '23514' }, '23514')).toBe('');
  });

  it("finds a socket's errno name under fetch's wrapper, and nothing in a plain value", () => {
    expect(errorCode(new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe(
      'ECONNREFUSED',
    );
    expect(errorCode('ECONNREFUSED')).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });

  it('stops after five links, so a cyclic chain cannot hang', () => {
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    let visited = 0;
    expect(findInCauses(cyclic, () => void (visited += 1))).toBeUndefined();
    expect(visited).toBe(5);
    expect(errorCode(wrapped({ code: 'EAI_AGAIN' }, 4))).toBe('EAI_AGAIN');
    expect(errorCode(wrapped({ code: 'EAI_AGAIN' }, 5))).toBeUndefined();
  });

  it("recognises the pool's time-out at any depth", () => {
    expect(databaseBusy(wrapped(new Error('timeout exceeded when trying to connect'), 2))).toBe(true);
    expect(databaseBusy(new Error('syntax error'))).toBe(false);
  });
});
