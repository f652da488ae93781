import { Link } from 'react-router';
import { formatPhone } from '@wise/shared';
import type { AdminCustomerDetail } from '@wise/shared/admin';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Badge, StatusBadge } from '#web/components/admin/status-badge';
import { DateTime } from '#web/components/ui/date-time';
import { formatCalendarDate, formatGems, formatNaira } from '#web/lib/format';
import { billKindLabel, billServiceLabel } from '../bill-labels';
import './business.css';

type Sale = AdminCustomerDetail['sales'][number];
type BillOrder = AdminCustomerDetail['bill_orders'][number];
type GemLine = AdminCustomerDetail['gem_lines'][number];

const gemReasons: Record<string, string> = {
  daily_collection: 'Daily collection',
  reward_accrual: 'Reward earned',
  reward_claim: 'Reward claimed',
  hold: 'Held for a bill',
  hold_capture: 'Bill paid',
  hold_release: 'Hold returned',
  referral: 'Invite reward',
};

export function ProfilePanel({ detail }: { detail: AdminCustomerDetail }) {
  const { profile } = detail;
  return (
    <Panel title="Profile">
      <Facts
        rows={[
          ['Full name', profile.full_name],
          ['Username', `@${profile.username}`],
          [
            'Email',
            <>
              {profile.email} {profile.email_verified ? null : <Badge tone="warning">Not verified</Badge>}
            </>,
          ],
          ['Phone', <span className="tabular">{formatPhone(profile.phone)}</span>],
          ['Gender', profile.gender ? profile.gender[0]?.toUpperCase() + profile.gender.slice(1) : null],
          ['Date of birth', profile.date_of_birth ? formatCalendarDate(profile.date_of_birth) : null],
          ['Address', profile.address],
          ['Joined', <DateTime key="joined" iso={profile.created_at} />],
          ['Transaction PIN', detail.has_pin ? 'Set' : <Badge tone="neutral">Not set</Badge>],
          [
            'Signed in',
            detail.active_sessions === 0
              ? 'Not signed in'
              : `On ${detail.active_sessions} device${detail.active_sessions === 1 ? '' : 's'}`,
          ],
        ]}
      />
    </Panel>
  );
}

export function MoneyPanel({ detail }: { detail: AdminCustomerDetail }) {
  const { bank, gems } = detail;
  return (
    <Panel title="Bank and gems">
      <Facts
        rows={[
          ['Bank', bank ? bank.bank_name : <span className="admin-muted">No bank details yet</span>],
          ['Account number', bank ? <span className="admin-mono">{bank.account_number}</span> : null],
          ['Account name', bank?.account_name ?? null],
          ['Gem balance', <span className="admin-money">{formatGems(gems.balance)} gems</span>],
          ['Held for bills', <span className="admin-money">{formatGems(gems.held)} gems</span>],
          ['Claimable rewards', <span className="admin-money">{formatGems(gems.claimable_rewards)} gems</span>],
        ]}
      />
    </Panel>
  );
}

export function SalesTable({ sales, saleHref }: { sales: Sale[]; saleHref: (id: string) => string }) {
  const columns: Column<Sale>[] = [
    { key: 'created', header: 'Submitted', cell: (sale) => <DateTime iso={sale.created_at} />, width: 170 },
    {
      key: 'title',
      header: 'Sale',
      cell: (sale) => (
        <>
          <Link to={saleHref(sale.id)} className="admin-cell-title">
            {sale.title}
          </Link>
          <span className="admin-cell-sub">{sale.kind === 'crypto' ? 'Crypto' : 'Gift card'}</span>
        </>
      ),
    },
    {
      key: 'value',
      header: 'Value',
      align: 'end',
      cell: (sale) => (
        <>
          <span className="admin-money">{formatNaira(sale.value_kobo)}</span>
          {sale.payout_amount_kobo !== null && sale.payout_amount_kobo !== sale.value_kobo ? (
            <span className="admin-cell-sub">Paid {formatNaira(sale.payout_amount_kobo)}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (sale) => (
        <>
          <StatusBadge status={sale.status} />
          {sale.rejection_reason ? <span className="admin-cell-sub">{sale.rejection_reason}</span> : null}
        </>
      ),
    },
  ];
  return (
    <Panel title="Recent sales">
      <DataTable
        caption="Sales"
        columns={columns}
        rows={sales}
        rowKey={(sale) => sale.id}
        empty={{ title: 'No sales yet' }}
        maxHeight={420}
      />
    </Panel>
  );
}

export function BillOrdersTable({ orders }: { orders: BillOrder[] }) {
  const columns: Column<BillOrder>[] = [
    { key: 'created', header: 'Created', cell: (order) => <DateTime iso={order.created_at} />, width: 170 },
    {
      key: 'order',
      header: 'Order',
      cell: (order) => (
        <>
          <span className="admin-cell-title">
            {billKindLabel(order.kind)} · {billServiceLabel(order.service)}
          </span>
          <span className="admin-cell-sub">
            {[order.plan_name, order.customer_id ?? (order.phone ? formatPhone(order.phone) : null)].filter(Boolean).join(' · ')}
          </span>
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (order) => <span className="admin-money">{formatGems(order.amount)} gems</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (order) => (
        <>
          <StatusBadge status={order.status} label={order.status === 'awaiting_pin' ? 'Awaiting PIN' : undefined} />
          {order.provider_message ? <span className="admin-cell-sub">{order.provider_message}</span> : null}
        </>
      ),
    },
  ];
  return (
    <Panel title="Recent bill orders">
      <DataTable
        caption="Bill orders"
        columns={columns}
        rows={orders}
        rowKey={(order) => order.id}
        empty={{ title: 'No bill orders yet' }}
        maxHeight={420}
      />
    </Panel>
  );
}

export function GemLinesTable({ lines }: { lines: GemLine[] }) {
  const columns: Column<GemLine>[] = [
    { key: 'when', header: 'When', cell: (line) => <DateTime iso={line.created_at} />, width: 170 },
    {
      key: 'reason',
      header: 'What',
      cell: (line) => (
        <>
          <span className="admin-cell-title">{gemReasons[line.reason] ?? line.reason}</span>
          {line.memo ? <span className="admin-cell-sub">{line.memo}</span> : null}
        </>
      ),
    },
    { key: 'account', header: 'Account', cell: (line) => (line.account === 'rewards' ? 'Rewards' : 'Gems') },
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (line) => (
        <span className={line.amount < 0 ? 'admin-money biz-down' : 'admin-money biz-up'}>
          {line.amount > 0 ? '+' : ''}
          {formatGems(line.amount)}
        </span>
      ),
    },
  ];
  return (
    <Panel title="Recent gem movements">
      <DataTable
        caption="Gem ledger lines"
        columns={columns}
        rows={lines}
        rowKey={(line) => String(line.id)}
        empty={{ title: 'No gem movements yet' }}
        maxHeight={420}
      />
    </Panel>
  );
}
