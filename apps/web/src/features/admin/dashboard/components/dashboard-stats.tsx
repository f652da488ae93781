import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FetchError } from '#web/components/ui/fetch-error';
import { DateTime } from '#web/components/ui/date-time';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatNaira } from '#web/lib/format';
import { formatAge } from '#web/features/admin/sales/format-sale';
import type { AdminDashboard } from '@wise/shared/admin';
import { useDashboard } from '../api/get-dashboard';
import './dashboard.css';

interface DashboardLinks {
  pending: string;
  payoutsFailed: string;
  /** The queue's "second approval" view. */
  awaitingApproval?: string;
  approved: string;
  rejected: string;
  paid: string;
  bills?: string;
}

function Stat({ label, value, sub, to, alert }: { label: string; value: ReactNode; sub?: ReactNode; to?: string; alert?: boolean }) {
  const body = (
    <>
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__value">{value}</span>
      {sub ? <span className="admin-stat__sub">{sub}</span> : null}
    </>
  );
  const className = alert ? 'admin-stat admin-stat--alert' : 'admin-stat';
  return to ? (
    <Link to={to} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

/** What needs staff now (waiting sales, failed payouts, stuck bills) and today's figures. */
export function DashboardStats({ links }: { links: DashboardLinks }) {
  const dashboard = useDashboard();
  if (dashboard.isPending) {
    return (
      <div className="admin-stats" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="admin-stat">
            <Skeleton width="50%" height={14} />
            <Skeleton width="40%" height={32} />
          </div>
        ))}
      </div>
    );
  }
  if (dashboard.isError) {
    return <FetchError message="Couldn't load the dashboard" onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />;
  }
  const data = dashboard.data;
  return (
    <>
      <OpenAlerts alerts={data.alerts ?? []} />
      <NeedsAttention data={data} links={links} />
      <Today data={data} links={links} />
    </>
  );
}

/** The operations alerts still open, each with when it opened. */
function OpenAlerts({ alerts }: { alerts: NonNullable<AdminDashboard['alerts']> }) {
  if (alerts.length === 0) return null;
  return (
    <section className="admin-alerts" aria-labelledby="admin-alerts-title">
      <h2 id="admin-alerts-title" className="admin-section-title">
        Open alerts
      </h2>
      <ul>
        {alerts.map((alert) => (
          <li key={alert.kind} className="admin-alerts__item">
            <strong>{alert.title}</strong>
            <span>{alert.detail}</span>
            <span className="admin-alerts__since">
              Since <DateTime iso={alert.opened_at} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What staff must act on now: waiting sales, second approvals, failed or held payouts, the provider, stuck bills. */
function NeedsAttention({ data, links }: { data: AdminDashboard; links: DashboardLinks }) {
  const oldest = data.pending_sales.oldest_age_minutes;
  return (
    <>
      <h2 className="admin-section-title">Needs attention</h2>
      <div className="admin-stats">
        <Stat
          label="Sales waiting"
          value={data.pending_sales.count}
          sub={oldest !== null ? `Oldest waiting ${formatAge(oldest)}` : 'Nothing waiting'}
          to={links.pending}
          alert={oldest !== null && oldest >= 60}
        />
        {data.awaiting_second_approval ? (
          <Stat
            label="Second approval"
            value={data.awaiting_second_approval.count}
            sub="Above the quote or the limit: an admin confirms"
            to={links.awaitingApproval}
            alert={data.awaiting_second_approval.count > 0}
          />
        ) : null}
        <Stat
          label="Payouts failed"
          value={data.payouts_failed.count}
          sub="Retry or mark paid by hand"
          to={links.payoutsFailed}
          alert={data.payouts_failed.count > 0}
        />
        {data.payouts_held ? (
          <Stat
            label="Payouts held"
            value={data.payouts_held.count}
            sub="Provider figures differ: resolve"
            to={links.payoutsFailed}
            alert={data.payouts_held.count > 0}
          />
        ) : null}
        {data.payouts_provider_unreachable && data.payouts_provider_unreachable.count > 0 ? (
          <Stat
            label="Provider unreachable"
            value={data.payouts_provider_unreachable.count}
            sub={
              <>
                Payouts retrying since{' '}
                {data.payouts_provider_unreachable.since ? <DateTime iso={data.payouts_provider_unreachable.since} /> : 'now'}
                {data.payouts_provider_unreachable.reason ? `: ${data.payouts_provider_unreachable.reason}` : ''}
              </>
            }
            alert
          />
        ) : null}
        <Stat
          label="Bill orders stuck"
          value={data.bill_orders_stuck.count}
          sub="Processing for too long"
          to={links.bills}
          alert={data.bill_orders_stuck.count > 0}
        />
      </div>
    </>
  );
}

/** Today's decisions and what was paid out. */
function Today({ data, links }: { data: AdminDashboard; links: DashboardLinks }) {
  return (
    <>
      <h2 className="admin-section-title">Today</h2>
      <div className="admin-stats">
        <Stat label="Approved" value={data.today.approved} to={links.approved} />
        <Stat label="Rejected" value={data.today.rejected} to={links.rejected} />
        <Stat
          label="Paid out"
          value={formatNaira(data.payouts_today.total_kobo)}
          sub={`${data.payouts_today.count} payout${data.payouts_today.count === 1 ? '' : 's'}`}
          to={links.paid}
        />
      </div>
    </>
  );
}
