import { useState } from 'react';
import { limitStaffTexts, tierTexts, type KycTier } from '@wise/shared';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { formatNaira } from '#web/lib/format';
import { useCustomerLimits } from '../api/customer-limits';
import { RaiseLimitDialog } from './raise-limit-dialog';
import './customer-panels.css';

const tierOf = (tier: number): KycTier => (tier >= 2 ? 2 : tier <= 0 ? 0 : 1);

/** The customer's verification tier, payout limits and usage; admins raise the limit from here. */
export function LimitsPanel({ customer, canRaise }: { customer: { id: string; full_name: string }; canRaise: boolean }) {
  const limits = useCustomerLimits(customer.id);
  const [raising, setRaising] = useState(false);
  if (limits.isPending) return <Panel title={limitStaffTexts.heading}>Loading...</Panel>;
  if (limits.isError) {
    return (
      <Panel title={limitStaffTexts.heading}>
        <p className="admin-alert" role="alert">
          Couldn't load the limits.{' '}
          <Button variant="secondary" onClick={() => void limits.refetch()}>
            Retry
          </Button>
        </p>
      </Panel>
    );
  }
  const l = limits.data;
  const tier = tierOf(l.tier);
  const raised = l.daily_limit_kobo > l.tier_daily_limit_kobo || (l.total_limit_kobo ?? 0) > (l.tier_total_limit_kobo ?? 0);
  return (
    <Panel
      title={limitStaffTexts.heading}
      actions={
        canRaise ? (
          <Button variant="secondary" onClick={() => setRaising(true)}>
            {limitStaffTexts.raise}
          </Button>
        ) : undefined
      }
    >
      <Facts
        rows={[
          [limitStaffTexts.tier, `${tierTexts.names[tier]} · ${tierTexts.basis[tier]}`],
          [
            limitStaffTexts.dailyLimit,
            <span className="tabular">
              {formatNaira(l.daily_limit_kobo)}
              {raised ? ` (${limitStaffTexts.raised.toLowerCase()})` : ''}
            </span>,
          ],
          [limitStaffTexts.usedToday, <span className="tabular">{formatNaira(l.used_today_kobo)}</span>],
          [limitStaffTexts.pending, <span className="tabular">{formatNaira(l.pending_kobo)}</span>],
          l.total_limit_kobo !== null && [limitStaffTexts.totalLimit, <span className="tabular">{formatNaira(l.total_limit_kobo)}</span>],
          l.used_total_kobo !== null && [limitStaffTexts.usedTotal, <span className="tabular">{formatNaira(l.used_total_kobo)}</span>],
        ]}
      />
      {l.raises.length > 0 ? (
        <>
          <h3 className="biz-subtitle">{limitStaffTexts.history}</h3>
          <ul className="admin-list" data-testid="limit-raises">
            {l.raises.map((r) => (
              <li key={r.id}>
                <span className="tabular">{formatNaira(r.daily_limit_kobo)}</span>
                {r.total_limit_kobo !== null ? (
                  <>
                    {' '}
                    · total <span className="tabular">{formatNaira(r.total_limit_kobo)}</span>
                  </>
                ) : null}{' '}
                · {r.created_by.name}, <DateTime iso={r.created_at} />: {r.note}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {raising ? <RaiseLimitDialog customer={customer} tierZero={l.tier === 0} onClose={() => setRaising(false)} /> : null}
    </Panel>
  );
}
