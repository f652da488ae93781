import { useParams } from 'react-router';
import { Lock } from 'lucide-react';
import { adminCustomerMessages } from '@wise/shared/admin';
import { AdminLoading } from '#web/components/admin/loading';
import { PageHeader } from '#web/components/admin/page-header';
import { Badge } from '#web/components/admin/status-badge';
import { DateTime } from '#web/components/ui/date-time';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { hasRole, useStaff } from '#web/features/admin/auth/staff-context';
import { useCustomer } from '#web/features/admin-business/api/get-customer';
import { CustomerActions } from '#web/features/admin-business/components/customer-actions';
import {
  BillOrdersTable,
  GemLinesTable,
  MoneyPanel,
  ProfilePanel,
  SalesTable,
} from '#web/features/admin-business/components/customer-panels';
import { LimitsPanel } from '#web/features/admin-business/components/limits-panel';
import { ReferralsPanel } from '#web/features/admin-business/components/referrals-panel';
import { ApiError } from '#web/lib/admin-api';
import '#web/features/admin-business/components/business.css';
import './customer-detail.css';
import { businessPaths } from './paths';

/** /admin/customers/:id: everything staff need to help one customer, and the admin's lock and PIN reset. */
export function CustomerDetailScreen() {
  const { id = '' } = useParams();
  const staff = useStaff();
  const customer = useCustomer(id);
  const back = { to: businessPaths.customers, label: 'Customers' };

  if (customer.isPending) return <AdminLoading label="Loading the customer..." />;
  if (customer.isError) {
    const notFound = customer.error instanceof ApiError && (customer.error.status === 404 || customer.error.status === 400);
    return (
      <>
        <PageHeader title="Customer" back={back} />
        {notFound ? (
          <EmptyState title="Customer not found" text="They may have been looked up with an old link." />
        ) : (
          <FetchError message="Couldn't load the customer" onRetry={() => void customer.refetch()} retrying={customer.isRefetching} />
        )}
      </>
    );
  }

  const detail = customer.data;
  const { profile } = detail;
  return (
    <>
      <PageHeader
        back={back}
        title={
          <>
            {profile.full_name}
            {profile.closed_at ? (
              <Badge tone="neutral">{adminCustomerMessages.closedBadge}</Badge>
            ) : detail.lock ? (
              <Badge tone="danger">Locked</Badge>
            ) : (
              <Badge tone="success">Active</Badge>
            )}
          </>
        }
        description={`@${profile.username} · ${profile.email}`}
        actions={hasRole(staff, 'admin') ? <CustomerActions detail={detail} /> : undefined}
      />
      {profile.closed_at ? (
        <div className="admin-alert" role="status">
          <span>
            <strong>{adminCustomerMessages.closedBadge}</strong> <DateTime iso={profile.closed_at} />. {adminCustomerMessages.closedNotice}
          </span>
        </div>
      ) : null}
      {detail.lock ? (
        <div className="admin-alert biz-lock" role="status">
          <Lock size={18} aria-hidden="true" />
          <span>
            <strong>Locked</strong> since <DateTime iso={detail.lock.locked_at} />: {detail.lock.reason}
          </span>
        </div>
      ) : null}
      <div className="biz-stack">
        <div className="biz-grid-2">
          <ProfilePanel detail={detail} />
          <MoneyPanel detail={detail} />
        </div>
        <LimitsPanel customer={{ id: profile.id, full_name: profile.full_name }} canRaise={hasRole(staff, 'admin')} />
        <SalesTable sales={detail.sales} saleHref={businessPaths.sale} />
        <ReferralsPanel customerId={profile.id} customerHref={businessPaths.customer} saleHref={businessPaths.sale} />
        <div className="biz-grid-2">
          <BillOrdersTable orders={detail.bill_orders} />
          <GemLinesTable lines={detail.gem_lines} />
        </div>
      </div>
    </>
  );
}
