import { z } from 'zod';
import { requiredString } from './fields';
import { pinField } from './pin';
import { DATA_EXPORT_STATES, privacyMessages } from './plain/privacy';

export * from './plain/privacy';

/** POST /api/profile/data-export/download: the token from the e-mailed link. */
export const dataExportDownloadSchema = z.strictObject({
  token: requiredString(privacyMessages.exportLinkInvalid).regex(/^[A-Za-z0-9_-]{43}$/, privacyMessages.exportLinkInvalid),
});
export type DataExportDownloadInput = z.infer<typeof dataExportDownloadSchema>;

/** POST /api/profile/close: after POST /api/profile/password/confirm; the PIN when one is set. */
export const closeAccountSchema = z.strictObject({
  pin: pinField.optional(),
  confirm: z.literal(true, { error: privacyMessages.closeConfirmRequired }),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

export const dataRightsResponseSchema = z.object({
  export: z.object({
    state: z.enum(DATA_EXPORT_STATES),
    requested_at: z.string().nullable(),
    expires_at: z.string().nullable(),
  }),
  close: z.object({
    /** Why the account cannot be closed now, or null. */
    blocked: z.string().nullable(),
    gems: z.number().int(),
    has_pin: z.boolean(),
  }),
});
export type DataRightsResponse = z.infer<typeof dataRightsResponseSchema>;
