import type { ReactNode } from 'react';
import { billServiceName, billSuccessText, formatPhone, type BillTransactionDetail } from '@wise/shared';
import { CopyButton } from '../../../components/ui/copy-button';
import { DateTime } from '../../../components/ui/date-time';
import { formatGems } from '../../../lib/format';
import { ReceiptActions } from './receipt-actions';
import { TransactionStatusPill } from './transaction-status';
import './transactions.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tx-detail__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const customerIdLabel = { electricity: 'Meter number', tv: 'Smart card number' } as const;

/**
 * One bill purchase in full: what was bought, for how many gems, where it went, and — for
 * electricity — the token and units, which stay here after the success screen is gone.
 */
export function BillOrderDetail({ detail }: { detail: BillTransactionDetail }) {
  const { order } = detail;
  const outcome = order.status === 'successful' ? billSuccessText[order.kind] : order.message;
  return (
    <article className="tx-detail" data-testid="transaction-detail">
      <header className="tx-detail__head">
        <h1 className="tx-detail__title">{detail.title}</h1>
        <p className="tx-detail__value tabular" data-testid="transaction-value">
          {formatGems(order.amount)} gems
        </p>
        <TransactionStatusPill status={detail.status} />
      </header>

      <section className="tx-detail__section" aria-labelledby="bill-summary">
        <h2 id="bill-summary" className="tx-detail__heading">
          Details
        </h2>
        <dl className="tx-detail__rows">
          <Row label="Service">{billServiceName(order.service)}</Row>
          {order.plan_name ? <Row label="Plan">{order.plan_name}</Row> : null}
          {order.customer_id && (order.kind === 'electricity' || order.kind === 'tv') ? (
            <Row label={customerIdLabel[order.kind]}>
              <span className="tabular">{order.customer_id}</span>
            </Row>
          ) : null}
          <Row label="Phone">
            <span className="tabular">{formatPhone(order.phone)}</span>
          </Row>
          {order.token ? (
            <Row label="Token">
              <span className="tabular" data-testid="bill-token">
                {order.token}
              </span>
            </Row>
          ) : null}
          {order.units ? <Row label="Units Purchased">{order.units}</Row> : null}
          <Row label="Date">
            <DateTime iso={order.created_at} />
          </Row>
          {outcome ? <Row label="Outcome">{outcome}</Row> : null}
        </dl>
        {order.token ? <CopyButton text={order.token} ariaLabel="Copy token" copiedAriaLabel="Token copied" /> : null}
      </section>

      <ReceiptActions detail={detail} />
    </article>
  );
}
