import { httpMessages, type ErrorBody } from '@wise/shared';

/*
 * The body of a failed call, read without zod. The server answers every failure with the shared
 * `errorBodySchema` shape, {error, code?, fields?, meta?}; checking that structure by hand keeps
 * zod (25 KB gzip) out of every screen that calls the API (the JavaScript budgets, docs/PERFORMANCE.md). error-body.test.ts
 * holds this check to the schema's verdict.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isStringRecord(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((entry) => typeof entry === 'string');
}

function isMeta(value: unknown): value is NonNullable<ErrorBody['meta']> {
  return (
    isObject(value) && Object.values(value).every((entry) => typeof entry === 'string' || typeof entry === 'number' || isObject(entry))
  );
}

/** The body when it has the error shape; `undefined` when it is anything else. */
export function asErrorBody(value: unknown): ErrorBody | undefined {
  if (!isObject(value) || typeof value.error !== 'string') return undefined;
  const { error, code, fields, meta } = value;
  if (code !== undefined && typeof code !== 'string') return undefined;
  if (fields !== undefined && !isStringRecord(fields)) return undefined;
  if (meta !== undefined && !isMeta(meta)) return undefined;
  return { error, code, fields, meta };
}

/** A failed call's body from its text, or the general message for its status (a proxy's HTML page, say). */
export function errorBodyFrom(status: number, text: string): ErrorBody {
  try {
    const body = asErrorBody(JSON.parse(text));
    if (body) return body;
  } catch {
    // fall through: not JSON, so not our body
  }
  return { error: status >= 500 ? httpMessages.unavailable : httpMessages.badRequest };
}
