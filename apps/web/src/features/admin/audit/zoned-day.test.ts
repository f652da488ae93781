import { describe, expect, it } from 'vitest';
import { zonedDayStartIso } from './zoned-day';

describe('zonedDayStartIso', () => {
  it('is the instant a business day starts in its zone, or the start of a later day', () => {
    expect(zonedDayStartIso('2026-11-22', 'Africa/Lagos')).toBe('2026-11-21T23:00:00.000Z');
    expect(zonedDayStartIso('2026-11-30', 'Africa/Lagos', 1)).toBe('2026-11-30T23:00:00.000Z');
  });

  it('follows a clock change: London gains an hour on 29 March 2026', () => {
    expect(zonedDayStartIso('2026-03-29', 'Europe/London')).toBe('2026-03-29T00:00:00.000Z');
    expect(zonedDayStartIso('2026-03-29', 'Europe/London', 1)).toBe('2026-03-29T23:00:00.000Z');
  });

  it('is no filter for anything but YYYY-MM-DD', () => {
    expect(zonedDayStartIso('', 'Africa/Lagos')).toBeUndefined();
    expect(zonedDayStartIso('22/11/2026', 'Africa/Lagos')).toBeUndefined();
  });
});
