import { z } from 'zod';

/** The prompts SPEC §4 lists, in the order the dashboard shows them. */
export const PENDING_ACTIONS = ['set_pin', 'upload_photo', 'add_bank_details'] as const;
export type PendingAction = (typeof PENDING_ACTIONS)[number];

/** SPEC §3's dashboard response (full_name, photo, wallet) plus what the home screen needs. */
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

/** The greeting uses the first word of the full name (SPEC §1). */
export const firstWord = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/** GET /api/support: the contacts configured by SUPPORT_WHATSAPP and SUPPORT_EMAIL. */
export const supportContactsResponseSchema = z.object({
  whatsapp_url: z.string(),
  whatsapp_number: z.string(),
  email: z.string(),
  email_url: z.string(),
});
export type SupportContactsResponse = z.infer<typeof supportContactsResponseSchema>;
