import { is, SQL } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, type PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import type { Connection } from '#server/db/client';

/**
 * The shape of a database schema as both sides can state it, for the schema check
 * (test/schema-matches-migrations.test.ts): what the migrated PostgreSQL catalogue holds, and what
 * the Drizzle tables in src/db/schema declare. Each fact is one line of text, so a disagreement
 * reads as the line one side has and the other lacks.
 *
 * Compared: tables; each column's type, nullability, default and whether it is generated; primary
 * keys; unique constraints and unique indexes; the other indexes (name, columns, method, partial
 * or not); foreign keys (columns, target, ON DELETE); CHECK constraints by name where Drizzle
 * declares one. Not compared: triggers, functions and the CHECKs Drizzle does not declare — the
 * SQL is their only source (docs/decisions.md §2.26), and the *-guards tests exercise them.
 */
export type SchemaShape = Map<string, Set<string>>;

const dialect = new PgDialect();

/** One form for a column type as format_type() and Drizzle's getSQLType() write it. */
function normaliseType(type: string): string {
  return type
    .toLowerCase()
    .replace(/\s*,\s*/g, ',')
    .replace(/\s*\(\s*/g, '(')
    .replace(/^varchar\b/, 'character varying')
    .replace(/^timestamptz$/, 'timestamp with time zone')
    .replace(/^timestamp(\(\d+\))?$/, 'timestamp$1 without time zone')
    .replace(/^(big|small)?serial$/, (_, size: string | undefined) => ({ big: 'bigint', small: 'smallint' })[size ?? ''] ?? 'integer');
}

/** One form for a default expression: no casts PostgreSQL adds, no redundant parentheses or quotes around numbers. */
export function normaliseDefault(expression: string): string {
  let text = expression.trim();
  // PostgreSQL writes literal casts ('x'::text, '{}'::jsonb, 0::numeric); Drizzle writes the literal.
  text = text.replace(/::(?:"?[a-z_][a-z0-9_ ]*"?)(?:\(\d+(?:,\s*\d+)?\))?(?:\[\])?/gi, '');
  while (/^\(.*\)$/.test(text) && balanced(text.slice(1, -1))) text = text.slice(1, -1).trim();
  if (/^'-?\d+(\.\d+)?'$/.test(text)) text = text.slice(1, -1);
  return text.replace(/\s+/g, ' ');
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function drizzleDefault(column: PgColumn): string | undefined {
  // $defaultFn/$onUpdate are computed by the application, not the database.
  if (column.defaultFn || column.onUpdateFn) return undefined;
  const value: unknown = column.default;
  if (value === undefined) {
    if (
      column.columnType === 'PgSerial' ||
      column.columnType === 'PgBigSerial53' ||
      column.columnType === 'PgBigSerial64' ||
      column.columnType === 'PgSmallSerial'
    )
      return 'nextval(…)';
    return undefined;
  }
  if (value === null) return 'NULL';
  if (is(value, SQL)) return normaliseDefault(dialect.sqlToQuery(value).sql);
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return normaliseDefault(`'${value.replaceAll("'", "''")}'`);
  if (Array.isArray(value) && !column.getSQLType().startsWith('json')) return normaliseDefault(`'{${value.join(',')}}'`);
  return normaliseDefault(`'${JSON.stringify(value).replaceAll("'", "''")}'`);
}

function columnFacts(table: string, column: PgColumn): string[] {
  const facts = [`${table}.${column.name}: ${normaliseType(column.getSQLType())}`];
  if (column.notNull || column.primary) facts.push(`${table}.${column.name}: not null`);
  const fallback = drizzleDefault(column);
  if (fallback !== undefined && !column.generated) facts.push(`${table}.${column.name}: default ${fallback}`);
  if (column.generated) facts.push(`${table}.${column.name}: generated`);
  if (column.generatedIdentity) facts.push(`${table}.${column.name}: identity`);
  return facts;
}

const ON_DELETE: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };
const columnList = (names: readonly string[]) => `(${names.join(', ')})`;

/** What the Drizzle tables among `modules` declare. */
export function drizzleShape(modules: Record<string, unknown>): SchemaShape {
  const shape: SchemaShape = new Map();
  for (const value of Object.values(modules)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (config.schema && config.schema !== 'public') continue;
    const facts = new Set<string>();
    const table = config.name;
    for (const column of config.columns) for (const fact of columnFacts(table, column)) facts.add(fact);
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    const primaryKeys = [
      ...(primary.length > 0 ? [primary] : []),
      ...config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    ];
    for (const key of primaryKeys) facts.add(`${table}: primary key ${columnList(key)}`);
    for (const column of config.columns) if (column.isUnique) facts.add(`${table}: unique ${columnList([column.name])}`);
    for (const unique of config.uniqueConstraints) facts.add(`${table}: unique ${columnList(unique.columns.map((column) => column.name))}`);
    for (const { config: index } of config.indexes) {
      const columns = index.columns.map((column) => (is(column, IndexedColumn) && column.name ? column.name : 'expression'));
      const partial = index.where ? ' partial' : '';
      if (index.unique && !index.where && columns.every((column) => column !== 'expression')) {
        // A unique index on plain columns and a UNIQUE constraint refuse the same rows.
        facts.add(`${table}: unique ${columnList(columns)}`);
      } else {
        facts.add(
          `${table}: ${index.unique ? 'unique ' : ''}index ${index.name} ${columnList(columns)} ${index.method ?? 'btree'}${partial}`,
        );
      }
    }
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      const target = getTableConfig(reference.foreignTable).name;
      facts.add(
        `${table}: foreign key ${columnList(reference.columns.map((column) => column.name))} → ${target}${columnList(reference.foreignColumns.map((column) => column.name))} on delete ${foreignKey.onDelete ?? 'no action'}`,
      );
    }
    for (const check of config.checks) facts.add(`${table}: check ${check.name}`);
    shape.set(table, facts);
  }
  return shape;
}

/** What the migrated database's catalogue holds (schema public, schema_migrations aside). */
export async function databaseShape(connection: Pick<Connection, 'query'>, drizzleChecks: ReadonlySet<string>): Promise<SchemaShape> {
  const shape: SchemaShape = new Map();
  const add = (table: string, fact: string) => {
    let facts = shape.get(table);
    if (!facts) shape.set(table, (facts = new Set()));
    facts.add(fact);
  };
  const tables = await connection.query<{ table: string }>(
    `SELECT c.relname AS table FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'`,
  );
  for (const { table } of tables) shape.set(table, new Set());
  const columns = await connection.query<{
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    default: string | null;
    generated: string;
    identity: string;
  }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
            pg_get_expr(d.adbin, d.adrelid) AS default, a.attgenerated AS generated, a.attidentity AS identity
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'
        AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  for (const column of columns) {
    const name = `${column.table}.${column.column}`;
    add(column.table, `${name}: ${normaliseType(column.type)}`);
    if (column.not_null) add(column.table, `${name}: not null`);
    if (column.generated) add(column.table, `${name}: generated`);
    else if (column.default !== null)
      add(column.table, `${name}: default ${/^nextval\(/.test(column.default) ? 'nextval(…)' : normaliseDefault(column.default)}`);
    if (column.identity) add(column.table, `${name}: identity`);
  }
  const constraints = await connection.query<{
    table: string;
    name: string;
    type: string;
    columns: string[];
    target: string | null;
    target_columns: string[] | null;
    on_delete: string;
  }>(
    `SELECT c.relname AS table, con.conname AS name, con.contype AS type,
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
            t.relname AS target,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS target_columns,
            con.confdeltype AS on_delete
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid
       LEFT JOIN pg_class t ON t.oid = con.confrelid
      WHERE con.connamespace = 'public'::regnamespace AND c.relname <> 'schema_migrations' AND con.contype IN ('p', 'u', 'f', 'c')`,
  );
  for (const constraint of constraints) {
    if (constraint.type === 'p') add(constraint.table, `${constraint.table}: primary key ${columnList(constraint.columns)}`);
    if (constraint.type === 'u') add(constraint.table, `${constraint.table}: unique ${columnList(constraint.columns)}`);
    if (constraint.type === 'f') {
      add(
        constraint.table,
        `${constraint.table}: foreign key ${columnList(constraint.columns)} → ${constraint.target}${columnList(constraint.target_columns ?? [])} on delete ${ON_DELETE[constraint.on_delete]}`,
      );
    }
    // Only the CHECKs Drizzle names are compared; the rest live in the SQL alone.
    if (constraint.type === 'c' && drizzleChecks.has(`${constraint.table}: check ${constraint.name}`))
      add(constraint.table, `${constraint.table}: check ${constraint.name}`);
  }
  const indexes = await connection.query<{
    table: string;
    name: string;
    unique: boolean;
    columns: string[];
    method: string;
    partial: boolean;
  }>(
    `SELECT c.relname AS table, i.relname AS name, x.indisunique AS unique,
            ARRAY(SELECT CASE WHEN k.attnum = 0 THEN 'expression' ELSE a.attname::text END
                    FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                    LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
                   WHERE k.n <= x.indnkeyatts ORDER BY k.n) AS columns,
            am.amname AS method, x.indpred IS NOT NULL AS partial
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_am am ON am.oid = i.relam
      WHERE c.relnamespace = 'public'::regnamespace AND c.relname <> 'schema_migrations'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = x.indexrelid AND con.contype IN ('p', 'u', 'x'))`,
  );
  for (const index of indexes) {
    if (index.unique && !index.partial && index.columns.every((column) => column !== 'expression')) {
      add(index.table, `${index.table}: unique ${columnList(index.columns)}`);
    } else {
      add(
        index.table,
        `${index.table}: ${index.unique ? 'unique ' : ''}index ${index.name} ${columnList(index.columns)} ${index.method}${index.partial ? ' partial' : ''}`,
      );
    }
  }
  return shape;
}

/** Every fact one side states and the other does not, table by table ("+" the database only, "−" Drizzle only). */
export function compareShapes(database: SchemaShape, drizzle: SchemaShape): string[] {
  const lines: string[] = [];
  for (const table of [...new Set([...database.keys(), ...drizzle.keys()])].sort()) {
    const inDatabase = database.get(table);
    const inDrizzle = drizzle.get(table);
    if (!inDrizzle) {
      lines.push(`+ table ${table} (in the migrations, not in the Drizzle schema)`);
      continue;
    }
    if (!inDatabase) {
      lines.push(`− table ${table} (in the Drizzle schema, not in the migrations)`);
      continue;
    }
    for (const fact of [...inDatabase].filter((f) => !inDrizzle.has(f)).sort()) lines.push(`+ ${fact}`);
    for (const fact of [...inDrizzle].filter((f) => !inDatabase.has(f)).sort()) lines.push(`− ${fact}`);
  }
  return lines;
}
