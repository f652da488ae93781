import { addDays, startOfLocalDate } from '@wise/shared';

/**
 * The instant a calendar day (plus `days`) starts in a time zone: `2026-11-22` in Africa/Lagos →
 * `2026-11-21T23:00:00.000Z`. The audit filter's dates are business days, not UTC ones; the
 * calendar arithmetic is the gem day's own (@wise/shared). Anything but `YYYY-MM-DD` is no filter.
 */
export function zonedDayStartIso(date: string, timeZone: string, days = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  return startOfLocalDate(addDays(date, days), timeZone).toISOString();
}
