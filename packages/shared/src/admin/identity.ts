import { z } from 'zod';
import {
  DOCUMENT_IMAGE_SIDES,
  DOCUMENT_REJECT_REASON_MAX,
  DOCUMENT_REVIEW_STATUSES,
  DOCUMENT_VERDICTS,
  documentMessages,
} from '../plain/identity';
import { plainText } from '../fields';
import { staffConfirmationFields } from './confirmation';
import { imagesDeletedReasonSchema } from './erased';

/** Tier 2 requests in the back office (docs/features.md, "Identity verification"): any staff member reviews them. */

export const documentReviewParamsSchema = z.object({ id: z.uuid() });
export const documentImageParamsSchema = z.object({ id: z.uuid(), side: z.enum(DOCUMENT_IMAGE_SIDES) });

/** The provider's opinion of the selfie against the document, null until the background check ran. */
export const documentVerdictSchema = z
  .object({
    kind: z.enum(DOCUMENT_VERDICTS),
    score: z.number().int().nullable(),
    summary: z.string().nullable(),
    provider: z.string(),
    at: z.string(),
  })
  .nullable();

export const adminDocumentReviewSchema = z.object({
  id: z.string(),
  status: z.enum(DOCUMENT_REVIEW_STATUSES),
  submitted_at: z.string(),
  customer: z.object({ id: z.string(), full_name: z.string(), username: z.string(), tier: z.number().int() }),
  /** The name and date of birth the BVN or NIN registry holds (Tier 1), to compare with the document. */
  verified: z.object({ name: z.string(), date_of_birth: z.string(), kind: z.string(), last4: z.string() }).nullable(),
  verdict: documentVerdictSchema,
  /** False once the retention job or the closing of the account removed them. */
  images_available: z.boolean(),
  /** Why they are gone (null while they are there): the back office says so in their place. */
  images_deleted: imagesDeletedReasonSchema.nullish(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  reject_reason: z.string().nullable(),
});
export type AdminDocumentReview = z.infer<typeof adminDocumentReviewSchema>;

export const documentReviewListQuerySchema = z.object({ status: z.enum(DOCUMENT_REVIEW_STATUSES).default('pending') });
export const documentReviewListSchema = z.object({ items: z.array(adminDocumentReviewSchema) });

/** Approving raises the customer's payout limits: the authenticator code is asked again. */
export const approveDocumentBodySchema = z.strictObject({ ...staffConfirmationFields });
export const rejectDocumentBodySchema = z.strictObject({
  reason: plainText(
    z
      .string({ error: documentMessages.reasonRequired })
      .trim()
      .min(1, documentMessages.reasonRequired)
      .max(DOCUMENT_REJECT_REASON_MAX, documentMessages.reasonTooLong),
  ),
});
export type RejectDocumentBody = z.infer<typeof rejectDocumentBodySchema>;

export const documentReviewTexts = {
  navLabel: 'ID reviews',
  title: 'ID reviews (Tier 2)',
  empty: 'No ID documents are waiting for review.',
  verdictLabels: { match: 'Face matches', no_match: 'Face does not match', unavailable: 'Check unavailable' },
  pendingVerdict: 'Provider check running',
  approve: 'Approve Tier 2',
  reject: 'Reject',
  reasonLabel: 'Reason (the customer reads it)',
  imageAlt: { front: 'Front of the ID', back: 'Back of the ID', selfie: 'Selfie' },
} as const;
