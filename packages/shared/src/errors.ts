import { z } from 'zod';

/** The one body every failed API call answers with. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /**
   * Extra facts a screen needs to recover, e.g. the email of an unverified login, a changed rate's
   * value in kobo, or the fresh quote of an expired one (an object: read it with its own schema).
   */
  meta: z.record(z.string(), z.union([z.string(), z.number(), z.record(z.string(), z.unknown())])).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable codes the client may branch on. */
export const errorCodes = {
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  unverified: 'UNVERIFIED',
  otpInvalid: 'OTP_INVALID',
  otpExpired: 'OTP_EXPIRED',
  otpLocked: 'OTP_LOCKED',
  resetTokenInvalid: 'RESET_TOKEN_INVALID',
  loginFailed: 'LOGIN_FAILED',
  accountLocked: 'ACCOUNT_LOCKED',
  internal: 'INTERNAL',
  /** Every database connection stayed busy past the wait: nothing was done, try again shortly (503). */
  busy: 'BUSY',
  /** The database (or another dependency the request needs) is unreachable: nothing was done, try again after Retry-After (503). */
  unavailable: 'UNAVAILABLE',
  /** An upload could not be stored: 507 when the disk is full, 503 when the store is unreachable. */
  storageFailed: 'STORAGE_FAILED',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** First message per field, the way forms show them (red text under the field). */
export function firstIssuePerField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
