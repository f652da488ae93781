import { relativeTimeTexts } from '@wise/shared';
import { useBusinessTimeZone } from '../../lib/business-time-zone';
import { formatDateTime, relativeTime } from '../../lib/format';
import { useTexts } from '../../lib/i18n';
import { Skeleton } from './skeleton';

interface DateTimeProps {
  /** ISO 8601 instant. */
  iso: string;
  className?: string;
  /** "2 h ago · 21 Nov 2026, 14:05", the full date also as the tooltip (notifications). */
  relative?: boolean;
}

/** An instant in the business time zone (docs/look.md); a placeholder until the server has named the zone. */
export function DateTime({ iso, className, relative = false }: DateTimeProps) {
  const timeZone = useBusinessTimeZone();
  const ago = useTexts(relativeTimeTexts);
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
      {relative ? `${relativeTime(iso, timeZone, ago)} · ${full}` : full}
    </time>
  );
}
