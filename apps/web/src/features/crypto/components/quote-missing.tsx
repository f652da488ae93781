import { TimerOff } from 'lucide-react';
import { LinkButton } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** A step opened without a quote this tab knows (a link from elsewhere, another coin's quote). */
export function QuoteMissing({ startHref }: { startHref: string }) {
  return (
    <EmptyState
      art={<TimerOff size={48} aria-hidden="true" />}
      title="This price is no longer available"
      text="Enter the amount again to get a fresh price."
      action={<LinkButton to={startHref}>Start again</LinkButton>}
    />
  );
}
