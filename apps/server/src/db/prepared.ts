import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle prepared statement, built once per database handle and name. Building a query (the
 * column list, the conditions, escaping) cost more server CPU than anything else on the customer
 * lists' hot path; prepared, its SQL is made once and PostgreSQL keeps its parse per connection.
 * Values go in through `sql.placeholder(...)` at execute time. `name` must be unique per SQL text:
 * node-postgres refuses one name for two texts on a connection.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
