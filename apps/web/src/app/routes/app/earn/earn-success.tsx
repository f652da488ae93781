import { useLocation } from 'react-router';
import { gemMessages } from '@wise/shared';
import { SuccessScreen } from '../../../../components/ui/success-screen';
import { paths } from '../../../../config/paths';
import { formatGems } from '../../../../lib/format';
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

/** /earn/success (docs/product.md §2): 'Wise Gem collected successfully'. */
export function EarnSuccessRoute() {
  const collected = readState(useLocation().state);
  return (
    <SuccessScreen
      title="Collected"
      message={gemMessages.collected}
      action={{ label: 'Back to Earn', to: paths.earn }}
      secondary={{ label: 'Go to Home', to: paths.homepage }}
    >
      {collected ? (
        <p className="screen__text">
          <strong className="earn-success__points">+{formatGems(collected.points)} gems</strong> added. Your balance is now{' '}
          <strong className="earn-success__points">{formatGems(collected.totalPoints)} gems</strong>.
        </p>
      ) : (
        <p className="screen__text">Come back tomorrow for more.</p>
      )}
    </SuccessScreen>
  );
}
