import { z } from 'zod';
export { PASSKEYS_MAX, PASSKEY_CHALLENGE_TTL_MS, passkeyErrorCodes, passkeyMessages, passkeyTexts } from './plain/passkeys';

/**
 * Passkeys (docs/features.md, "Passkeys"): the WebAuthn options the server sends and the credentials the
 * browser answers with, in the JSON form SimpleWebAuthn reads and writes on both sides. Binary
 * fields are base64url strings; each has a bound, like every input.
 */

const b64 = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url');
const transports = z.array(z.string().max(20)).max(10);
const descriptor = z.object({
  id: b64(1400),
  type: z.literal('public-key'),
  transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).optional(),
});
const userVerification = z.enum(['required', 'preferred', 'discouraged']);

/** What the browser's navigator.credentials.create() needs (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** What navigator.credentials.get() needs (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: userVerification.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

export const passkeyCreationOptionsResponseSchema = z.object({ options: passkeyCreationOptionsSchema });
export const passkeyRequestOptionsResponseSchema = z.object({ options: passkeyRequestOptionsSchema });

const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });
const attachment = z.enum(['platform', 'cross-platform']).optional();
/** What both of the browser's answers carry besides their `response`. */
const credentialFields = {
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: clientExtensionResults.default({}),
};

/** The browser's answer to create() (RegistrationResponseJSON); unknown fields are dropped. */
export const passkeyRegistrationSchema = z.object({
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: b64(4096),
      attestationObject: b64(16384),
      authenticatorData: b64(16384).optional(),
      transports: transports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64(4096).optional(),
    }),
  }),
});
export type PasskeyRegistrationInput = z.infer<typeof passkeyRegistrationSchema>;

/** The browser's answer to get() (AuthenticationResponseJSON); unknown fields are dropped. */
export const passkeyLoginSchema = z.object({
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: b64(4096),
      authenticatorData: b64(16384),
      signature: b64(2048),
      userHandle: b64(200).optional(),
    }),
  }),
});
export type PasskeyLoginInput = z.infer<typeof passkeyLoginSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  device_name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListResponseSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyListResponse = z.infer<typeof passkeyListResponseSchema>;
export const passkeyAddedResponseSchema = z.object({ passkey: passkeySchema, message: z.string() });

export const passkeyIdParamsSchema = z.strictObject({ id: z.uuid() });
