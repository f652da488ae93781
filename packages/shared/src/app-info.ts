import { z } from 'zod';

/** What every screen needs to know about the business, before or after login. */
export const appInfoResponseSchema = z.object({
  /** IANA zone of the business day: the gem week, the countdown, every date shown. */
  time_zone: z.string(),
});
export type AppInfoResponse = z.infer<typeof appInfoResponseSchema>;
