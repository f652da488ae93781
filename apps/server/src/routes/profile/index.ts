import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressUpdateSchema,
  confirmPasswordSchema,
  contactResponseSchema,
  dateOfBirthUpdateSchema,
  emailChangeRequestSchema,
  emailChangeVerifySchema,
  fullNameUpdateSchema,
  genderUpdateSchema,
  languageTexts,
  languageUpdateSchema,
  messageResponseSchema,
  phoneChangeRequestSchema,
  phoneChangeVerifySchema,
  PHOTO_MAX_BYTES,
  photoResponseSchema,
  profileMessages,
  profileResponseSchema,
  translateText,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { assertPassword } from '#server/domain/auth/password-check';
import { DomainError } from '#server/domain/errors';
import {
  confirmPassword,
  getProfile,
  profileErrorCodes,
  requestEmailChange,
  requestPhoneChange,
  updateAddress,
  updateDateOfBirth,
  updateFullName,
  updateGender,
  updateLanguage,
  verifyEmailChange,
  verifyPhoneChange,
  type ProfileDeps,
} from '#server/domain/profile/service';
import { uploadErrorCodes } from '#server/domain/uploads/image';
import { photoUrl, readOwnPhoto, replaceProfilePhoto } from '#server/domain/uploads/photos';
import { UNREADABLE_HASH_MESSAGE } from '#server/lib/passwords';
import { withPasswordLimits } from '#server/plugins/rate-limits';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['profile'];
const ok = { 200: messageResponseSchema, ...errorResponses };

const tooLarge = () => new DomainError(uploadErrorCodes.tooLarge, profileMessages.photoTooLarge, 413);

/**
 * docs/product.md §7's profile calls, each acting on the session's user only:
 * GET profile / get_user_photo.php → GET /api/profile; get_user_contact.php → GET /api/profile/contact;
 * full_name, update_gender/address/date_of_birth → PUT /api/profile/{full-name,gender,address,date-of-birth};
 * request/verify_phone_update → POST /api/profile/phone{,/verify} (after POST /api/profile/password/confirm);
 * change_email_otp / verify_otp_and_update_email → POST /api/profile/email{,/verify} (also after the password:
 * a deliberate deviation, docs/decisions.md §9);
 * upload_photo.php → POST /api/profile/photo; the photo itself → GET /api/profile/photo/:name.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  // Only this plugin's routes accept multipart bodies, with the photo's limits.
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 } });
  await app.register(personalDetailRoutes, { ctx });
  await app.register(contactChangeRoutes, { ctx });
  await app.register(photoRoutes, { ctx });
};

function profileDeps(ctx: RouteContext): ProfileDeps {
  return {
    clock: ctx.clock,
    secret: ctx.auth.secret,
    messenger: ctx.messenger,
    timeZone: ctx.config.APP_TIMEZONE,
    onDeliveryError: ctx.auth.onDeliveryError,
  };
}

/** The customer and this session: a contact change is bound to the session that confirmed the password. */
const sessionOf = (request: Parameters<typeof currentUser>[0]) => {
  const user = currentUser(request);
  return { userId: user.id, sessionHash: request.principal?.sessionHash ?? '' };
};

/** The profile, and the details a customer changes in place: name (with the password), gender, address, birth date, language. */
const personalDetailRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates } = ctx;
  const deps = profileDeps(ctx);

  app.get(
    '/',
    { schema: { tags, summary: "The customer's profile", response: { 200: profileResponseSchema, ...errorResponses } } },
    async (request) => getProfile(db, currentUser(request).id),
  );

  app.put(
    '/full-name',
    {
      schema: {
        tags,
        summary: 'First, middle (optional) and surname, with the password; refused while a verified BVN or NIN binds the name; e-mailed',
        body: fullNameUpdateSchema,
        response: ok,
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const onUnreadableHash = (error: unknown) => request.log.error({ err: error }, UNREADABLE_HASH_MESSAGE);
      await withPasswordLimits(rates, userId, request.ip, () => assertPassword(db, userId, request.body.password, onUnreadableHash));
      await updateFullName(db, clock, userId, request.body);
      return { message: profileMessages.fullNameUpdated };
    },
  );

  app.put('/gender', { schema: { tags, summary: 'male or female', body: genderUpdateSchema, response: ok } }, async (request) => {
    await updateGender(db, currentUser(request).id, request.body.gender);
    return { message: profileMessages.genderUpdated };
  });

  app.put('/address', { schema: { tags, summary: 'Home address', body: addressUpdateSchema, response: ok } }, async (request) => {
    await updateAddress(db, currentUser(request).id, request.body.address);
    return { message: profileMessages.addressUpdated };
  });

  app.put(
    '/date-of-birth',
    { schema: { tags, summary: 'YYYY-MM-DD, a real past date', body: dateOfBirthUpdateSchema, response: ok } },
    async (request) => {
      await updateDateOfBirth(db, deps, currentUser(request).id, request.body.date_of_birth);
      return { message: profileMessages.dobUpdated };
    },
  );

  app.put(
    '/language',
    { schema: { tags, summary: "The account's language (docs/i18n.md)", body: languageUpdateSchema, response: ok } },
    async (request) => {
      const { language } = request.body;
      await updateLanguage(db, currentUser(request).id, language);
      return { message: translateText(languageTexts.updated, language) };
    },
  );
};

/** A new phone number or e-mail address: the password first, then a code sent to the new one. */
const contactChangeRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates } = ctx;
  const deps = profileDeps(ctx);

  app.get(
    '/contact',
    {
      schema: {
        tags,
        summary: 'The current email (start of the email change)',
        response: { 200: contactResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ email: (await getProfile(db, currentUser(request).id)).email }),
  );

  app.post(
    '/password/confirm',
    { schema: { tags, summary: 'Re-enter the password before a phone or e-mail change', body: confirmPasswordSchema, response: ok } },
    async (request) => {
      const { userId, sessionHash } = sessionOf(request);
      await rates.consume('passwordConfirmPerIp', request.ip);
      await rates.check('passwordConfirmFailuresPerUser', userId);
      const onUnreadableHash = (error: unknown) => request.log.error({ err: error }, UNREADABLE_HASH_MESSAGE);
      if (!(await confirmPassword(db, clock, userId, sessionHash, request.body.password, onUnreadableHash))) {
        await rates.consume('passwordConfirmFailuresPerUser', userId);
        throw new DomainError(profileErrorCodes.passwordWrong, profileMessages.passwordWrong, 400, {
          fields: { password: profileMessages.passwordWrong },
        });
      }
      await rates.reset('passwordConfirmFailuresPerUser', userId);
      return { message: profileMessages.passwordConfirmed };
    },
  );

  app.post(
    '/phone',
    { schema: { tags, summary: 'Text a code to the new number', body: phoneChangeRequestSchema, response: ok } },
    async (request) => {
      const { userId, sessionHash } = sessionOf(request);
      await rates.consume('contactChangePerUser', userId);
      await requestPhoneChange(db, deps, userId, sessionHash, request.body.new_phone);
      return { message: profileMessages.phoneOtpSent };
    },
  );

  app.post(
    '/phone/verify',
    { schema: { tags, summary: 'Confirm the new number with its code', body: phoneChangeVerifySchema, response: ok } },
    async (request) => {
      const { userId, sessionHash } = sessionOf(request);
      await rates.consume('contactVerifyPerIp', request.ip);
      await rates.consume('contactVerifyPerUser', userId);
      await verifyPhoneChange(db, deps, userId, sessionHash, request.body);
      return { message: profileMessages.phoneUpdated };
    },
  );

  app.post(
    '/email',
    { schema: { tags, summary: 'E-mail a code to the new address', body: emailChangeRequestSchema, response: ok } },
    async (request) => {
      const { userId, sessionHash } = sessionOf(request);
      await rates.consume('contactChangePerUser', userId);
      await requestEmailChange(db, deps, userId, sessionHash, request.body.new_email);
      return { message: profileMessages.emailOtpSent };
    },
  );

  app.post(
    '/email/verify',
    { schema: { tags, summary: 'Confirm the new address with its code', body: emailChangeVerifySchema, response: ok } },
    async (request) => {
      const { userId, sessionHash } = sessionOf(request);
      await rates.consume('contactVerifyPerIp', request.ip);
      await rates.consume('contactVerifyPerUser', userId);
      await verifyEmailChange(db, deps, userId, sessionHash, request.body);
      return { message: profileMessages.emailUpdated };
    },
  );
};

/** The profile photo: uploaded, and read back by its owner only. */
const photoRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  const store = ctx.files;

  app.post(
    '/photo',
    {
      schema: {
        tags,
        summary: 'Upload a profile photo (multipart field "photo": JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: photoResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await rates.consume('photoUploadPerUser', userId);
      if (!request.isMultipart()) throw new DomainError(uploadErrorCodes.missing, profileMessages.photoMissing, 400);
      const part = await request.file();
      if (!part || part.fieldname !== 'photo') throw new DomainError(uploadErrorCodes.missing, profileMessages.photoMissing, 400);
      let file: Buffer;
      try {
        file = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      if (part.file.truncated) throw tooLarge();
      const key = await replaceProfilePhoto(db, store, userId, file, (error) => request.log.warn({ err: error }, 'photo cleanup failed'));
      return { photo: photoUrl(key), message: profileMessages.photoUpdated };
    },
  );

  app.get(
    '/photo/:name',
    {
      schema: {
        tags,
        summary: "The customer's own profile photo (WebP); anyone else's is a 404",
        params: z.object({ name: z.string().regex(/^[a-f0-9]{32}\.webp$/) }),
      },
    },
    async (request, reply) => {
      const photo = await readOwnPhoto(db, store, currentUser(request).id, request.params.name);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(photo.body);
    },
  );
};
