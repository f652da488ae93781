import { errorCodes, type ErrorBody } from '@wise/shared';
import type { z } from 'zod';
import { errorBodyFrom } from './error-body';
import { notifyUnauthorized } from './unauthorized';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  get code(): string | undefined {
    return this.body.code;
  }
  get fields(): Record<string, string> {
    return this.body.fields ?? {};
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for an upload. */
  body?: unknown;
  /**
   * The answer's shared schema, checked in development and tests only: pass
   * `import.meta.env.DEV ? schema : undefined`, so a production build drops the import and zod with
   * it. The server already serialises every answer through fast-json-stringify compiled from this
   * very schema, so parsing it again in the browser is a drift check for development, not a guard
   * the customer needs — and it cost every screen calling the API 25 KB gzip of zod.
   * No response schema transforms, defaults or coerces (response-schemas.test.ts holds them to
   * that), so a checked and an unchecked answer are the same data.
   */
  schema: z.ZodType<T> | undefined;
  signal?: AbortSignal;
  /**
   * Makes a write safe to repeat: the header goes with the request, and a request whose answer
   * was lost to the network is sent again (same key) before the customer sees a failure.
   */
  idempotencyKey?: string;
}

/** Resends of an idempotent write after a dropped connection, and the pause before each. */
const IDEMPOTENT_RETRIES = 2;
const RETRY_PAUSE_MS = 800;

async function readError(response: Response): Promise<ErrorBody> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // the body was lost with the connection: the status says enough
  }
  return errorBodyFrom(response.status, text);
}

/**
 * One request to our API (same origin, cookie) and its answer or ApiError; both apps' clients are
 * this with their own 401 handling. `unauthorized` runs for a 401 UNAUTHENTICATED (a lost session).
 */
export async function requestJson<T>(url: string, options: RequestOptions<T>, unauthorized: () => void): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal: options.signal,
  };
  if (options.idempotencyKey) init.headers = { ...init.headers, 'idempotency-key': options.idempotencyKey };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let response: Response | undefined;
  const attempts = options.idempotencyKey ? 1 + IDEMPOTENT_RETRIES : 1;
  for (let attempt = 1; response === undefined; attempt += 1) {
    try {
      response = await fetch(url, init);
      // A 503 of ours (an outage, a busy database) under a key is sent again like a lost answer:
      // the key makes the repeat safe whether or not the first one was done.
      if (response.status === 503 && options.idempotencyKey && attempt < attempts && response.headers.has('retry-after')) {
        response = undefined;
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
      }
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      if (attempt >= attempts) throw new ApiError(0, { error: 'No connection. Check your network and try again' });
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
    }
  }
  if (!response.ok) {
    const body = await readError(response);
    if (response.status === 401 && body.code === errorCodes.unauthenticated) unauthorized();
    throw new ApiError(response.status, body);
  }
  const json: unknown = response.status === 204 ? {} : await response.json();
  // Without a schema (production) the answer is what the server's schema-compiled serialiser wrote.
  return options.schema ? options.schema.parse(json) : (json as T);
}

/** Calls our API (same origin, session cookie); in development and tests the answer is checked against its schema. */
export const api = <T>(path: string, options: RequestOptions<T>): Promise<T> => requestJson(path, options, notifyUnauthorized);

/** The message a toast shows for any failure. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}
