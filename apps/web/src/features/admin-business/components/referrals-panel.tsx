import { Link } from 'react-router';
import { referralStaffTexts, type AdminReferral } from '@wise/shared/admin';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Badge, StatusBadge, type BadgeTone } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { useCustomerReferrals } from '../api/customer-referrals';
import './customer-panels.css';

const tones: Record<AdminReferral['status'], BadgeTone> = { signed_up: 'pending', rewarded: 'success', refused: 'danger' };

/** The referral's state, and why it was refused or what it paid. */
function Decision({ referral }: { referral: AdminReferral }) {
  return (
    <>
      <Badge tone={tones[referral.status]}>{referralStaffTexts.statuses[referral.status]}</Badge>
      {referral.refusal_reason ? (
        <span className="admin-cell-sub">{referralStaffTexts.reasons[referral.refusal_reason]}</span>
      ) : referral.status === 'rewarded' && referral.referrer_gems !== null && referral.referee_gems !== null ? (
        <span className="admin-cell-sub">{referralStaffTexts.rewarded(referral.referrer_gems, referral.referee_gems)}</span>
      ) : null}
    </>
  );
}

function FirstSale({ referral, saleHref }: { referral: AdminReferral; saleHref: (id: string) => string }) {
  const sale = referral.first_sale;
  if (!sale) return <span className="admin-cell-sub">{referralStaffTexts.noSale}</span>;
  return (
    <>
      <Link to={saleHref(sale.id)} aria-label={`First sale, ${sale.status}`}>
        <StatusBadge status={sale.status} />
      </Link>
      {sale.paid_at ? (
        <span className="admin-cell-sub">
          Paid <DateTime iso={sale.paid_at} />
        </span>
      ) : null}
    </>
  );
}

/**
 * A customer's referral tree, read-only (docs/features.md, "Referrals"): their code, who referred them and
 * whom they referred, each with the referee's first sale and how the referral was decided.
 */
export function ReferralsPanel({
  customerId,
  customerHref,
  saleHref,
}: {
  customerId: string;
  customerHref: (id: string) => string;
  saleHref: (id: string) => string;
}) {
  const referrals = useCustomerReferrals(customerId);
  if (referrals.isPending) return <Panel title={referralStaffTexts.heading}>Loading...</Panel>;
  if (referrals.isError) {
    return (
      <Panel title={referralStaffTexts.heading}>
        <p className="admin-alert" role="alert">
          {referralStaffTexts.loadFailed}{' '}
          <Button variant="secondary" onClick={() => void referrals.refetch()}>
            Retry
          </Button>
        </p>
      </Panel>
    );
  }
  const tree = referrals.data;
  const up = tree.referred_by;
  const columns: Column<AdminReferral>[] = [
    {
      key: 'customer',
      header: referralStaffTexts.columns.customer,
      cell: (r) => (
        <>
          <Link to={customerHref(r.customer.id)} className="admin-cell-title">
            {r.customer.full_name || r.customer.username}
          </Link>
          <span className="admin-cell-sub">@{r.customer.username}</span>
        </>
      ),
    },
    { key: 'joined', header: referralStaffTexts.columns.joined, cell: (r) => <DateTime iso={r.created_at} />, width: 170 },
    { key: 'sale', header: referralStaffTexts.columns.firstSale, cell: (r) => <FirstSale referral={r} saleHref={saleHref} /> },
    { key: 'status', header: referralStaffTexts.columns.status, cell: (r) => <Decision referral={r} /> },
  ];
  return (
    <Panel title={referralStaffTexts.heading}>
      <Facts
        rows={[
          [
            referralStaffTexts.code,
            <span className="admin-mono" data-testid="admin-referral-code">
              {tree.code}
            </span>,
          ],
          [
            referralStaffTexts.referredBy,
            up ? (
              <span data-testid="admin-referred-by">
                <Link to={customerHref(up.customer.id)}>{up.customer.full_name || up.customer.username}</Link> (@{up.customer.username}) ·{' '}
                <Decision referral={up} /> · <FirstSale referral={up} saleHref={saleHref} />
              </span>
            ) : (
              referralStaffTexts.notReferred
            ),
          ],
        ]}
      />
      <h3 className="biz-subtitle">{referralStaffTexts.referred(tree.referees.length, tree.referees_total)}</h3>
      <DataTable
        caption={referralStaffTexts.referred(tree.referees.length, tree.referees_total)}
        columns={columns}
        rows={tree.referees}
        rowKey={(r) => r.id}
        empty={{ title: referralStaffTexts.noneReferred }}
        maxHeight={420}
      />
    </Panel>
  );
}
