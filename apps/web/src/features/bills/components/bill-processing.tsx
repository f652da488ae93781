import { billMessages } from '@wise/shared';
import { LinkButton, Spinner } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';
import './bills.css';

interface BillProcessingProps {
  /** The gems held for the order. */
  amount: number;
  /** The customer leaves for the history: the form they came from is not brought back later. */
  onLeave?: () => void;
}

/**
 * The provider has not answered within a few seconds (docs/sandbox.md, "Bills": a time-out
 * leaves the order processing until the status query settles it). The gems are held, not spent;
 * the outcome arrives as a notification (and a push), and the history shows the order meanwhile.
 */
export function BillProcessing({ amount, onLeave }: BillProcessingProps) {
  const messages = useTexts(billMessages);
  return (
    <>
      <div className="screen__center bills-processing" data-testid="bill-processing-screen">
        <span className="bills-processing__mark">
          <Spinner />
        </span>
        <h1 className="screen__title">{messages.processingTitle}</h1>
        <div className="bills-processing__text" role="status">
          <p className="bills-processing__held">{messages.processingHeld(amount)}</p>
          <p className="screen__text">{messages.processingNext}</p>
        </div>
      </div>
      <div className="screen__actions">
        <LinkButton to={paths.history} onClick={onLeave}>
          {messages.goToHistory}
        </LinkButton>
      </div>
    </>
  );
}
