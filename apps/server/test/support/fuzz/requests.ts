import fc from 'fast-check';
import { hostileString, hostileValue, malformedJsonText, nastyText, payloadText } from './hostile';
import type { MultipartForm, Operation } from './operations';
import { hostileArbitrary, scalarArbitrary, validArbitrary, type JsonSchema, type KnownValues } from './schema-arbitrary';
import { multipart, type FilePart } from './world';

/** One generated request, ready for app.inject (the caller's cookie is added when it is sent). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** Built from values the schema accepts: such a request may succeed and write. */
  schemaValid: boolean;
}

/** Files an upload route may be sent: good pictures and everything that is not one. */
export interface UploadSamples {
  jpeg: Buffer;
  png: Buffer;
  /** A valid PNG header announcing a 20000² picture (a decompression bomb). */
  bomb: Buffer;
}

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on them). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Header values must be visible ASCII to be sent at all; hostile ones stay within that. */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 8_000);

/** A path segment: encoded as a client would, or raw traversal the router must not follow anywhere. */
const segmentArbitrary = (schema: JsonSchema | undefined, known: KnownValues, name: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 9, arbitrary: scalarArbitrary(schema, known, name).map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('..', '../../..', '..%2f..%2fetc%2fpasswd', '%2e%2e%2f', '%00', '%', '%zz', '.', '%2F', '\\..\\'),
    },
  );

function queryArbitrary(operation: Operation, known: KnownValues): fc.Arbitrary<{ text: string; valid: boolean }> {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of operation.query) properties[parameter.name] = parameter.schema ?? { type: 'string' };
  const schema: JsonSchema = { type: 'object', properties, required: operation.query.filter((p) => p.required).map((p) => p.name) };
  const encode = (record: unknown): string => {
    if (record === null || typeof record !== 'object') return `q=${percentEncode(asText(record))}`;
    return Object.entries(record as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .flatMap(([key, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => `${percentEncode(key)}=${percentEncode(asText(item))}`),
      )
      .join('&');
  };
  return fc.oneof(
    { weight: 3, arbitrary: validArbitrary(schema, known).map((record) => ({ text: encode(record), valid: true })) },
    { weight: 5, arbitrary: hostileArbitrary(schema, known).map((record) => ({ text: encode(record), valid: false })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '%',
          '%zz=1',
          'a[b][c]=1',
          '&&&=&',
          '=',
          'a=1&a=2&a=3',
          '__proto__[x]=1',
          'constructor.prototype.x=1',
          `x=${'y'.repeat(10_000)}`,
        )
        .map((text) => ({ text, valid: false })),
    },
  );
}

type Body = { payload: string | Buffer | undefined; contentType: string | undefined; valid: boolean };

const jsonContentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constant('application/json; charset=utf-8') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/xml',
      'multipart/form-data; boundary=zzz',
      'application/vnd.api+json',
      'image/png',
      '*/*',
      'application/json, text/html',
    ),
  },
);

/** JSON bodies: valid, mutated, of the wrong kind, not JSON at all, under any content type. */
function jsonBodyArbitrary(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<Body> {
  const values: fc.Arbitrary<{ text: string | undefined; valid: boolean }> = schema
    ? fc.oneof(
        { weight: 2, arbitrary: validArbitrary(schema, known).map((value) => ({ text: JSON.stringify(value), valid: true })) },
        { weight: 6, arbitrary: hostileArbitrary(schema, known).map((value) => ({ text: JSON.stringify(value), valid: false })) },
        { weight: 1, arbitrary: malformedJsonText.map((text) => ({ text, valid: false })) },
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant({ text: undefined, valid: true }) },
        { weight: 2, arbitrary: hostileValue.map((value) => ({ text: JSON.stringify(value), valid: false })) },
        { weight: 1, arbitrary: malformedJsonText.map((text) => ({ text, valid: false })) },
      );
  return fc.tuple(values, jsonContentType).map(([value, contentType]) => ({
    payload: value.text,
    contentType: value.text === undefined ? undefined : contentType,
    valid: value.valid && (contentType.startsWith('application/json') || value.text === undefined),
  }));
}

/** Uploads: good and bad files, in the right field or not, too many, and multipart that is broken. */
function multipartArbitrary(form: MultipartForm, known: KnownValues, samples: UploadSamples): fc.Arbitrary<Body> {
  const fieldsSchema: JsonSchema = form.fields ?? { type: 'object', properties: {} };
  const fieldValues = fc.oneof(
    { weight: 2, arbitrary: validArbitrary(fieldsSchema, known) },
    { weight: 3, arbitrary: hostileArbitrary(fieldsSchema, known) },
  );
  const fileData = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(samples.jpeg, samples.png) },
    { weight: 1, arbitrary: fc.constant(samples.bomb) },
    { weight: 1, arbitrary: fc.constant(samples.jpeg.subarray(0, Math.floor(samples.jpeg.length / 2))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        Buffer.alloc(0),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        Buffer.from('%PDF-1.4\n'),
        Buffer.from('GIF89a'),
      ),
    },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(6 * 1024 * 1024 + 1, 0xff)) },
  );
  const file: fc.Arbitrary<FilePart> = fc.record({
    field: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(form.fileField, ...(form.otherFileFields ?? [])) },
      { weight: 1, arbitrary: fc.constantFrom('file', 'images[]', 'photo', 'image', 'screenshot', '') },
    ),
    filename: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('card.jpg', 'p.png') },
      { weight: 1, arbitrary: fc.oneof(payloadText, nastyText).map((s) => s.replace(/["\r\n]/g, '_')) },
    ),
    contentType: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/svg+xml', 'application/octet-stream', 'text/html'),
    data: fileData,
  });
  const files = fc.oneof(
    { weight: 6, arbitrary: fc.array(file, { minLength: 1, maxLength: form.maxFiles }) },
    { weight: 1, arbitrary: fc.constant([] as FilePart[]) },
    { weight: 1, arbitrary: fc.array(file, { minLength: form.maxFiles + 1, maxLength: form.maxFiles + 2 }) },
  );
  const wellFormed = fc.tuple(fieldValues, files, fc.boolean()).map(([values, parts, extraUserId]) => {
    const fields: [string, string][] =
      values && typeof values === 'object' && !Array.isArray(values)
        ? Object.entries(values)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, asText(v)])
        : [['x', asText(values)]];
    if (extraUserId && known.uuids[0]) fields.push(['user_id', known.uuids[0]]);
    const body = multipart(fields, parts);
    return { payload: body.payload, contentType: body.contentType, valid: false };
  });
  // Broken multipart: no or another boundary, cut short, a header of nonsense, no closing boundary.
  const broken = fc
    .tuple(wellFormed, fc.nat(), fc.constantFrom('no-boundary', 'other-boundary', 'truncated', 'garbage', 'no-close', 'json'))
    .map(([body, cut, how]) => {
      const payload = body.payload as Buffer;
      switch (how) {
        case 'no-boundary':
          return { ...body, contentType: 'multipart/form-data' };
        case 'other-boundary':
          return { ...body, contentType: 'multipart/form-data; boundary=nothing-like-it' };
        case 'truncated':
          return { ...body, payload: payload.subarray(0, cut % Math.max(payload.length, 1)) };
        case 'garbage':
          return { ...body, payload: Buffer.from(`--x\r\nContent-Disposition: form-data; name\r\n\r\n\u0000${'A'.repeat(cut % 500)}`) };
        case 'no-close':
          return { ...body, payload: payload.subarray(0, Math.max(0, payload.length - 8)) };
        case 'json':
          return { payload: '{"images":"x"}', contentType: 'application/json', valid: false };
      }
    });
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: broken });
}

function headerArbitrary(operation: Operation, known: KnownValues): fc.Arbitrary<Record<string, string>> {
  if (operation.headers.length === 0) return fc.constant({});
  const entries = operation.headers.map((parameter) =>
    fc.oneof(
      { weight: 3, arbitrary: validArbitrary(parameter.schema, known).map((v) => [parameter.name, asText(v)] as const) },
      { weight: 1, arbitrary: hostileString.map((v) => [parameter.name, headerSafe(v)] as const) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  );
  return fc
    .tuple(...entries)
    .map((pairs) => Object.fromEntries(pairs.filter((pair): pair is readonly [string, string] => pair !== undefined)));
}

/** The requests of one operation: every part generated from its schema, then mostly broken. */
export function requestArbitrary(operation: Operation, known: KnownValues, samples: UploadSamples): fc.Arbitrary<FuzzRequest> {
  const segments = fc.tuple(...operation.pathParams.map((p) => segmentArbitrary(p.schema, known, p.name)));
  const query =
    operation.query.length > 0
      ? queryArbitrary(operation, known)
      : fc.oneof(
          { weight: 5, arbitrary: fc.constant({ text: '', valid: true }) },
          { weight: 1, arbitrary: queryArbitrary(operation, known) },
        );
  const body = operation.multipart ? multipartArbitrary(operation.multipart, known, samples) : jsonBodyArbitrary(operation.body, known);
  return fc.tuple(segments, query, body, headerArbitrary(operation, known)).map(([values, q, b, headers]) => {
    let index = 0;
    const path = operation.path.replace(/\{(\w+)\}/g, () => values[index++] ?? '');
    return {
      method: operation.method,
      url: q.text ? `${path}?${q.text}` : path,
      headers: { ...headers, ...(b.contentType !== undefined ? { 'content-type': b.contentType } : {}) },
      payload: b.payload,
      schemaValid: q.valid && b.valid,
    };
  });
}
