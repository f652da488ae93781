import { useLocation } from 'react-router';
import { earnSuccessTexts, gemMessages } from '@wise/shared';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { paths } from '#web/config/paths';
import { formatGems } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
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
  const t = useTexts(earnSuccessTexts);
  const messages = useTexts(gemMessages);
  const collected = readState(useLocation().state);
  return (
    <SuccessScreen
      title={t.title}
      message={messages.collected}
      action={{ label: t.back, to: paths.earn }}
      secondary={{ label: t.goHome, to: paths.homepage }}
    >
      {collected ? (
        <p className="screen__text">
          <strong className="earn-success__points">{t.collected(formatGems(collected.points))}</strong> {t.balanceLead}{' '}
          <strong className="earn-success__points">{t.balance(formatGems(collected.totalPoints))}</strong>.
        </p>
      ) : (
        <p className="screen__text">{t.comeBack}</p>
      )}
    </SuccessScreen>
  );
}
