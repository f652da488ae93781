import type { relativeTimeTexts } from '@wise/shared';
import { useBusinessTimeZone } from '#web/lib/business-time-zone';
import { formatDateTime, relativeTime } from '#web/lib/format';
import { Skeleton } from './skeleton';

interface DateTimeProps {
  /** ISO 8601 instant. */
  iso: string;
  className?: string;
  /**
   * "2 h ago · 21 Nov 2026, 14:05", the full date also as the tooltip (notifications): the words for
   * how long ago, in the app's language (the screen reads `relativeTimeTexts` with useTexts; this
   * component, on nearly every screen, imports neither the texts nor lib/i18n).
   */
  relative?: typeof relativeTimeTexts;
}

/** An instant in the business time zone (docs/look.md); a placeholder until the server has named the zone. */
export function DateTime({ iso, className, relative }: DateTimeProps) {
  const timeZone = useBusinessTimeZone();
  if (timeZone === undefined) {
    return (
      <time className={className} dateTime={iso} aria-busy="true">
        <Skeleton width="9em" height="0.9em" />
      </time>
    );
  }
  const full = formatDateTime(iso, timeZone);
  return (
    <time className={className} dateTime={iso} title={relative ? full : undefined}>
      {relative ? `${relativeTime(iso, timeZone, relative)} · ${full}` : full}
    </time>
  );
}
