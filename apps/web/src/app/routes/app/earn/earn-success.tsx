import { useLocation } from 'react-router';
import { formatGems, gemMessages } from '@wise/shared';
import { SuccessTick } from '../../../../components/ui/art/tick';
import { LinkButton } from '../../../../components/ui/button';
import { Screen } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import './earn.css';

/** What /earn hands the success screen. */
export interface EarnSuccessState {
  points: number;
  totalPoints: number;
  day: number;
}

function readState(state: unknown): EarnSuccessState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { points, totalPoints, day } = state as Record<string, unknown>;
  return typeof points === 'number' && typeof totalPoints === 'number' && typeof day === 'number'
    ? { points, totalPoints, day }
    : undefined;
}

/** /earn/success (SPEC §2): 'Wise Gem collected successfully'. */
export function EarnSuccessRoute() {
  const collected = readState(useLocation().state);
  return (
    <Screen>
      <title>Collected · Wise</title>
      <div className="screen__center">
        <SuccessTick />
        <h1 className="screen__title">{gemMessages.collected}</h1>
        {collected ? (
          <p className="screen__text">
            <strong className="earn-success__points">+{formatGems(collected.points)} gems</strong> added. Your balance is now{' '}
            <strong className="earn-success__points">{formatGems(collected.totalPoints)} gems</strong>.
          </p>
        ) : (
          <p className="screen__text">Come back tomorrow for more.</p>
        )}
      </div>
      <div className="screen__actions">
        <LinkButton to={paths.earn} replace>
          Back to Earn
        </LinkButton>
        <LinkButton to={paths.homepage} variant="link">
          Go to Home
        </LinkButton>
      </div>
    </Screen>
  );
}
