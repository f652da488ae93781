import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { keepCompressed } from './kept-compression';

/**
 * Response bodies are written by fast-json-stringify, compiled from the JSON Schema of the
 * route's zod response schema (docs/PERFORMANCE.md: zod's encode plus JSON.stringify was ~18 % of a list's
 * CPU). The answer means the same as zod's: the same properties and values (required ones are
 * written before optional ones, an order JSON gives no meaning to), unknown
 * properties dropped (zod's strip), optional ones left out when undefined, nulls kept. What the
 * translation can't carry faithfully — unions other than "X or null", refs, intersections,
 * tuples, defaults — keeps zod's serializer for that schema. Input validation stays zod.
 */

type Json = Record<string, unknown>;

/** Keywords that only constrain values: a serializer writes the value either way. */
const IGNORED = new Set([
  '$schema',
  'title',
  'description',
  'examples',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'multipleOf',
  'enum',
  'const',
  'propertyNames',
  'uniqueItems',
  'readOnly',
  'writeOnly',
  'deprecated',
  'minProperties',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
  'id',
]);
const KEPT = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'format', 'anyOf']);
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

class Unsupported extends Error {}

/** The schema as fast-json-stringify should see it, or Unsupported thrown. */
function translate(schema: unknown): Json {
  if (schema === true || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0)) return {};
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Unsupported('not a schema');
  const source = schema as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (IGNORED.has(key)) continue;
    if (!KEPT.has(key)) throw new Unsupported(key);
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Json).map(([name, child]) => [name, translate(child)]));
    } else if (key === 'additionalProperties') {
      out.additionalProperties = value === false ? false : translate(value);
    } else if (key === 'items') {
      if (Array.isArray(value)) throw new Unsupported('tuple');
      out.items = translate(value);
    } else if (key === 'anyOf') {
      Object.assign(out, nullableOf(value));
    } else if (key === 'type') {
      const types = Array.isArray(value) ? value : [value];
      if (types.length > 1) {
        // Only "X or null": a union of several real types keeps zod, which picks the branch by value.
        const others = types.filter((t) => t !== 'null');
        if (types.length !== 2 || others.length !== 1) throw new Unsupported('mixed types');
        if (PRIMITIVES.has(String(others[0]))) out.type = [others[0], 'null'];
        else {
          out.type = others[0];
          out.nullable = true;
        }
      } else out.type = types[0];
    } else out[key] = value;
  }
  if (out.type === 'object' && out.additionalProperties === undefined) throw new Unsupported('open object');
  return out;
}

/** `anyOf: [X, {type:"null"}]`, zod's "X or null": X with null allowed. Any other union is Unsupported. */
function nullableOf(options: unknown): Json {
  if (!Array.isArray(options) || options.length !== 2) throw new Unsupported('union');
  const isNull = (o: unknown) => typeof o === 'object' && o !== null && (o as Json).type === 'null' && Object.keys(o).length === 1;
  const other = options.find((o) => !isNull(o));
  if (!options.some(isNull) || other === undefined) throw new Unsupported('union');
  const inner = translate(other);
  if (typeof inner.type !== 'string') throw new Unsupported('union');
  if (PRIMITIVES.has(inner.type)) return { ...inner, type: [inner.type, 'null'] };
  return { ...inner, nullable: true };
}

/** JSON Schema of a zod schema as its answers look (output), or undefined when it has no faithful one. */
export function fastSchemaOf(schema: $ZodType): Json | undefined {
  try {
    return translate(
      z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' }),
    );
  } catch {
    return undefined;
  }
}

export type Serialize = (data: unknown) => string;

const compiled = new WeakMap<object, Serialize>();

/** fast-json-stringify when the schema translates faithfully, zod's serializer otherwise; one per schema. */
export function serializerFor(schema: $ZodType, method: string, url: string): Serialize {
  const known = compiled.get(schema);
  if (known) return known;
  const fast = fastSchemaOf(schema);
  const serialize: Serialize = fast
    ? fastJson(fast)
    : (zodSerializerCompiler({ schema, method, url } as Parameters<typeof zodSerializerCompiler>[0]) as Serialize);
  compiled.set(schema, serialize);
  return serialize;
}

/** Fastify's serializer compiler: zod schemas go through serializerFor; anything else as the zod type provider handles it. */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, method, url } = routeSchema;
  if (schema instanceof $ZodType) return serializerFor(schema, method, url);
  return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
};

/**
 * Sends a body serializerFor already wrote (kept by domain/catalogue-cache.ts), as it is: Fastify runs
 * the route's serializer only on payloads that are not strings, so the answer is the same bytes
 * the route's own serializer would have written.
 */
export const sendSerialized = (reply: FastifyReply, body: string): FastifyReply => {
  // Kept bodies are compressed once, not per request (lib/kept-compression.ts).
  keepCompressed(body);
  return reply.type('application/json; charset=utf-8').send(body);
};
