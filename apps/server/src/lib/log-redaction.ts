import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets never reach a log line: reset tokens in URLs (the e-mailed link is a GET), passwords,
 * PINs and codes in bodies, cookies in headers, and any of these quoted inside an error message.
 * app.ts builds its logger from loggerOptions(); everything here is plain functions so it can be
 * tested on its own.
 */

export const REDACTED = '[REDACTED]';

/**
 * A query parameter, body field or header whose name contains one of these is a secret. Matching
 * on a part of the name errs towards hiding too much (`bank_code`, `zipcode`), never too little.
 */
const SECRET_NAME_PARTS = [
  'token',
  'otp',
  'code',
  'pin',
  'password',
  'passwd',
  'secret',
  'session',
  'signature',
  'apikey',
  'api_key',
  'auth',
  'cookie',
  'key',
];

export const isSecretName = (name: string): boolean => {
  const lower = name.toLowerCase();
  return SECRET_NAME_PARTS.some((part) => lower.includes(part));
};

/** Body and header fields whose value is a secret, by name (any case), wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'confirm_password',
  'current_password',
  'token',
  'otp',
  'otp_code',
  'code',
  'pin',
  'current_pin',
  'confirm_pin',
  'new_pin',
  'secret',
  'api_key',
  'authorization',
  'cookie',
  'x-api-key',
  'set-cookie',
  'referer',
  'referrer',
];
const SECRET_KEYS = new Set(SECRET_FIELDS);

/** Deeper than this a logged object is written as it is (pino's path redaction reached 3 levels). */
const MAX_REDACT_DEPTH = 8;

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with every secret-named field (SECRET_FIELDS, any case, at any depth of plain objects
 * and arrays) replaced by REDACTED. Nothing is changed in place: a branch holding a secret is
 * copied, one without is returned as it is, so a line without secrets costs one look per key.
 * Errors are left to serializeError, which redacts them its own way.
 *
 * Why not pino's `redact` paths: with ~100 paths, several behind `*` wildcards, pino ran its
 * redaction for every key of every line — a third of the server's CPU on a request that does
 * nothing else (/healthz). This walks each line's keys once and hides more (any depth, any case).
 */
export function redactFields<T>(value: T, depth = 0): T {
  if (depth > MAX_REDACT_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const redacted = redactFields(item, depth + 1);
      if (redacted !== item) (copy ??= [...value])[index] = redacted;
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = value[key];
    const redacted = SECRET_KEYS.has(key.toLowerCase()) && item !== undefined ? REDACTED : redactFields(item, depth + 1);
    if (redacted !== item) (copy ??= { ...value })[key] = redacted;
  }
  return (copy ?? value) as T;
}

/** `/passwordreset/newpassword?token=abc&x=1` → `/passwordreset/newpassword?token=[REDACTED]&x=1`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart);
  const parts = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
    } catch {
      // A broken escape in the name: judge it as written.
    }
    return equals >= 0 && isSecretName(name) ? `${rawName}=${REDACTED}` : pair;
  });
  return `${url.slice(0, queryStart)}?${parts.join('&')}`;
}

// name=value inside free text (a URL quoted in a message), and "name":"value" (JSON quoted in a message).
const NAME = String.raw`[\w.%-]*(?:token|otp|code|pin|passw(?:or)?d|secret|session|signature|api_?key|auth|cookie)[\w.%-]*`;
const URL_PAIR = new RegExp(String.raw`(${NAME})=([^&\s#"'<>]*)`, 'gi');
const JSON_PAIR = new RegExp(String.raw`("${NAME}"\s*:\s*)"(?:[^"\\]|\\.)*"`, 'gi');
// Drizzle's "Failed query: … params: a,b,c" carries the bound values to the end of the line.
const QUERY_PARAMS = /(\nparams: )[^\n]*/g;

/** Hides secret-looking pairs in any text: log messages, error messages and stacks. */
export function redactText(text: string): string {
  // Each pattern needs one of these: most messages ('request completed') have none and skip the regexes.
  if (!text.includes('=') && !text.includes('"') && !text.includes('\nparams: ')) return text;
  return text.replace(URL_PAIR, `$1=${REDACTED}`).replace(JSON_PAIR, `$1"${REDACTED}"`).replace(QUERY_PARAMS, `$1${REDACTED}`);
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Error fields that quote stored values: Drizzle's bound `params`, and PostgreSQL's `detail`
 * ("Failing row contains (…)", "Key (email)=(…) already exists") and `where`. The SQLSTATE, table,
 * column and constraint stay: they say what failed without saying whose data.
 */
const ROW_VALUE_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery']);

/** pino's error serializer, with messages, stacks and string fields passed through redactText. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const serialized: SerializedError = {
    type: error.constructor.name,
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    // An error's own `code` is its error code (SQLSTATE, FST_…, our DomainError codes), not a secret.
    if ((key !== 'code' && isSecretName(key)) || ROW_VALUE_FIELDS.has(key)) serialized[key] = REDACTED;
    else if (typeof value === 'string') serialized[key] = redactText(value);
    else if (value instanceof Error) serialized[key] = depth < 3 ? serializeError(value, depth + 1) : value.constructor.name;
    // pg-pool hangs the whole client on a connection's error (`err.client`: its type parsers,
    // connection parameters and the backend's cancel key, kilobytes a line): an object that is
    // not plain data is named, never walked.
    else if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value))
      serialized[key] = `[${value.constructor?.name ?? 'object'}]`;
    else if (value !== undefined) serialized[key] = value;
  }
  if (error.cause !== undefined && !('cause' in serialized) && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL's secret query parameters hidden. */
export function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * For failures found where no request logger is at hand (a pool event, a library call): one
 * pino-shaped error line on stderr, redacted like the rest, so it is never silently dropped.
 */
export function logErrorToStderr(msg: string, error: unknown): void {
  process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, msg, err: serializeError(error) })}\n`);
}

type LoggerConfig = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * The logger settings the app runs with. `given` may override the level and, in tests, the
 * destination stream; the redaction always applies.
 */
export function loggerOptions(level: string, given?: { level?: string } | true): LoggerConfig {
  const overrides = typeof given === 'object' ? given : {};
  return {
    level,
    ...overrides,
    // Every line's fields and every child logger's bindings (redactFields above); requests and
    // errors through their serializers, which keep only safe fields or redact their text.
    formatters: { log: (fields) => redactFields(fields), bindings: (bindings) => redactFields(bindings) },
    serializers: { req: serializeRequest, err: serializeError },
    hooks: {
      // Message strings too: a URL or a JSON snippet quoted in a message can carry a secret.
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}
