import type { z } from 'zod';
import { ApiError, requestJson, type RequestOptions } from './api-client';

/**
 * The back office's calls to /api/admin: the customer app's client (`requestJson`, `ApiError`
 * with code, message and per-field messages) with its own 401 handling — a staff session that is
 * gone sends the staff member to /admin/login, never to the customer's /home — a query string,
 * and the answer always checked against its schema (the back office is not held to a byte budget).
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

export interface AdminRequestOptions<T> extends Omit<RequestOptions<T>, 'schema'> {
  schema: z.ZodType<T>;
  /** Query-string values; undefined, null and '' are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
}

/** Login answers 401 for a wrong password: its message belongs on the form, not a bounce to login. */
const SESSION_STARTING_PATHS = ['/auth/login'];

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
export function adminApi<T>(path: string, options: AdminRequestOptions<T>): Promise<T> {
  const startsSession = SESSION_STARTING_PATHS.some((prefix) => path.startsWith(prefix));
  return requestJson(adminUrl(path, options.query), options, () => {
    if (!startsSession) onAdminUnauthorized();
  });
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
