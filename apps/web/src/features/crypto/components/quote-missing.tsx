import { TimerOff } from 'lucide-react';
import { quoteMissingTexts } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { useTexts } from '#web/lib/i18n';

/** A step opened without a quote this tab knows (a link from elsewhere, another coin's quote). */
export function QuoteMissing({ startHref }: { startHref: string }) {
  const t = useTexts(quoteMissingTexts);
  return (
    <EmptyState
      art={<TimerOff size={48} aria-hidden="true" />}
      title={t.title}
      text={t.text}
      action={<LinkButton to={startHref}>{t.startAgain}</LinkButton>}
    />
  );
}
