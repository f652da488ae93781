import { Link } from 'react-router';
import { Info, TriangleAlert } from 'lucide-react';
import { formatKobo, sellingLimitHintTexts, tierTexts, VERIFICATION_PATH } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import './limit-notice.css';

interface LimitHintProps {
  /** What a new sale may still be worth today (GET /api/profile/limits' remaining_today_kobo). */
  remainingKobo: number;
  tier: number;
  /** The sale's value as typed, once there is one. */
  valueKobo?: number;
}

/** The way up: verification below tier 2, support at tier 2. */
function WayUp({ tier }: { tier: number }) {
  const tiers = useTexts(tierTexts);
  if (tier >= 2) return <>{tiers.contactSupport}</>;
  return (
    <>
      <Link to={VERIFICATION_PATH}>{tiers.verify}</Link>
      {tiers.verifyToRaise.slice(tierTexts.verify.length)}
    </>
  );
}

/**
 * The selling limit on a sell form, before anything is typed: what can still be sold today; and,
 * the moment a typed value would pass it, that it does and the way up — before the customer picks
 * photos for a sale the server would refuse (docs/features.md, "Verification tiers and limits").
 */
export function LimitHint({ remainingKobo, tier, valueKobo }: LimitHintProps) {
  const t = useTexts(sellingLimitHintTexts);
  const left = formatKobo(Math.max(0, remainingKobo));
  if (valueKobo !== undefined && valueKobo > remainingKobo) {
    return (
      <p className="limit-notice" role="alert" data-testid="limit-over">
        <TriangleAlert size={18} aria-hidden="true" />
        <span>
          {t.overLimit(formatKobo(valueKobo), left)} <WayUp tier={tier} />
        </span>
      </p>
    );
  }
  return (
    <p className="limit-hint" data-testid="limit-left">
      <Info size={16} aria-hidden="true" />
      <span>
        {t.leftToday(left)}
        {tier < 2 ? (
          <>
            {' '}
            <WayUp tier={tier} />
          </>
        ) : null}
      </span>
    </p>
  );
}

/** Whether a typed value passes the limit: the form holds its submit back (the server refuses it anyway). */
export const overLimit = (remainingKobo: number | undefined, valueKobo: number | undefined) =>
  remainingKobo !== undefined && valueKobo !== undefined && valueKobo > remainingKobo;
