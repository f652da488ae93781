import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENT_IMAGE_SIDES,
  SALE_IMAGE_MAX_BYTES,
  documentImageRequired,
  documentMessages,
  documentSubmitResultSchema,
  identityCheckResultSchema,
  identityMessages,
  identityNumberSchema,
  identityResetSchema,
  messageResponseSchema,
  verificationStatusSchema,
  type DocumentImageSide,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { DomainError, validationError } from '#server/domain/errors';
import { assertPassword } from '#server/domain/auth/password-check';
import { resetVerification, verificationStatus, verifyIdentityNumber, type IdentityDeps } from '#server/domain/identity/tier1';
import { assertMaySubmitDocument, submitDocumentReview } from '#server/domain/identity/tier2';
import { processSaleImage, uploadErrorCodes, type ImageMessages } from '#server/domain/uploads/image';
import { UNREADABLE_HASH_MESSAGE } from '#server/lib/passwords';
import { withPasswordLimits } from '#server/plugins/rate-limits';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['profile'];

const documentImageMessages: ImageMessages = {
  missing: documentMessages.frontRequired,
  tooLarge: documentMessages.imageTooLarge,
  notImage: documentMessages.imageNotImage,
  tooManyPixels: documentMessages.imageTooManyPixels,
  unreadable: documentMessages.imageUnreadable,
  heicUnsupported: documentMessages.heicUnsupported,
};

const isSide = (name: string): name is DocumentImageSide => (DOCUMENT_IMAGE_SIDES as readonly string[]).includes(name);

/**
 * The Tier 2 form: one file in each of `front`, `back`, `selfie`, read one part at a time and
 * re-encoded at once (WebP, metadata dropped, as a sale's images), so one raw photo at most is in memory.
 */
async function readDocumentForm(request: FastifyRequest): Promise<Record<DocumentImageSide, Buffer>> {
  if (!request.isMultipart()) throw new DomainError('VALIDATION', documentMessages.notMultipart, 415);
  const images: Partial<Record<DocumentImageSide, Buffer>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || !isSide(part.fieldname) || images[part.fieldname]) {
        throw validationError(documentMessages.unknownField, { _: documentMessages.unknownField });
      }
      const side = part.fieldname;
      const raw = await part.toBuffer();
      if (raw.length === 0 && !part.filename) continue;
      try {
        images[side] = await processSaleImage(raw, { ...documentImageMessages, missing: documentImageRequired[side] });
      } catch (error) {
        // The field the refusal is about, so the form shows it under the right picture.
        if (error instanceof DomainError)
          throw new DomainError(error.code, error.message, error.status, { fields: { [side]: error.message } });
        throw error;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError(uploadErrorCodes.tooLarge, documentMessages.imageTooLarge, 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw validationError(documentMessages.unknownField, { _: documentMessages.unknownField });
    throw error;
  }
  const missing = DOCUMENT_IMAGE_SIDES.filter((side) => !images[side]);
  if (missing.length > 0) {
    const first = missing[0] ?? 'front';
    throw validationError(documentImageRequired[first], Object.fromEntries(missing.map((side) => [side, documentImageRequired[side]])));
  }
  return images as Record<DocumentImageSide, Buffer>;
}

/**
 * Identity verification (docs/features.md, "Identity verification"), the session's customer only:
 * GET / → the tier, the verified number's last four digits and the latest Tier 2 request;
 * POST /number → a BVN or NIN looked up for Tier 1 (a few a day: the daily count lives in the
 * database, domain/identity/tier1.ts); POST /document → the ID's front and back and a selfie for
 * Tier 2 (domain/identity/tier2.ts); POST /reset → with the password, the verification stops
 * binding the account so the name and date of birth can be corrected and verified again
 * (docs/identity.md). The images are never served back to the customer.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates } = ctx;
  const deps: IdentityDeps = { clock, provider: ctx.identity, keyring: ctx.config.cardCodeKeys };

  app.get(
    '/',
    { schema: { tags, summary: "The customer's verification tier", response: { 200: verificationStatusSchema, ...errorResponses } } },
    async (request) => verificationStatus(db, clock, currentUser(request).id),
  );

  // Only this scope accepts multipart bodies, with three photos' limits.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: SALE_IMAGE_MAX_BYTES,
        files: DOCUMENT_IMAGE_SIDES.length,
        fields: 0,
        parts: DOCUMENT_IMAGE_SIDES.length,
        headerPairs: 100,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/document',
      {
        schema: {
          tags,
          summary:
            'Send the ID document (multipart files "front", "back") and a selfie ("selfie") for Tier 2 review; Tier 1 only, one open request at a time',
          consumes: ['multipart/form-data'],
          response: { 200: documentSubmitResultSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        // Refused before any photo is decoded: Tier 0, already Tier 2, a request already open.
        await assertMaySubmitDocument(db, userId);
        const images = await readDocumentForm(request);
        const document = await submitDocumentReview(db, { clock, files: ctx.files }, userId, images, (error) =>
          request.log.warn({ err: error }, 'an identity image could not be deleted after a failed submission'),
        );
        return { message: documentMessages.submitted, document };
      },
    );
  });

  app.post(
    '/number',
    {
      schema: {
        tags,
        summary: 'Verify a BVN or NIN against the profile (Tier 1); the outcome is in the answer',
        body: identityNumberSchema,
        response: { 200: identityCheckResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // A burst from one address is stopped before any look-up; the daily count per customer is the database's.
      await rates.consume('identityCheckPerIp', request.ip);
      return verifyIdentityNumber(db, deps, userId, request.body);
    },
  );

  app.post(
    '/reset',
    {
      schema: {
        tags,
        summary: 'Verify again: with the password, drop to Tier 0 so the name and date of birth can be corrected (e-mailed)',
        body: identityResetSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const onUnreadableHash = (error: unknown) => request.log.error({ err: error }, UNREADABLE_HASH_MESSAGE);
      await withPasswordLimits(rates, userId, request.ip, () => assertPassword(db, userId, request.body.password, onUnreadableHash));
      await resetVerification(db, clock, userId);
      return { message: identityMessages.resetDone };
    },
  );
};
