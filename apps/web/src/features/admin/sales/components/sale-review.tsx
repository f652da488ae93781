import { COINS, formatPhone } from '@wise/shared';
import {
  accountNameMatchLabels,
  depositDeskMessages,
  imagesDeletedTexts,
  saleApprovalReasonLabels,
  saleRejectionLabels,
  type AdminSaleDetail,
  type StaffMe,
} from '@wise/shared/admin';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { DeletedImages, ImageViewer } from '#web/components/admin/image-viewer';
import { PageHeader } from '#web/components/admin/page-header';
import { Badge } from '#web/components/admin/status-badge';
import { CopyButton } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { formatNaira } from '#web/lib/format';
import { formatAdjustment, formatAge, formatCoinPriceUsd, formatRate, formatSaleAmount, formatUsdWorth } from '../format-sale';
import { ApproveForm } from './approve-form';
import { CardCode } from './card-code';
import { ChainPanel } from './chain-panel';
import { ClaimBar } from './claim-bar';
import { CryptoReturnPanel } from './crypto-return-panel';
import { PayoutsPanel } from './payouts-panel';
import { RejectForm } from './reject-form';
import { SecondApprovalPanel } from './second-approval';
import { RiskFlagsPanel } from './risk-flags';
import { SaleStatus } from './sale-status';
import './sales.css';

interface SaleReviewProps {
  sale: AdminSaleDetail;
  staff: Pick<StaffMe, 'id' | 'role'>;
  backHref: string;
  saleHref: (id: string) => string;
  /** Work mode: `a` opens the approval; after a decision the next sale opens. */
  approveRef?: { current: (() => void) | null };
  onDecided?: () => void;
  /** Above the page's content (work mode's bar). */
  banner?: ReactNode;
  /** In the side column, under the decision (an admin's assignment). */
  aside?: ReactNode;
}

const historyWords: Record<AdminSaleDetail['status'], string> = {
  submitted: 'Submitted',
  under_review: 'Review started',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** Text with every character outside printable ASCII written as its code point: an invisible or lookalike one shows. */
const visibleText = (text: string) => text.replace(/[^\x20-\x7e]/gu, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);

type DecisionProps = Pick<SaleReviewProps, 'sale' | 'staff' | 'approveRef' | 'onDecided'>;

/** The open sale's decision: the second approval waiting, or the claim and the approve and reject forms. */
function DecisionPanel({ sale, staff, approveRef, onDecided }: DecisionProps) {
  const claimedByOther = sale.claim !== null && sale.claim.staff.id !== staff.id;
  // Four eyes on a deposit priced at the desk: its pricer may not approve it (the server refuses too).
  const pricedByMe = sale.chain?.deposit?.priced_by?.id === staff.id;
  // An approval above the quote or the limit waits for another admin; until then nobody decides another way.
  const request = sale.approval_request ?? null;
  if (request !== null && request.outcome === null) {
    return (
      <Panel title="Decision" className="admin-o-3">
        <SecondApprovalPanel sale={sale} request={request} staff={staff} approveRef={approveRef} onDecided={onDecided} />
      </Panel>
    );
  }
  return (
    <Panel title="Decision" className="admin-o-3">
      <ClaimBar sale={sale} staffId={staff.id} />
      {claimedByOther ? (
        <p className="admin-muted">Another reviewer holds this sale. You can decide once their claim ends or they release it.</p>
      ) : null}
      {request?.outcome === 'declined' ? (
        <p className="admin-muted">
          {`${request.decided_by?.name ?? 'An admin'} declined paying ${formatNaira(request.amount_kobo)}`}
          {request.decision_note ? `: ${request.decision_note}` : ''}
        </p>
      ) : null}
      <div className="admin-decide">
        <section aria-labelledby="approve-title">
          <h3 id="approve-title" className="admin-subtitle">
            Approve
          </h3>
          {pricedByMe ? <p className="admin-alert admin-alert--info">{depositDeskMessages.pricerCannotApprove}</p> : null}
          <ApproveForm sale={sale} disabled={claimedByOther || pricedByMe} approveRef={approveRef} onDecided={onDecided} />
        </section>
        <section aria-labelledby="reject-title">
          <h3 id="reject-title" className="admin-subtitle">
            Reject
          </h3>
          <RejectForm sale={sale} disabled={claimedByOther} onDecided={onDecided} />
        </section>
      </div>
    </Panel>
  );
}

function ImagesPanel({ sale }: { sale: AdminSaleDetail }) {
  return (
    <Panel title={sale.kind === 'crypto' ? 'Screenshot' : 'Card images'} className="admin-o-1">
      {sale.images_deleted ? (
        <DeletedImages count={sale.images_deleted.count} text={imagesDeletedTexts[sale.images_deleted.reason]} />
      ) : (
        <ImageViewer
          label="Image"
          images={sale.images.map((image) => ({ src: image.url, alt: `Image ${image.position + 1} of ${sale.title}` }))}
        />
      )}
    </Panel>
  );
}

function CurrentRate({ sale }: { sale: AdminSaleDetail }) {
  if (!sale.current_rate) return <>Not available</>;
  const rateChanged = Number(sale.current_rate.exchange_rate) !== Number(sale.exchange_rate);
  return (
    <span>
      {formatRate(sale.current_rate.exchange_rate, sale.currency)} {rateChanged ? <Badge tone="warning">changed</Badge> : null}{' '}
      {sale.current_rate.stale ? <Badge tone="danger">prices stale</Badge> : null}
      <span className="admin-cell-sub">
        as of <DateTime iso={sale.current_rate.as_of} />
      </span>
    </span>
  );
}

/** What was sold, at which terms and rates, with the code and the transaction ID. */
function SalePanel({ sale, staff }: { sale: AdminSaleDetail; staff: SaleReviewProps['staff'] }) {
  return (
    <Panel title="Sale" className="admin-o-2">
      <Facts
        rows={[
          ['Kind', sale.kind === 'crypto' ? 'Crypto' : 'Gift card'],
          sale.card && ['Card', sale.card.name],
          sale.subcategory && ['Sub-category', sale.subcategory.label],
          sale.coin && ['Coin', `${COINS[sale.coin].name} (${COINS[sale.coin].symbol})`],
          ['Amount', <span className="admin-money">{formatSaleAmount(sale)}</span>],
          sale.coin && ['Worth', <span className="admin-money">{formatUsdWorth(sale.currency_amount)}</span>],
          ['Quoted value', <span className="admin-money">{formatNaira(sale.value_kobo)}</span>],
          ['Rate used', formatRate(sale.exchange_rate, sale.currency)],
          ['Current rate', <CurrentRate sale={sale} />],
          sale.quote && ['Coin price', <span className="admin-money">{formatCoinPriceUsd(sale.quote.price_usd)}</span>],
          sale.quote && [
            'USDT rate',
            `${formatRate(sale.quote.usdt_market_rate_ngn, 'USDT')} market, ${formatAdjustment(sale.quote.usdt_adjustment_ngn)} adjustment`,
          ],
          sale.quote && ['Coin adjustment', formatAdjustment(sale.quote.coin_adjustment_ngn)],
          sale.card_code_provided && ['Card code', <CardCode sale={sale} staff={staff} />],
          sale.transaction_id && [
            'Transaction ID',
            <span className="admin-inline">
              <span className="admin-mono">{sale.transaction_id}</span>
              <CopyButton text={sale.transaction_id} ariaLabel="Copy transaction ID" />
            </span>,
          ],
          sale.transaction_id_as_typed && [
            'Transaction ID as typed',
            <span className="admin-mono">{visibleText(sale.transaction_id_as_typed)}</span>,
          ],
          ['Comment', sale.comment ?? <span className="admin-muted">None</span>],
        ]}
      />
    </Panel>
  );
}

/** Who sold it, and the account the naira goes to as it was at submission. */
function CustomerAndBank({ sale }: { sale: AdminSaleDetail }) {
  return (
    <div className="admin-detail__pair admin-o-5">
      <Panel title="Customer">
        <Facts
          rows={[
            ['Name', sale.customer.full_name],
            ['Username', `@${sale.customer.username}`],
            ['Email', sale.customer.email],
            ['Phone', formatPhone(sale.customer.phone)],
            ['Joined', <DateTime iso={sale.customer.joined_at} />],
            sale.customer.locked && [
              'Account',
              <Badge tone="danger">Locked{sale.customer.locked_reason ? `: ${sale.customer.locked_reason}` : ''}</Badge>,
            ],
          ]}
        />
      </Panel>
      <Panel title="Pay to (at submission)">
        <Facts
          rows={[
            ['Bank', sale.bank.bank_name],
            ['Account number', <span className="admin-mono">{sale.bank.account_number}</span>],
            ['Account name', sale.bank.account_name],
            [
              'Name check',
              <span data-testid="account-name-match">
                {sale.bank.name_match === 'partial' ? (
                  <Badge tone="warning">{accountNameMatchLabels.partial}</Badge>
                ) : (
                  accountNameMatchLabels[sale.bank.name_match ?? 'unchecked']
                )}
              </span>,
            ],
          ]}
        />
      </Panel>
    </div>
  );
}

function HistoryPanel({ sale }: { sale: AdminSaleDetail }) {
  return (
    <Panel title="History" className="admin-o-6">
      <ol className="admin-timeline">
        {sale.history.map((event, index) => (
          <li key={`${event.status}-${event.at}-${index}`}>
            <span className="admin-cell-title">{historyWords[event.status]}</span>
            <span className="admin-cell-sub">
              <DateTime iso={event.at} />
              {event.actor ? ` · ${event.actor.name}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function EarlierSalesPanel({ sale, saleHref }: { sale: AdminSaleDetail; saleHref: (id: string) => string }) {
  return (
    <Panel title={`Earlier sales by ${sale.customer.full_name}`} className="admin-o-7">
      {sale.earlier_sales.length === 0 ? (
        <p className="admin-muted">This is the customer's first sale.</p>
      ) : (
        <ul className="admin-list">
          {sale.earlier_sales.map((earlier) => (
            <li key={earlier.id}>
              <Link to={saleHref(earlier.id)} className="admin-list__row">
                <span>
                  <span className="admin-cell-title">{earlier.title}</span>
                  <span className="admin-cell-sub">
                    <DateTime iso={earlier.created_at} />
                    {earlier.rejection_reason ? ` · ${earlier.rejection_reason}` : ''}
                  </span>
                </span>
                <span className="admin-list__end">
                  <span className="admin-money">{formatNaira(earlier.value_kobo)}</span>
                  <SaleStatus sale={{ status: earlier.status, payout_status: null }} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** One sale as a reviewer decides it: what was sold, by whom, to which account, and the decision. */
export function SaleReview({ sale, staff, backHref, saleHref, approveRef, onDecided, banner, aside }: SaleReviewProps) {
  const open = sale.status === 'submitted' || sale.status === 'under_review';
  return (
    <>
      <PageHeader
        back={{ to: backHref, label: 'Review queue' }}
        title={
          <>
            {sale.title} <SaleStatus sale={sale} />
          </>
        }
        description={
          <>
            Submitted <DateTime iso={sale.created_at} />
            {sale.age_minutes !== null ? ` · waiting ${formatAge(sale.age_minutes)}` : null}
          </>
        }
      />
      {banner}
      <div className="admin-detail">
        <div className="admin-detail__side">
          {open ? (
            <DecisionPanel sale={sale} staff={staff} approveRef={approveRef} onDecided={onDecided} />
          ) : (
            <DecisionSummary sale={sale} />
          )}
          {aside}
          <CryptoReturnPanel sale={sale} className="admin-o-4" />
          <PayoutsPanel sale={sale} isAdmin={staff.role === 'admin'} className="admin-o-4" />
        </div>
        <div className="admin-detail__main">
          <RiskFlagsPanel flags={sale.risk_flags} saleHref={saleHref} />
          <ImagesPanel sale={sale} />
          <SalePanel sale={sale} staff={staff} />
          <ChainPanel sale={sale} className="admin-o-2" />
          <CustomerAndBank sale={sale} />
          <HistoryPanel sale={sale} />
          <EarlierSalesPanel sale={sale} saleHref={saleHref} />
        </div>
      </div>
    </>
  );
}

/** A decided sale: who decided, when, and what (amount and note, or reason and message). */
function DecisionSummary({ sale }: { sale: AdminSaleDetail }) {
  const decision = sale.decision;
  if (!decision) return null;
  const rejected = sale.status === 'rejected';
  return (
    <Panel title={rejected ? 'Rejected' : 'Approved'} className="admin-o-3">
      <Facts
        rows={[
          ['Decided', <DateTime iso={decision.decided_at} />],
          decision.decided_by && ['By', decision.decided_by.name],
          decision.payout_amount_kobo !== null && [
            'Amount paid',
            <span className="admin-money">
              {formatNaira(decision.payout_amount_kobo)}
              {decision.payout_amount_kobo !== sale.value_kobo ? (
                <span className="admin-cell-sub">quoted {formatNaira(sale.value_kobo)}</span>
              ) : null}
            </span>,
          ],
          decision.approval_reason_code && ['Reason', saleApprovalReasonLabels[decision.approval_reason_code]],
          decision.approval_note && ['Note', decision.approval_note],
          sale.approval_request?.outcome === 'confirmed' && ['Asked by', sale.approval_request.requested_by.name],
          decision.rejection_code && ['Reason', saleRejectionLabels[decision.rejection_code]],
          decision.rejection_reason && ['Customer reads', decision.rejection_reason],
          decision.rejection_message && ['Message', decision.rejection_message],
          decision.payout_reference && ['Payout reference', <span className="admin-mono">{decision.payout_reference}</span>],
          decision.paid_at && ['Paid', <DateTime iso={decision.paid_at} />],
        ]}
      />
    </Panel>
  );
}
