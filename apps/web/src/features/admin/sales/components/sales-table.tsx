import { Link } from 'react-router';
import type { AdminSaleListItem } from '@wise/shared/admin';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Badge } from '#web/components/admin/status-badge';
import { DateTime } from '#web/components/ui/date-time';
import { formatNaira } from '#web/lib/format';
import { formatAge, formatSaleAmount } from '../format-sale';
import { RiskFlagBadges } from './risk-flags';
import { SaleStatus } from './sale-status';
import './sales.css';

interface SalesTableProps {
  rows: AdminSaleListItem[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (sale: AdminSaleListItem) => void;
  saleHref: (id: string) => string;
  staffId: string;
  waiting: boolean;
}

/** The review queue's rows: what, who, how much, how long it waited, who holds it. */
export function SalesTable({ rows, staffId, waiting, onOpen, saleHref, ...state }: SalesTableProps) {
  const columns: Column<AdminSaleListItem>[] = [
    {
      key: 'sale',
      header: 'Sale',
      cell: (sale) => (
        <>
          <Link to={saleHref(sale.id)} className="admin-cell-title admin-row-link" onClick={(event) => event.stopPropagation()}>
            {sale.title}
          </Link>
          <span className="admin-cell-sub">
            {sale.kind === 'crypto' ? 'Crypto' : 'Gift card'} · {formatSaleAmount(sale)}
          </span>
        </>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      cell: (sale) => (
        <>
          <span>{sale.customer.full_name}</span>
          <span className="admin-cell-sub">@{sale.customer.username}</span>
        </>
      ),
    },
    { key: 'value', header: 'Value', align: 'end', cell: (sale) => <span className="admin-money">{formatNaira(sale.value_kobo)}</span> },
    {
      key: 'time',
      header: waiting ? 'Waiting' : 'Submitted',
      cell: (sale) => (
        <>
          {waiting && sale.age_minutes !== null ? <span className="admin-cell-title">{formatAge(sale.age_minutes)}</span> : null}
          <span className={waiting ? 'admin-cell-sub' : undefined}>
            <DateTime iso={sale.created_at} />
          </span>
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: (sale) => <SaleStatus sale={sale} /> },
    { key: 'flags', header: 'Risk flags', cell: (sale) => <RiskFlagBadges codes={sale.risk_flags} /> },
    {
      key: 'claim',
      header: 'Reviewer',
      cell: (sale) =>
        sale.second_approval ? (
          <Badge tone="warning" title={`Asked by ${sale.second_approval.requested_by.name}`}>
            {`Second approval: ${formatNaira(sale.second_approval.amount_kobo)}`}
          </Badge>
        ) : sale.claimed_by ? (
          <Badge
            tone={sale.claimed_by.id === staffId ? 'info' : 'warning'}
            title={sale.claimed_until ? `Claimed until ${sale.claimed_until}` : undefined}
          >
            {sale.claimed_by.id === staffId ? 'You' : sale.claimed_by.name}
          </Badge>
        ) : (
          <span className="admin-muted">—</span>
        ),
    },
  ];
  return (
    <DataTable
      caption="Sales"
      columns={columns}
      rows={rows}
      rowKey={(sale) => sale.id}
      onRowClick={onOpen}
      errorMessage="Couldn't load the sales"
      empty={
        waiting
          ? { title: 'No sales waiting', text: 'New sales appear here within seconds.' }
          : { title: 'No sales here', text: 'Try another view or filter.' }
      }
      {...state}
    />
  );
}
