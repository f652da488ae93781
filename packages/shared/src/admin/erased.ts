import { z } from 'zod';

/*
 * A customer's photos that no longer exist (docs/closed-accounts.md; docs/decisions.md §3.16): the
 * API says so, with why, instead of handing staff an address that answers 404 or 410, and the back
 * office shows these words where the picture would be.
 */

/** Why a photo is gone: the customer closed their account (erasure), or its retention time ended (ID photos). */
export const IMAGES_DELETED_REASONS = ['account_closed', 'retention'] as const;
export type ImagesDeletedReason = (typeof IMAGES_DELETED_REASONS)[number];
export const imagesDeletedReasonSchema = z.enum(IMAGES_DELETED_REASONS);

export const imagesDeletedTexts = {
  account_closed: 'Deleted with the account',
  retention: 'Deleted after the retention period',
} as const satisfies Record<ImagesDeletedReason, string>;
