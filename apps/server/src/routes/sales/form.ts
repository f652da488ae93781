import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { httpMessages } from '@wise/shared';
import { DomainError, forbidden, validationError } from '#server/domain/errors';
import type { SaleImageInput } from '#server/domain/sales/submit';
import { uploadErrorCodes } from '#server/domain/uploads/image';

/**
 * The multipart body of a sale (gift card or crypto), read one part at a time: each image is
 * hashed as sent (for the Idempotency-Key), then checked and re-encoded at once, so at most one
 * raw image is in memory. The route registers @fastify/multipart with its own limits; this turns
 * what arrives, and those limits' errors, into the sale's fields and images or a clear refusal.
 */

export interface SaleFormSpec {
  /** The one field files may come in ("images", "screenshot"). */
  fileField: string;
  /** The text fields the sale reads. `user_id` is always accepted and must be the session's. */
  textFields: ReadonlySet<string>;
  /** Fields older clients send that carry nothing the server trusts (a value they computed): read and dropped. */
  ignoredFields?: ReadonlySet<string>;
  /** The message of a text field longer than the multipart limit, where it is not the generic one. */
  tooLong?: Readonly<Record<string, string>>;
  /** Checks and re-encodes one image (throws the customer's refusal). */
  processImage: (raw: Buffer) => Promise<Buffer>;
  messages: {
    notMultipart: string;
    /** A file in another field than fileField. */
    wrongFileField: string;
    tooLarge: string;
    tooMany: string;
  };
  /** The code of the refusal for one file too many. */
  tooManyCode: string;
}

export interface SaleForm {
  fields: Record<string, string>;
  images: SaleImageInput[];
}

/** Multipart's own limit errors, as the customer should read them. */
function multipartFailure(error: unknown, spec: SaleFormSpec): DomainError | undefined {
  const code = (error as { code?: unknown }).code;
  const { messages, fileField } = spec;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new DomainError(uploadErrorCodes.tooLarge, messages.tooLarge, 413, { fields: { [fileField]: messages.tooLarge } });
  if (code === 'FST_FILES_LIMIT')
    return new DomainError(spec.tooManyCode, messages.tooMany, 400, { fields: { [fileField]: messages.tooMany } });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new DomainError('VALIDATION', httpMessages.payloadTooLarge, 413);
  return undefined;
}

export async function readSaleForm(request: FastifyRequest, userId: string, spec: SaleFormSpec): Promise<SaleForm> {
  if (!request.isMultipart()) throw new DomainError('VALIDATION', spec.messages.notMultipart, 415);
  const fields: Record<string, string> = {};
  const images: SaleImageInput[] = [];
  const known = (name: string) => name === 'user_id' || spec.textFields.has(name);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== spec.fileField) {
          throw validationError(spec.messages.wrongFileField, { [spec.fileField]: spec.messages.wrongFileField });
        }
        const raw = await part.toBuffer();
        // A browser sends an empty part for a file input left empty: that is no image, not a bad one.
        if (raw.length === 0 && !part.filename) continue;
        images.push({ sourceDigest: createHash('sha256').update(raw).digest('hex'), body: await spec.processImage(raw) });
        continue;
      }
      if (spec.ignoredFields?.has(part.fieldname)) continue;
      if (!known(part.fieldname) || part.fieldname in fields) {
        throw validationError(httpMessages.badRequest, { [known(part.fieldname) ? part.fieldname : '_']: httpMessages.badRequest });
      }
      if (part.valueTruncated || typeof part.value !== 'string') {
        const message = spec.tooLong?.[part.fieldname] ?? httpMessages.badRequest;
        throw validationError(message, { [part.fieldname]: message });
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw multipartFailure(error, spec) ?? error;
  }
  // The original calls carried user_id; the sale is always the session's own (docs/decisions.md §3).
  if (fields.user_id !== undefined && fields.user_id !== userId) throw forbidden();
  delete fields.user_id;
  return { fields, images };
}
