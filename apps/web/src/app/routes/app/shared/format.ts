/** Dates and amounts as LOOK.md formats them (Africa/Lagos, en-NG). */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso)).replace(' at ', ', ');

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
export const formatNaira = (kobo: number) => naira.format(kobo / 100);

const gems = new Intl.NumberFormat('en-NG');
export const formatGems = (points: number) => gems.format(points);

/** "2 h ago" for notifications (LOOK.md); older than a week shows the date. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return formatDateTime(iso);
}
