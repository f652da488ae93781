import { Link } from 'react-router';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { sellingLimitTexts, tierTexts as englishTierTexts, VERIFICATION_PATH, type KycTier, type PayoutLimits } from '@wise/shared';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatNaira } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { usePayoutLimits } from '../api/get-payout-limits';
import './selling-limit.css';

const tierOf = (tier: number): KycTier => (tier >= 2 ? 2 : tier <= 0 ? 0 : 1);

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const t = useTexts(sellingLimitTexts);
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <div
      className="selling-limit__meter"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t.usedOf(formatNaira(used), formatNaira(limit))}
    >
      <span className="selling-limit__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

function Figures({ limits }: { limits: PayoutLimits }) {
  const tier = tierOf(limits.tier);
  const tierTexts = useTexts(englishTierTexts);
  return (
    <>
      <div className="selling-limit__tier">
        <span className="selling-limit__badge">{tierTexts.names[tier]}</span>
        <span className="selling-limit__basis">{tierTexts.basis[tier]}</span>
      </div>
      <dl className="selling-limit__rows">
        <div>
          <dt>{tierTexts.dailyLimit}</dt>
          <dd data-testid="daily-limit">{formatNaira(limits.daily_limit_kobo)}</dd>
        </div>
        <div>
          <dt>{tierTexts.usedToday}</dt>
          <dd data-testid="used-today">{formatNaira(limits.used_today_kobo)}</dd>
        </div>
      </dl>
      <Meter label={tierTexts.usedToday} used={limits.used_today_kobo + limits.pending_kobo} limit={limits.daily_limit_kobo} />
      <p className="selling-limit__left">
        {tierTexts.leftToday}: <strong data-testid="left-today">{formatNaira(limits.remaining_today_kobo)}</strong>
      </p>
      {limits.pending_kobo > 0 ? <p className="selling-limit__note">{tierTexts.pending(formatNaira(limits.pending_kobo))}</p> : null}
      {limits.total_limit_kobo !== null && limits.used_total_kobo !== null ? (
        <dl className="selling-limit__rows selling-limit__rows--total">
          <div>
            <dt>{tierTexts.totalLimit}</dt>
            <dd data-testid="total-limit">{formatNaira(limits.total_limit_kobo)}</dd>
          </div>
          <div>
            <dt>{tierTexts.usedTotal}</dt>
            <dd data-testid="used-total">{formatNaira(limits.used_total_kobo)}</dd>
          </div>
        </dl>
      ) : null}
      {tier < 2 ? (
        <Link to={VERIFICATION_PATH} className="selling-limit__verify">
          <ShieldCheck size={20} aria-hidden="true" />
          <span>{tierTexts.verify}</span>
          <ChevronRight size={20} aria-hidden="true" />
        </Link>
      ) : null}
    </>
  );
}

/** The /profile card: the verification tier, the daily selling limit and what of it is used today. */
export function SellingLimit() {
  const limits = usePayoutLimits();
  const t = useTexts(sellingLimitTexts);
  const tierTexts = useTexts(englishTierTexts);
  return (
    <section className="selling-limit" aria-labelledby="selling-limit-title">
      <h2 id="selling-limit-title" className="section-title">
        {tierTexts.heading}
      </h2>
      {limits.isPending ? (
        <div aria-busy="true" aria-label={t.loading}>
          <Skeleton height={140} />
        </div>
      ) : limits.isError ? (
        <p className="selling-limit__error" role="alert">
          {tierTexts.loadFailed}{' '}
          <button type="button" className="selling-limit__retry" onClick={() => void limits.refetch()}>
            {t.retry}
          </button>
        </p>
      ) : (
        <div className="selling-limit__card" data-testid="selling-limit">
          <Figures limits={limits.data} />
        </div>
      )}
    </section>
  );
}
