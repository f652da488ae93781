import { z } from 'zod';
import { plainText } from '../fields';
import { NOTIFICATION_MAX_LENGTH } from '../notifications';
import { staffConfirmationFields } from './confirmation';

/** Back office: an in-app notification to every customer or to one (admins). Helper: customers. */

export const broadcastAudiences = ['all', 'one'] as const;
export type BroadcastAudience = (typeof broadcastAudiences)[number];

export const broadcastSchema = z
  .object({
    audience: z.enum(broadcastAudiences),
    /** The one customer when audience is 'one'; refused with 'all'. */
    user_id: z.uuid().optional(),
    message: plainText(
      z
        .string({ error: 'Write a message' })
        .trim()
        .min(1, 'Write a message')
        .max(NOTIFICATION_MAX_LENGTH, `Cannot be more than ${NOTIFICATION_MAX_LENGTH} characters`),
    ),
    ...staffConfirmationFields,
  })
  .superRefine((value, context) => {
    if (value.audience === 'one' && !value.user_id) {
      context.addIssue({ code: 'custom', path: ['user_id'], message: 'Choose the customer' });
    }
    if (value.audience === 'all' && value.user_id) {
      context.addIssue({ code: 'custom', path: ['user_id'], message: 'A broadcast to everyone names no customer' });
    }
  });
export type BroadcastInput = z.infer<typeof broadcastSchema>;

/** How many customers the notification was written for. */
export const broadcastResponseSchema = z.object({ recipients: z.number().int().nonnegative() });
export type BroadcastResponse = z.infer<typeof broadcastResponseSchema>;
