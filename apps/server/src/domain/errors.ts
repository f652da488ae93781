import { errorCodes, httpMessages, type ErrorBody, type ErrorCode, type Language } from '@wise/shared';

interface DomainErrorExtra {
  fields?: Record<string, string>;
  meta?: ErrorBody['meta'];
  /** Seconds until a rate-limited caller may try again (sent as Retry-After). */
  retryAfterS?: number;
  /**
   * The message in another language, for a message with figures that reverse lookup cannot find
   * (docs/i18n.md): a signed-in customer reads it in users.language, under `error` and under every
   * field whose message is the English one.
   */
  words?: (language: Language) => string;
}

/**
 * A failure the customer should hear about, with a stable code and the HTTP status it maps to.
 * Anything else that is thrown is a bug: logged in full, answered with a generic 500.
 */
export class DomainError extends Error {
  readonly code: ErrorCode | string;
  readonly status: number;
  readonly extra: DomainErrorExtra;
  constructor(code: ErrorCode | string, message: string, status: number, extra: DomainErrorExtra = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = status;
    this.extra = extra;
  }
}

export const validationError = (message: string, fields?: Record<string, string>) =>
  new DomainError(errorCodes.validation, message, 400, { fields });

/** A 400 under one field whose message has figures, written in the customer's language by the error handler. */
export function fieldErrorIn(field: string, words: (language: Language) => string): DomainError {
  const message = words('en');
  return new DomainError(errorCodes.validation, message, 400, { fields: { [field]: message }, words });
}

export const notFound = (message: string = httpMessages.notFound) => new DomainError(errorCodes.notFound, message, 404);

export const forbidden = (message: string = httpMessages.forbidden) => new DomainError(errorCodes.forbidden, message, 403);

export const rateLimited = (message: string, retryAfterS: number) => new DomainError(errorCodes.rateLimited, message, 429, { retryAfterS });
