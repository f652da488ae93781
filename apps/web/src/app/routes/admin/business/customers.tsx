import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { formatPhone } from '@wise/shared';
import { adminCustomerMessages, CUSTOMER_SEARCH_MAX_LENGTH, type AdminCustomerSummary } from '@wise/shared/admin';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { FormField } from '#web/components/admin/form-fields';
import { PageHeader } from '#web/components/admin/page-header';
import { Panel } from '#web/components/admin/admin-layout';
import { Badge, StatusBadge } from '#web/components/admin/status-badge';
import { DateTime } from '#web/components/ui/date-time';
import { useCustomerSearch } from '#web/features/admin-business/api/search-customers';
import { adminPaths } from '../admin-paths';
import { businessPaths } from './paths';

/** Typing pauses this long before the list is asked again. */
const SEARCH_PAUSE_MS = 300;

const columns: Column<AdminCustomerSummary>[] = [
  {
    key: 'name',
    header: 'Customer',
    cell: (customer) => (
      <>
        <span className="admin-cell-title admin-nowrap">{customer.full_name}</span>
        <span className="admin-cell-sub">@{customer.username}</span>
      </>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    cell: (customer) => (
      <>
        {customer.email}
        {customer.email_verified ? null : <span className="admin-cell-sub">Not verified: cannot sign in yet</span>}
      </>
    ),
  },
  { key: 'phone', header: 'Phone', cell: (customer) => <span className="tabular admin-nowrap">{formatPhone(customer.phone)}</span> },
  { key: 'joined', header: 'Joined', cell: (customer) => <DateTime iso={customer.created_at} />, width: 170 },
  {
    key: 'state',
    header: 'Account',
    cell: (customer) =>
      customer.closed_at ? (
        <Badge tone="neutral">{adminCustomerMessages.closedBadge}</Badge>
      ) : customer.locked ? (
        <Badge tone="danger">Locked</Badge>
      ) : (
        <Badge tone="success">Active</Badge>
      ),
    width: 100,
  },
];

/** /admin/customers: find a customer by name, e-mail, phone or username, and a sale by its transaction ID or card code. */
export function CustomersScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);

  // The query string follows the box after a short pause, so the search survives a reload and Back.
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return undefined;
    const timer = setTimeout(() => setParams(next ? { q: next } : {}, { replace: true }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const customers = useCustomerSearch(q);
  const rows = customers.data?.pages.flatMap((page) => page.items);
  // The sales the query names exactly: a crypto transaction ID or a gift-card code.
  const named = customers.data?.pages[0]?.sales ?? [];

  return (
    <>
      <PageHeader
        title="Customers"
        description="Search by name, e-mail, phone number or username, or find a sale by its transaction ID or card code."
      />
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-filters__search">
          <FormField
            label="Search customers"
            hideLabel
            type="search"
            placeholder="Name, e-mail, phone, username, transaction ID or card code"
            maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            leading={<Search size={18} />}
            autoFocus
          />
        </div>
      </form>
      {named.length > 0 ? (
        <Panel title="Sales with this transaction ID or card code">
          <ul className="admin-list">
            {named.map((sale) => (
              <li key={sale.id}>
                <Link to={adminPaths.sale(sale.id)} className="admin-list__row">
                  <span>
                    <span className="admin-cell-title">{sale.title}</span>
                    <span className="admin-cell-sub">
                      {sale.matched === 'transaction_id' ? 'Transaction ID' : 'Card code'} · {sale.customer.full_name} (@
                      {sale.customer.username}) · <DateTime iso={sale.created_at} />
                    </span>
                  </span>
                  <span className="admin-list__end">
                    <StatusBadge status={sale.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      <DataTable
        caption="Customers"
        columns={columns}
        rows={rows}
        rowKey={(customer) => customer.id}
        isLoading={customers.isPending}
        error={customers.error}
        errorMessage="Couldn't load the customers"
        onRetry={() => void customers.refetch()}
        retrying={customers.isRefetching}
        empty={
          q
            ? { title: `No customer matches “${q}”`, text: 'Try part of the name, the e-mail, the phone number or the username.' }
            : { title: 'No customers yet' }
        }
        onRowClick={(customer) => void navigate(businessPaths.customer(customer.id))}
        rowLabel={(customer) => `Open ${customer.full_name}`}
        hasMore={customers.hasNextPage}
        loadingMore={customers.isFetchingNextPage}
        onLoadMore={() => void customers.fetchNextPage()}
      />
    </>
  );
}
