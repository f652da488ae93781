import type { ReactNode } from 'react';
import { SuccessTick } from '../../../../components/ui/art/tick';
import { LinkButton } from '../../../../components/ui/button';
import { Screen } from '../../../../components/ui/screen';

interface SuccessScreenProps {
  title: string;
  message: ReactNode;
  actionLabel: string;
  actionHref: string;
}

/** The green tick, the message and the way back (SPEC's success screens). */
export function SuccessScreen({ title, message, actionLabel, actionHref }: SuccessScreenProps) {
  return (
    <Screen>
      <title>{`${title} · Wise`}</title>
      <div className="screen__center">
        <SuccessTick />
        <h1 className="screen__title" data-testid="success-message">
          {message}
        </h1>
      </div>
      <div className="screen__actions">
        <LinkButton to={actionHref} replace>
          {actionLabel}
        </LinkButton>
      </div>
    </Screen>
  );
}
