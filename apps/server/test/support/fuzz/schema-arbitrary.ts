import fc from 'fast-check';
import { hostileNumber, hostileString, hostileValue, prototypeKey } from './hostile';

/** The part of JSON Schema the OpenAPI document (from the zod schemas) uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

/**
 * Values the fuzzer knows of the world: another customer's ids, names and contacts, so a
 * generated request aims at real resources and not only at random ones.
 */
export interface KnownValues {
  uuids: string[];
  /** Per field or parameter name, values that mean something there (a slug, a file name, an e-mail). */
  byName: Record<string, string[]>;
}

const pick = <T>(values: T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  values.length > 0 ? fc.oneof(fc.constantFrom(...values), fallback) : fallback;

function stringArbitrary(schema: JsonSchema, known: KnownValues, name: string | undefined): fc.Arbitrary<string> {
  const named = name ? (known.byName[name] ?? []) : [];
  if (schema.format === 'uuid') return pick([...named, ...known.uuids], fc.uuid());
  if (schema.format === 'email') return pick(named, fc.emailAddress());
  if (schema.format === 'date')
    return pick(
      named,
      fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    );
  if (schema.format === 'date-time')
    return pick(
      named,
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 200);
  if (schema.pattern) {
    try {
      const matching = fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
      return pick(named, matching);
    } catch {
      // A pattern fast-check cannot generate from: plain strings stand in.
    }
  }
  return pick(named, fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }));
}

/** Values the schema accepts (as far as its JSON form says): the baseline hostile ones are mutated from. */
export function validArbitrary(schema: JsonSchema | undefined, known: KnownValues, name?: string): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validArbitrary(s, known, name)));
  if (schema.allOf?.[0]) return validArbitrary(schema.allOf[0], known, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, known, name);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validArbitrary(schema.items, known), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = validArbitrary(property, known, key);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One way of breaking an object: a field of the wrong kind, a missing one, extra or poisoning keys. */
type ObjectMutation =
  | { kind: 'field'; index: number; value: unknown }
  | { kind: 'every-field'; values: unknown[] }
  | { kind: 'drop'; index: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'replace'; value: unknown };

const objectMutation: fc.Arbitrary<ObjectMutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('field' as const), index: fc.nat(), value: hostileValue }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('every-field' as const), values: fc.array(hostileValue, { minLength: 8, maxLength: 8 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(prototypeKey, fc.constantFrom('user_id', 'id', 'role', 'status', 'balance', 'is_admin'), fc.string({ maxLength: 10 })),
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: hostileValue }) },
);

function applyMutation(base: unknown, keys: string[], mutation: ObjectMutation, known: KnownValues): unknown {
  if (mutation.kind === 'replace') return mutation.value;
  // A value that is not an object (the schema wants a scalar or an array) is broken by replacing it.
  if (base === null || typeof base !== 'object' || Array.isArray(base))
    return mutation.kind === 'every-field' ? mutation.values[0] : 'value' in mutation ? mutation.value : undefined;
  // JSON.parse semantics: "__proto__" becomes an own key, as the server will see it.
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const fieldAt = (index: number) => keys[index % Math.max(keys.length, 1)];
  switch (mutation.kind) {
    case 'field': {
      const key = fieldAt(mutation.index);
      if (key) copy[key] = mutation.value;
      return copy;
    }
    case 'every-field':
      keys.forEach((key, i) => (copy[key] = mutation.values[i % mutation.values.length]));
      return copy;
    case 'drop': {
      const key = fieldAt(mutation.index);
      if (key) delete copy[key];
      return copy;
    }
    case 'extra':
      Object.defineProperty(copy, mutation.key, {
        value: mutation.key === 'user_id' && known.uuids[0] ? known.uuids[0] : mutation.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return copy;
  }
}

/** A body that the schema refuses (mostly): a valid one with one thing broken, or something else entirely. */
export function hostileArbitrary(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema?.properties ?? {});
  return fc
    .tuple(validArbitrary(schema ?? { type: 'object' }, known), objectMutation)
    .map(([base, mutation]) => applyMutation(base ?? {}, keys, mutation, known));
}

/** A single string (path segment, query value, header) that is valid, another customer's, or hostile. */
export function scalarArbitrary(schema: JsonSchema | undefined, known: KnownValues, name: string): fc.Arbitrary<string> {
  const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  return fc.oneof(
    { weight: 3, arbitrary: validArbitrary(schema ?? { type: 'string' }, known, name).map(asText) },
    { weight: 1, arbitrary: known.uuids.length ? fc.constantFrom(...known.uuids) : fc.uuid() },
    { weight: 4, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileNumber.map(String) },
  );
}
