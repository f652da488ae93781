import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultLanguage, errorCodes, httpMessages, privacyMessages, translateText, type ErrorBody, type Language } from '@wise/shared';
import { adminCustomerMessages, chainReviewMessages, depositDeskErrorCodes, depositDeskMessages } from '@wise/shared/admin';
import { DomainError } from '../domain/errors';
import type { DatabaseAvailability } from '../db/availability';
import { databaseBusy, databaseUnreachable, violatedConstraint } from '../lib/db-errors';
import { FileStoreError } from '../providers/file-store/index';

function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return key || '_';
}

/** What a 503 for a busy database asks the client to wait. */
const BUSY_RETRY_AFTER_S = 5;
/** What a 503 while the database is unreachable asks the client to wait (a restart takes seconds). */
export const OUTAGE_RETRY_AFTER_S = 5;

/**
 * A signed-in customer reads the message in their language (users.language, docs/i18n.md); the
 * code and meta stay as they are for the client to branch on. Others get English, which the web
 * translates at display time into the device's language.
 */
function inLanguage(reply: FastifyReply, body: ErrorBody, words?: (language: Language) => string): ErrorBody {
  const language = reply.request.principal?.user.language ?? defaultLanguage;
  if (language === defaultLanguage) return body;
  // A message with figures is written again from its parts; the rest is found by reverse lookup.
  const written = words?.(language);
  const translate = (message: string) => (written !== undefined && message === body.error ? written : translateText(message, language));
  const fields = body.fields
    ? Object.fromEntries(Object.entries(body.fields).map(([key, message]) => [key, translate(message)]))
    : undefined;
  return { ...body, error: translate(body.error), ...(fields ? { fields } : {}) };
}

const send = (reply: FastifyReply, status: number, body: ErrorBody, words?: (language: Language) => string) =>
  reply.status(status).send(inLanguage(reply, body, words));

/** Fastify's own client errors (bad JSON, media type, size) answered in our one error body. */
const frameworkErrors: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: httpMessages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: httpMessages.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: httpMessages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: httpMessages.badRequest },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: httpMessages.payloadTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, error: httpMessages.payloadTooLarge },
  FST_FILES_LIMIT: { status: 413, error: httpMessages.payloadTooLarge },
  FST_PARTS_LIMIT: { status: 413, error: httpMessages.payloadTooLarge },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, error: httpMessages.unsupportedMediaType },
};

/**
 * The multipart parser's (@fastify/busboy) refusals of a body that is not well-formed multipart: plain
 * Errors without a code, met wherever a route reads its parts (sales, photo, card picture).
 */
const malformedMultipart = [
  'Multipart: Boundary not found',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'The needle cannot be an empty String/Buffer.',
  'The needle cannot have a length bigger than 256.',
  'Unsupported Content-Type.',
];
const isMalformedMultipart = (error: Error) =>
  !('code' in error && error.code) && malformedMultipart.some((message) => error.message.endsWith(message));

/**
 * The router's own refusals (a path that is not valid percent-encoding, a path parameter past its
 * length limit) reach neither route nor error handler: without this, Fastify answers them with
 * its own body (message, statusCode). Passed to Fastify as `frameworkErrors` (app.ts).
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // The reply is sent; Fastify's hook expects nothing back (a reply is thenable).
  void send(reply, status, { error: httpMessages.badRequest, code: errorCodes.validation });
}

/**
 * One error handler for the whole API: every failure is `{ error, code?, fields?, meta? }`;
 * a 5xx says nothing about its cause to the client but logs it in full.
 */
export interface ErrorsOptions {
  /** The database's availability: an unreachable database is a 503 (docs/RELIABILITY.md, "Faults"). */
  availability?: DatabaseAvailability;
}

const outageReply = (reply: FastifyReply) => {
  reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
  return send(reply, 503, { error: httpMessages.outage, code: errorCodes.unavailable });
};

async function errorsPlugin(app: FastifyInstance, { availability }: ErrorsOptions) {
  // While the database is known to be down, the API answers at once instead of each request
  // waiting on a connection that cannot come (the availability logs the outage once).
  if (availability) {
    app.addHook('onRequest', async (request, reply) => {
      if (availability.down && request.url.startsWith('/api/')) return outageReply(reply);
    });
  }
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath);
        if (!(key in fields)) fields[key] = issue.message ?? httpMessages.badRequest;
      }
      const first = Object.values(fields)[0] ?? httpMessages.badRequest;
      return send(reply, 400, { error: first, code: errorCodes.validation, fields });
    }
    if (error instanceof DomainError) {
      if (error.extra.retryAfterS !== undefined) reply.header('retry-after', String(error.extra.retryAfterS));
      return send(
        reply,
        error.status,
        {
          error: error.message,
          code: error.code,
          ...(error.extra.fields ? { fields: error.extra.fields } : {}),
          ...(error.extra.meta ? { meta: error.extra.meta } : {}),
        },
        error.extra.words,
      );
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return send(reply, known.status, { error: known.error, code: errorCodes.validation });
    if (isMalformedMultipart(error)) return send(reply, 400, { error: httpMessages.badRequest, code: errorCodes.validation });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, { error: httpMessages.badRequest, code: errorCodes.validation });
    }
    if (violatedConstraint(error, '23514') === 'account_closed') {
      // The database refused a write to a closed account (docs/closed-accounts.md): a request let
      // in a moment before the closing committed. The customer's session is gone with the account;
      // staff are told what happened to the customer they were working on.
      request.log.info({ err: error }, 'write to a closed account refused');
      if (request.routeOptions.config?.staff !== undefined)
        return send(reply, 409, { error: adminCustomerMessages.accountClosed, code: errorCodes.conflict });
      return send(reply, 401, { error: privacyMessages.closed, code: errorCodes.unauthenticated });
    }
    if (violatedConstraint(error, '23514') === 'sales_transaction_id_deposit') {
      // A sale naming another customer's recorded deposit (0057): made before the watcher saw the
      // deposit, it can still never be approved (docs/crypto-settlement.md, "The manual path").
      request.log.warn({ err: error }, "approval of a sale naming another customer's deposit refused");
      return send(reply, 409, { error: chainReviewMessages.depositOfAnotherCustomer, code: errorCodes.conflict });
    }
    if (violatedConstraint(error, '23514') === 'sales_deposit_pricer') {
      // Four eyes on a deposit a person priced (0058): its pricer asked to approve its sale.
      request.log.warn({ err: error }, 'approval of a deposit sale by the one who priced it refused');
      return send(reply, 403, { error: depositDeskMessages.pricerCannotApprove, code: depositDeskErrorCodes.pricerCannotApprove });
    }
    if (databaseBusy(error)) {
      // Overload, not a bug: no connection came free in time for a query, so the client should retry
      // (writes are idempotent or settled by their jobs; found by the soak, docs/RELIABILITY.md).
      request.log.warn({ err: error }, 'database busy: answered 503');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
      return send(reply, 503, { error: httpMessages.busy, code: errorCodes.busy });
    }
    if (error instanceof FileStoreError) {
      // The write left nothing behind (providers/file-store); the customer can send it again later.
      request.log.warn({ err: error }, `upload store failed: answered ${error.reason === 'full' ? 507 : 503}`);
      if (error.reason === 'unavailable') reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
      return send(reply, error.reason === 'full' ? 507 : 503, { error: httpMessages.storageFailed, code: errorCodes.storageFailed });
    }
    if (databaseUnreachable(error)) {
      // The database went away under the request (a restart, a lost connection): nothing was
      // committed that a retry could double (writes that matter carry an Idempotency-Key), and the
      // availability probes now and logs the outage once rather than a line per request.
      availability?.suspect(error);
      request.log.debug({ err: error }, 'database unreachable: answered 503');
      return outageReply(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { error: httpMessages.internal, code: errorCodes.internal });
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, { error: httpMessages.notFound, code: errorCodes.notFound }));
}

export default fp(errorsPlugin, { name: 'errors' });
