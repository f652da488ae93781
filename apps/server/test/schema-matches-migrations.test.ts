import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { openTestDatabase } from './support/db';
import { compareShapes, databaseShape, drizzleShape, normaliseDefault } from './support/schema-shape';

/**
 * The SQL migrations are the source of truth and the Drizzle schema mirrors them by hand
 * (src/db/schema/index.ts). This compares the two — the run's migrated PostgreSQL database and
 * the Drizzle tables — and fails on any table, column, type, nullability, default, key, index or
 * foreign key one side has and the other lacks (test/support/schema-shape.ts says what is compared).
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the Drizzle schema', () => {
  it('matches the migrated database table by table', async () => {
    const declared = drizzleShape(schema);
    const checks = new Set([...declared.values()].flatMap((facts) => [...facts].filter((fact) => fact.includes(': check '))));
    const migrated = await databaseShape(database, checks);
    // Sanity: both sides were read (a broken query must not pass as "no difference").
    expect(migrated.size).toBeGreaterThan(40);
    expect(declared.size).toBeGreaterThan(40);
    expect(compareShapes(migrated, declared)).toEqual([]);
  });
});

describe('the comparison', () => {
  it('reads defaults the way PostgreSQL writes them and Drizzle declares them as the same', () => {
    expect(normaliseDefault("'pending'::text")).toBe("'pending'");
    expect(normaliseDefault("'{}'::jsonb")).toBe("'{}'");
    expect(normaliseDefault("'0'::numeric")).toBe('0');
    expect(normaliseDefault("(now() + '00:10:00'::interval)")).toBe("now() + '00:10:00'");
    expect(normaliseDefault("'{}'::text[]")).toBe("'{}'");
  });

  it('finds a column the migrations have and Drizzle does not', async () => {
    await database.query("CREATE TABLE schema_check_probe (id uuid PRIMARY KEY, note text NOT NULL DEFAULT 'x')");
    try {
      const declared = drizzleShape(schema);
      declared.set(
        'schema_check_probe',
        new Set(['schema_check_probe.id: uuid', 'schema_check_probe.id: not null', 'schema_check_probe: primary key (id)']),
      );
      const migrated = await databaseShape(database, new Set());
      expect(compareShapes(migrated, declared).filter((line) => line.includes('schema_check_probe'))).toEqual([
        "+ schema_check_probe.note: default 'x'",
        '+ schema_check_probe.note: not null',
        '+ schema_check_probe.note: text',
      ]);
    } finally {
      await database.query('DROP TABLE schema_check_probe');
    }
  });
});
