import { z } from 'zod';
import { PENDING_ACTIONS } from './plain/dashboard';

export { PENDING_ACTIONS, firstWord } from './plain/dashboard';
export type { PendingAction } from './plain/dashboard';

/** docs/product.md §3's dashboard response (full_name, photo, wallet) plus what the home screen needs. */
export const dashboardResponseSchema = z.object({
  full_name: z.string(),
  /** URL of the profile photo, or '' for the default picture. */
  photo: z.string(),
  /** Wise Gem balance (whole points). */
  wallet: z.number().int().nonnegative(),
  unread_notifications: z.number().int().nonnegative(),
  pending_actions: z.array(z.enum(PENDING_ACTIONS)),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** GET /api/support: the contacts configured by SUPPORT_WHATSAPP and SUPPORT_EMAIL. */
export const supportContactsResponseSchema = z.object({
  whatsapp_url: z.string(),
  whatsapp_number: z.string(),
  email: z.string(),
  email_url: z.string(),
});
export type SupportContactsResponse = z.infer<typeof supportContactsResponseSchema>;
