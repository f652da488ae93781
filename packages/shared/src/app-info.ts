import { z } from 'zod';

/** A zone this JavaScript engine can format in: the web renders every date with it. */
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What every screen needs to know about the business, before or after login. */
export const appInfoResponseSchema = z.object({
  /** IANA zone of the business day: the gem week, the countdown, every date shown. */
  time_zone: z.string().min(1).max(64).refine(isKnownTimeZone, 'is not a known IANA time zone'),
});
export type AppInfoResponse = z.infer<typeof appInfoResponseSchema>;
