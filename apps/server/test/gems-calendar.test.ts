import fc from 'fast-check';
import { addDays, comeBackLabel, formatCountdown, gemDayAt, startOfLocalDate, weekDayOf } from '@wise/shared';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';

const LAGOS = 'Africa/Lagos';

describe('gem days (controlled clock)', () => {
  it('maps Monday to day 1 through Sunday to day 7 with the amounts of the product rules', () => {
    const clock = new ManualClock('2026-03-02T11:00:00Z'); // Monday 12:00 in Lagos
    const seen: [number, number, string][] = [];
    for (let i = 0; i < 7; i += 1) {
      const day = gemDayAt(clock.now(), LAGOS);
      seen.push([day.day, day.amount, day.localDate]);
      expect(day.weekStart).toBe('2026-03-02');
      clock.advance(86_400_000);
    }
    expect(seen).toEqual([
      [1, 10, '2026-03-02'],
      [2, 10, '2026-03-03'],
      [3, 10, '2026-03-04'],
      [4, 20, '2026-03-05'],
      [5, 20, '2026-03-06'],
      [6, 20, '2026-03-07'],
      [7, 50, '2026-03-08'],
    ]);
    expect(gemDayAt(clock.now(), LAGOS)).toMatchObject({ day: 1, weekStart: '2026-03-09' });
  });

  it('turns the day at midnight in Africa/Lagos: 23:59:59 vs 00:00:00', () => {
    const clock = new ManualClock('2026-03-08T22:59:59Z'); // Sunday 23:59:59 in Lagos
    expect(gemDayAt(clock.now(), LAGOS)).toMatchObject({ day: 7, amount: 50, localDate: '2026-03-08', weekStart: '2026-03-02' });
    expect(gemDayAt(clock.now(), LAGOS).nextResetAt.toISOString()).toBe('2026-03-08T23:00:00.000Z');
    clock.advance(1000); // Monday 00:00:00 in Lagos, still Sunday in UTC
    expect(clock.now().getUTCDay()).toBe(0);
    expect(gemDayAt(clock.now(), LAGOS)).toMatchObject({ day: 1, amount: 10, localDate: '2026-03-09', weekStart: '2026-03-09' });
    expect(gemDayAt(clock.now(), LAGOS).nextResetAt.toISOString()).toBe('2026-03-09T23:00:00.000Z');
  });

  it('counts down to local midnight', () => {
    const clock = new ManualClock('2026-03-04T13:14:15Z'); // 14:14:15 in Lagos
    const day = gemDayAt(clock.now(), LAGOS);
    const remaining = () => day.nextResetAt.getTime() - clock.now().getTime();
    expect(comeBackLabel(remaining())).toBe('Come back in 09:45:45');
    clock.advance(1000);
    expect(comeBackLabel(remaining())).toBe('Come back in 09:45:44');
    clock.set('2026-03-04T22:59:59Z');
    expect(comeBackLabel(remaining())).toBe('Come back in 00:00:01');
    clock.set('2026-03-04T22:59:59.400Z'); // part-seconds round up: never 00:00:00 while locked
    expect(formatCountdown(remaining())).toBe('00:00:01');
    clock.set('2026-03-04T23:00:00Z');
    expect(formatCountdown(remaining())).toBe('00:00:00');
    clock.set('2026-03-04T23:30:00Z');
    expect(formatCountdown(remaining())).toBe('00:00:00'); // past the reset: clamps, never negative
    // Just after midnight a fresh collection waits a whole day.
    const next = gemDayAt(new Date('2026-03-04T23:00:00Z'), LAGOS);
    expect(formatCountdown(next.nextResetAt.getTime() - Date.parse('2026-03-04T23:00:00Z'))).toBe('24:00:00');
  });

  it('handles zones with daylight saving: the day is 23 or 25 hours long', () => {
    // Europe/London springs forward on 2026-03-29 and falls back on 2026-10-25.
    expect(startOfLocalDate('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfLocalDate('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    const spring = gemDayAt(new Date('2026-03-29T12:00:00Z'), 'Europe/London');
    expect(spring.nextResetAt.getTime() - startOfLocalDate('2026-03-29', 'Europe/London').getTime()).toBe(23 * 3600_000);
    const autumn = gemDayAt(new Date('2026-10-25T12:00:00Z'), 'Europe/London');
    expect(autumn.nextResetAt.getTime() - startOfLocalDate('2026-10-25', 'Europe/London').getTime()).toBe(25 * 3600_000);
  });

  it('answers from the kept day to its last millisecond, and a changed answer changes nothing kept', () => {
    const first = gemDayAt(new Date('2026-06-10T10:00:00Z'), LAGOS);
    first.nextResetAt.setTime(0);
    const last = gemDayAt(new Date('2026-06-10T22:59:59.999Z'), LAGOS);
    expect(last).toMatchObject({ localDate: '2026-06-10', day: 3 });
    expect(last.nextResetAt.toISOString()).toBe('2026-06-10T23:00:00.000Z');
    expect(gemDayAt(new Date('2026-06-10T23:00:00Z'), LAGOS)).toMatchObject({ localDate: '2026-06-11', day: 4 });
    // Back to an earlier day in the same zone: computed afresh, not the kept later one.
    expect(gemDayAt(new Date('2026-06-09T23:00:00Z'), LAGOS)).toMatchObject({ localDate: '2026-06-10', day: 3 });
    expect(gemDayAt(new Date('2026-06-09T22:59:59.999Z'), LAGOS)).toMatchObject({ localDate: '2026-06-09', day: 2 });
  });

  it('weekday and date arithmetic agree across years and leap days', () => {
    expect(weekDayOf('2024-02-29')).toBe(4);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('for any instant and zone: local midnight <= now < next reset, and the reset is a local midnight', () => {
    const zones = ['Africa/Lagos', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Europe/London'];
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2060-01-01') }), fc.constantFrom(...zones), (ms, zone) => {
        const at = new Date(ms);
        const day = gemDayAt(at, zone);
        const start = startOfLocalDate(day.localDate, zone);
        expect(start.getTime()).toBeLessThanOrEqual(ms);
        expect(day.nextResetAt.getTime()).toBeGreaterThan(ms);
        expect(gemDayAt(day.nextResetAt, zone).localDate).toBe(addDays(day.localDate, 1));
        expect(gemDayAt(new Date(day.nextResetAt.getTime() - 1), zone).localDate).toBe(day.localDate);
        expect(weekDayOf(day.weekStart)).toBe(1);
        expect(formatCountdown(day.nextResetAt.getTime() - ms)).toMatch(/^(\d{2}):[0-5]\d:[0-5]\d$/);
      }),
      { numRuns: 500 },
    );
  });
});
