import { TriangleAlert } from 'lucide-react';
import { DateTime } from '#web/components/ui/date-time';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useAdjustments } from '../api/get-adjustments';
import { formatNairaDecimal } from '../format';
import { AdjustmentCard } from './adjustment-card';
import './crypto.css';

/** Every coin's adjustment and the rate it gives customers now. */
export function AdjustmentList() {
  const adjustments = useAdjustments();
  return (
    <section aria-labelledby="adjustments-title">
      <h2 id="adjustments-title" className="biz-section-title">
        Rate adjustments
      </h2>
      <p className="admin-muted biz-section-text">
        A signed naira amount added to the market USDT/NGN rate (USDT) or to USDT's rate (other coins). Saving asks for your authenticator
        code.
      </p>
      {adjustments.isPending ? (
        <div className="biz-adjustments" aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className="biz-coin">
              <Skeleton height={32} width="60%" />
              <Skeleton height={44} />
              <Skeleton height={36} />
            </div>
          ))}
        </div>
      ) : adjustments.isError ? (
        <FetchError
          message="Couldn't load the adjustments"
          onRetry={() => void adjustments.refetch()}
          retrying={adjustments.isRefetching}
        />
      ) : (
        <>
          <p className="admin-cell-sub biz-market">
            Market USDT/NGN: {adjustments.data.usdt_market_rate_ngn ? formatNairaDecimal(adjustments.data.usdt_market_rate_ngn) : '—'}
            {adjustments.data.prices_at ? (
              <>
                {' '}
                · prices from <DateTime iso={adjustments.data.prices_at} />
              </>
            ) : null}
          </p>
          {adjustments.data.stale ? (
            <p className="admin-alert biz-market" role="status">
              <TriangleAlert size={18} aria-hidden="true" /> Market prices are out of date: customers get no quotes until fresh prices
              arrive.
            </p>
          ) : null}
          <div className="biz-adjustments">
            {adjustments.data.coins.map((adjustment) => (
              <AdjustmentCard
                key={`${adjustment.coin}:${adjustment.adjustment_ngn}:${adjustment.rate_ngn_per_usd}`}
                adjustment={adjustment}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
