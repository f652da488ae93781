/** Dates as LOOK.md shows them: `21 Nov 2026, 14:05` in Africa/Lagos. */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const formatRewardDate = (iso: string): string => dateTime.format(new Date(iso));
