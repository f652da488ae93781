/**
 * The instant a calendar day starts in a time zone: `2026-11-22` in Africa/Lagos →
 * `2026-11-21T23:00:00.000Z`. The audit filter's dates are business days, not UTC ones.
 */
export function zonedDayStartIso(date: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const offsetMs = zoneOffsetMs(utcMidnight, timeZone);
  // The zone's offset can differ at the true instant (a DST change that night): check once more.
  const guess = utcMidnight - offsetMs;
  return new Date(utcMidnight - zoneOffsetMs(guess, timeZone)).toISOString();
}

/** The day after `date` (`2026-11-30` → `2026-12-01`). */
export function nextDay(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - instantMs;
}
