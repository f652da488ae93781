import { z } from 'zod';

/** SPEC §3: id, message, date_created (ISO 8601). */
export const notificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  date_created: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
/** Newest first. */
export const notificationListResponseSchema = z.array(notificationSchema);
export const unreadCountResponseSchema = z.object({ unread_count: z.number().int().nonnegative() });

/** How many notifications the list returns at most. */
export const NOTIFICATIONS_PAGE_SIZE = 100;
export const NOTIFICATION_MAX_LENGTH = 500;

/** SPEC §2: messages are shown with their first letter capitalised. */
export const capitalizeFirst = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

const notYou = 'If this was not you, contact support right away.';
/** What the server writes on each event (DESIGN §5 adds sales, purchases and gems later). */
export const notificationTexts = {
  pinSet: 'your transaction PIN was set.',
  pinChanged: `your transaction PIN was changed. ${notYou}`,
  bankDetailsChanged: (bankName: string, maskedAccount: string) =>
    `your payout bank details were changed to ${bankName} ${maskedAccount}. ${notYou}`,
  bankDetailsAdded: (bankName: string, maskedAccount: string) =>
    `your payout bank details were added: ${bankName} ${maskedAccount}.`,
  passwordChanged: `your password was changed. ${notYou}`,
  phoneChanged: (maskedPhone: string) => `your phone number was changed to ${maskedPhone}. ${notYou}`,
  emailChanged: (email: string) => `your email address was changed to ${email}. ${notYou}`,
  pinResetBySupport: 'your transaction PIN was reset by Wise support. Set a new PIN before your next transaction. If you did not ask for this, contact support right away.',
} as const;
