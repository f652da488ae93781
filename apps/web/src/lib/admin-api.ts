import { errorCodes, type ErrorBody } from '@wise/shared';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { errorBodyFrom } from './error-body';

/**
 * The back office's calls to /api/admin. Same error type as the customer app's client
 * (`ApiError` with code, message and per-field messages), but its own 401 handling: a staff
 * session that is gone sends the staff member to /admin/login, never to the customer's /home.
 */

export const ADMIN_API_PREFIX = '/api/admin';

type AdminUnauthorizedHandler = () => void;
// Until the shell registers its navigation, a full page load is the safe fallback.
let onAdminUnauthorized: AdminUnauthorizedHandler = () => {
  if (typeof window !== 'undefined' && !window.location.pathname.startsWith('/admin/login')) window.location.assign('/admin/login');
};

/** The back-office shell decides what a lost staff session means (clear its cache, go to login). */
export function setAdminUnauthorizedHandler(handler: AdminUnauthorizedHandler): void {
  onAdminUnauthorized = handler;
}

export interface AdminRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for an upload. */
  body?: unknown;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Query-string values; undefined, null and '' are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
}

/** Login answers 401 for a wrong password: its message belongs on the form, not a bounce to login. */
const SESSION_STARTING_PATHS = ['/auth/login'];

/** Read as the customer app reads it (error-body.ts), so errors.ts's schema reaches no chunk. */
async function readError(response: Response): Promise<ErrorBody> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // the body was lost with the connection: the status says enough
  }
  return errorBodyFrom(response.status, text);
}

/** `/sales` + `{ status: 'pending' }` → `/api/admin/sales?status=pending`. */
export function adminUrl(path: string, query?: AdminRequestOptions<unknown>['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return `${ADMIN_API_PREFIX}${path}${text ? `?${text}` : ''}`;
}

/** Calls the back-office API (same origin, staff cookie) and validates the answer with the shared schema. */
export async function adminApi<T>(path: string, options: AdminRequestOptions<T>): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal: options.signal,
  };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(adminUrl(path, options.query), init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { error: 'No connection. Check your network and try again' });
  }
  if (!response.ok) {
    const body = await readError(response);
    const startsSession = SESSION_STARTING_PATHS.some((prefix) => path.startsWith(prefix));
    if (response.status === 401 && body.code === errorCodes.unauthenticated && !startsSession) onAdminUnauthorized();
    throw new ApiError(response.status, body);
  }
  const json: unknown = response.status === 204 ? {} : await response.json();
  return options.schema.parse(json);
}

/** The message a form or toast shows for a failed call. */
export function adminErrorMessage(error: unknown, fallback = 'Something went wrong. Try again'): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

/** True for a failure the API answered with this code, e.g. 'CONFIRMATION_INVALID'. */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

export { ApiError };
