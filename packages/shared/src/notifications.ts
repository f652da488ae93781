import { z } from 'zod';
import { cursorQueryField, pageLimitQueryField } from './lists';
import { NOTIFICATIONS_PAGE_MAX, NOTIFICATION_CURSOR_MAX, NOTIFICATION_TOPICS } from './plain/notifications';

export {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATION_MAX_LENGTH,
  NOTIFICATION_TOPICS,
  capitalizeFirst,
  notificationTexts,
} from './plain/notifications';
export type { NotificationTopic } from './plain/notifications';

/** docs/product.md §3: id, message, date_created (ISO 8601). */
export const notificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  date_created: z.string(),
  read: z.boolean(),
  /** The sale or bill order it is about: the list's row and the push open its detail. Null for a plain notice. */
  transaction_id: z.string().nullable(),
  /** The screen a notice about no transaction opens (NOTIFICATION_TOPICS); null for a staff broadcast or an old notice. */
  topic: z.enum(NOTIFICATION_TOPICS).nullish(),
});
export type Notification = z.infer<typeof notificationSchema>;
/** Newest first, one page; `next_cursor` fetches the older ones and is null on the last page. */
export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  next_cursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
export const unreadCountResponseSchema = z.object({ unread_count: z.number().int().nonnegative() });

/** GET /api/notifications?cursor=&limit= */
export const notificationListQuerySchema = z.object({
  cursor: cursorQueryField(NOTIFICATION_CURSOR_MAX),
  limit: pageLimitQueryField(NOTIFICATIONS_PAGE_MAX),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
