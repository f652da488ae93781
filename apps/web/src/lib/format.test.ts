import { describe, expect, it } from 'vitest';
import { relativeTimeTexts } from '@wise/shared';
import { formatCalendarDate, formatDateTime, formatGems, formatNaira, formatTimeOrDateTime, relativeTime } from './format';

describe('formatters', () => {
  it('shows an instant in the zone it is given, 24-hour, never 24:xx after midnight', () => {
    expect(formatDateTime('2026-11-21T13:05:00Z', 'Africa/Lagos')).toBe('21 Nov 2026, 14:05');
    expect(formatDateTime('2026-11-21T23:30:00Z', 'Africa/Lagos')).toBe('22 Nov 2026, 00:30');
    // The time alone on the same business day; the date too on another (Lagos midnight is 23:00 UTC).
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(formatTimeOrDateTime('2026-11-21T13:05:00Z', 'Africa/Lagos', now)).toBe('14:05');
    expect(formatTimeOrDateTime('2026-11-21T23:30:00Z', 'Africa/Lagos', now)).toBe('22 Nov 2026, 00:30');
    expect(formatDateTime('2026-11-21T23:30:00Z', 'America/New_York')).toBe('21 Nov 2026, 18:30');
  });

  it('says how long ago, then the date in the zone after a week', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(relativeTime('2026-11-21T11:59:30Z', 'Africa/Lagos', relativeTimeTexts, now)).toBe('just now');
    expect(relativeTime('2026-11-21T11:15:00Z', 'Africa/Lagos', relativeTimeTexts, now)).toBe('45 min ago');
    expect(relativeTime('2026-11-21T09:00:00Z', 'Africa/Lagos', relativeTimeTexts, now)).toBe('3 h ago');
    expect(relativeTime('2026-11-18T12:00:00Z', 'Africa/Lagos', relativeTimeTexts, now)).toBe('3 d ago');
    expect(relativeTime('2026-11-01T23:30:00Z', 'Africa/Lagos', relativeTimeTexts, now)).toBe('2 Nov 2026, 00:30');
  });

  it('keeps a calendar date on its day whatever the zone', () => {
    expect(formatCalendarDate('1994-07-21')).toBe('21 July 1994');
  });

  it('writes gems as whole points and kobo as naira', () => {
    expect(formatGems(1250)).toBe('1,250');
    expect(formatNaira(125_050)).toBe('₦1,250.50');
    expect(formatNaira(-5)).toBe('-₦0.05');
    expect(formatNaira(-125_050)).toBe('-₦1,250.50');
    expect(formatNaira(0)).toBe('₦0.00');
    // Past 2^53 / 100 a float division is already wrong in the last kobo; decimal text is not.
    expect(formatNaira(9_007_199_254_740_991)).toBe('₦90,071,992,547,409.91');
  });
});
