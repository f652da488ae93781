import { z } from 'zod';

/** Roles (docs/decisions.md §8): reviewers work the review queue and look customers up; admins do everything. */
export const staffRoles = ['reviewer', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * A six-digit code from the staff member's authenticator app, asked again before an action that
 * moves money or changes where it goes (approve, retry or record a payout, wallet addresses,
 * adjustments, staff management): a stolen staff cookie alone moves nothing.
 */
export const confirmCodeMessage = 'Enter the 6-digit code from your authenticator app';
export const confirmCodeSchema = z.string().regex(/^\d{6}$/, confirmCodeMessage);

/** Keyset pagination for every back-office list: `?cursor=` in, `next_cursor` out (null at the end). */
export const cursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });
