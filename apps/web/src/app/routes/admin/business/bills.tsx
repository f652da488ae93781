import { Link, useSearchParams } from 'react-router';
import { BILL_KINDS, BILL_ORDER_STATUSES, formatPhone } from '@wise/shared';
import type { AdminBillOrder } from '@wise/shared/admin';
import { Badge } from '#web/components/admin/status-badge';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { FormSelect } from '#web/components/admin/form-fields';
import { PageHeader } from '#web/components/admin/page-header';
import { StatusBadge } from '#web/components/admin/status-badge';
import { DateTime } from '#web/components/ui/date-time';
import { formatGems } from '#web/lib/format';
import { useBillOrders } from '#web/features/admin-business/api/get-bill-orders';
import { billKindLabel, billKindOptions, billServiceLabel, billStatusOptions } from '#web/features/admin-business/bill-labels';
import { RequeryButton } from '#web/features/admin-business/components/requery-button';
import '#web/components/admin/status-badge.css';
import './bills.css';
import { businessPaths } from './paths';

const columns: Column<AdminBillOrder>[] = [
  {
    key: 'created',
    header: 'Created',
    cell: (order) => (
      <>
        <DateTime iso={order.created_at} className="admin-nowrap" />
        {order.settled_at ? (
          <span className="admin-cell-sub admin-nowrap">
            Settled <DateTime iso={order.settled_at} />
          </span>
        ) : null}
      </>
    ),
    width: 170,
  },
  {
    key: 'customer',
    header: 'Customer',
    cell: (order) => (
      <>
        <Link to={businessPaths.customer(order.customer.id)} className="admin-cell-title admin-nowrap">
          {order.customer.full_name}
        </Link>
        <span className="admin-cell-sub">@{order.customer.username}</span>
      </>
    ),
  },
  {
    key: 'order',
    header: 'Order',
    cell: (order) => (
      <>
        <span className="admin-cell-title admin-nowrap">
          {billKindLabel(order.kind)} · {billServiceLabel(order.service)}
        </span>
        <span className="admin-cell-sub">
          {[order.plan_name, order.customer_number ?? (order.phone ? formatPhone(order.phone) : null)].filter(Boolean).join(' · ')}
        </span>
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (order) => <span className="admin-money">{formatGems(order.amount)} gems</span>,
    width: 120,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (order) => (
      <>
        <span className="admin-badges">
          <StatusBadge status={order.status} label={order.status === 'awaiting_pin' ? 'Awaiting PIN' : undefined} />
          {order.stuck ? <Badge tone="warning">Stuck</Badge> : null}
        </span>
        {order.provider_message || order.message ? (
          <span className="admin-cell-sub biz-message">{order.provider_message ?? order.message}</span>
        ) : null}
      </>
    ),
  },
  { key: 'request', header: 'Request ID', cell: (order) => <span className="admin-cell-sub biz-request-id">{order.request_id}</span> },
];

/** Re-query, only when some order on screen is still processing. */
const actionColumn: Column<AdminBillOrder> = {
  key: 'action',
  header: <span className="visually-hidden">Actions</span>,
  align: 'end',
  cell: (order) => (order.status === 'processing' ? <RequeryButton orderId={order.id} /> : null),
  width: 120,
};

/** /admin/bills: airtime, data, TV and electricity orders with the provider's status; re-query a stuck one. */
export function BillOrdersScreen() {
  const [params, setParams] = useSearchParams();
  // Only values the server takes: an old or hand-typed link falls back to all.
  const status = BILL_ORDER_STATUSES.find((value) => value === params.get('status'));
  const kind = BILL_KINDS.find((value) => value === params.get('kind'));
  const orders = useBillOrders({ status, kind });
  const setFilter = (name: 'status' | 'kind', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const rows = orders.data?.pages.flatMap((page) => page.items);

  return (
    <>
      <PageHeader
        title="Bill orders"
        description="What customers bought with their gems and what the provider said. An order stuck in processing can be asked about again."
      />
      <div className="admin-filters">
        <FormSelect
          label="Status"
          options={billStatusOptions}
          value={status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
        />
        <FormSelect label="Kind" options={billKindOptions} value={kind ?? ''} onChange={(event) => setFilter('kind', event.target.value)} />
      </div>
      <DataTable
        caption="Bill orders"
        columns={rows?.some((order) => order.status === 'processing') ? [...columns, actionColumn] : columns}
        rows={rows}
        rowKey={(order) => order.id}
        isLoading={orders.isPending}
        error={orders.error}
        errorMessage="Couldn't load the bill orders"
        onRetry={() => void orders.refetch()}
        retrying={orders.isRefetching}
        empty={status || kind ? { title: 'No orders match these filters' } : { title: 'No bill orders yet' }}
        hasMore={orders.hasNextPage}
        loadingMore={orders.isFetchingNextPage}
        onLoadMore={() => void orders.fetchNextPage()}
      />
    </>
  );
}
