import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as shared from '@wise/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/*
 * Production builds check no answer (api-client.ts, `schema`): the browser takes what the server's
 * schema-compiled serialiser wrote. That is the same data a parse would give only while no
 * response schema changes what it reads — no transform, default, coercion, catch or pipe. This
 * test finds every schema the customer app's fetchers pass and holds them to that.
 */

const featuresDir = path.resolve(__dirname, '../features');

function fetcherSchemaNames(): string[] {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        for (const [, name] of readFileSync(full, 'utf8').matchAll(/schema: import\.meta\.env\.DEV \? (\w+) : undefined/g))
          if (name) names.add(name);
      }
    }
  };
  visit(featuresDir);
  return [...names];
}

const CHANGING = new Set(['transform', 'default', 'prefault', 'catch', 'pipe', 'preprocess']);

/** Paths inside the schema where parsing would change the data. */
function changes(schema: unknown, at: string, seen = new Set<unknown>()): string[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return [];
  const zod = (schema as { _zod?: { def: Record<string, unknown> & { type: string; coerce?: boolean } } })._zod;
  if (!zod) return [];
  seen.add(schema);
  const { def } = zod;
  const found = CHANGING.has(def.type) || def.coerce ? [`${at}: ${def.type}`] : [];
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value) for (const [field, inner] of Object.entries(value)) found.push(...changes(inner, `${at}.${field}`, seen));
    else if (Array.isArray(value)) value.forEach((inner, i) => found.push(...changes(inner, `${at}[${i}]`, seen)));
    else found.push(...changes(value, `${at}<${key}>`, seen));
  }
  return found;
}

describe('response schemas', () => {
  const names = fetcherSchemaNames();

  it('are found in the fetchers', () => {
    expect(names.length).toBeGreaterThan(30);
  });

  it.each(names)('%s reads the answer without changing it', (name) => {
    const schema = (shared as Record<string, unknown>)[name] as z.ZodType | undefined;
    expect(schema, `${name} is not exported by @wise/shared`).toBeDefined();
    expect(changes(schema, name)).toEqual([]);
  });
});
