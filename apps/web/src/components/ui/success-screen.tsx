import type { ReactNode } from 'react';
import { SuccessTick } from './art/tick';
import { LinkButton } from './button';
import { Screen } from './screen';

interface SuccessAction {
  label: string;
  to: string;
}

interface SuccessScreenProps {
  /** The browser tab's title. */
  title: string;
  /** The headline under the tick (the product's success texts). */
  message: ReactNode;
  /** What happened, in a line or a card. */
  children?: ReactNode;
  action: SuccessAction;
  /** A quieter second way out, shown as a link. */
  secondary?: SuccessAction;
}

/** The green tick, the message and the way on: every success screen of the app. */
export function SuccessScreen({ title, message, children, action, secondary }: SuccessScreenProps) {
  return (
    <Screen>
      <title>{`${title} · Wise`}</title>
      <div className="screen__center">
        <SuccessTick />
        <h1 className="screen__title" data-testid="success-message">
          {message}
        </h1>
        {children}
      </div>
      <div className="screen__actions">
        <LinkButton to={action.to} replace>
          {action.label}
        </LinkButton>
        {secondary ? (
          <LinkButton to={secondary.to} variant="link">
            {secondary.label}
          </LinkButton>
        ) : null}
      </div>
    </Screen>
  );
}
