import type pg from 'pg';
import { activeTracer, type Tracer } from '../lib/tracing';

/**
 * A span for every query a request or a job makes, at our own layer: each connection the pool
 * opens has its `query` wrapped. Both engines are reached through a `pg` Pool (the embedded one over
 * the worker's message port, db/pglite-bridge.ts), so this one wrapper covers both; the
 * auto-instrumentation package for `pg` patches the module as it is loaded, which an ESM bundle
 * that imported `pg` before tracing started does not allow. Nothing is wrapped when tracing is
 * off. A query outside any request or job (the job worker's polling) makes no span.
 *
 * Attributes: the statement with its `$n` placeholders (the values are never recorded), the
 * operation, the table and the engine.
 */

/** Long statements (the migrations) are cut: the start says which one it was. */
const STATEMENT_MAX_CHARS = 1000;

type Query = (...args: unknown[]) => unknown;

function statementOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  // A Submittable (a cursor, a stream) has no text to read; it is left as it is.
  if (first && typeof first === 'object' && 'text' in first && !('submit' in first) && typeof first.text === 'string') return first.text;
  return undefined;
}

/** `SELECT sessions`: the operation and the first table named, a name with few values. */
function describe(statement: string): { operation: string; table?: string } {
  const operation = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'QUERY';
  const table = /\b(?:from|into|update)\s+"?([a-z_]\w*)"?/i.exec(statement)?.[1];
  return table ? { operation, table } : { operation };
}

function traceClient(client: pg.PoolClient, tracer: Tracer, engine: 'postgres' | 'pglite'): void {
  const query = client.query.bind(client) as Query;
  const traced: Query = (...args) => {
    const statement = statementOf(args[0]);
    if (statement === undefined) return query(...args);
    const { operation, table } = describe(statement);
    const span = tracer.startSpan(table ? `${operation} ${table}` : operation, {
      kind: 'client',
      childOnly: true,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        ...(table ? { 'db.collection.name': table } : {}),
        'db.query.text': statement.length > STATEMENT_MAX_CHARS ? `${statement.slice(0, STATEMENT_MAX_CHARS)}…` : statement,
        'wise.db.engine': engine,
      },
    });
    if (!span) return query(...args);
    const finish = (error: unknown) => {
      // The SQLSTATE says what failed (23505: a unique violation) without repeating any value.
      if (error)
        span.fail(error instanceof Error && 'code' in error && typeof error.code === 'string' ? `SQLSTATE ${error.code}` : 'query failed');
      span.end();
    };
    // pg's Pool runs its own queries with a callback; drizzle and our transactions use the promise.
    const callbackAt = args.findIndex((arg) => typeof arg === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      args[callbackAt] = (error: unknown, result: unknown) => {
        finish(error);
        callback(error, result);
      };
      return query(...args);
    }
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        finish(undefined);
        return result;
      },
      (error: unknown) => {
        finish(error);
        throw error;
      },
    );
  };
  client.query = traced as typeof client.query;
}

/** Wraps every connection `pool` opens from now on, when tracing is on. */
export function traceQueries(pool: pg.Pool, engine: 'postgres' | 'pglite'): void {
  const tracer = activeTracer();
  if (!tracer) return;
  pool.on('connect', (client) => traceClient(client, tracer, engine));
}
