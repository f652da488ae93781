import type { ReactNode } from 'react';
import { billOrderDetailTexts, billServiceName, billSuccessText, formatPhone, type BillTransactionDetail } from '@wise/shared';
import { CopyButton } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { formatGems } from '#web/lib/format';
import { useTexts, useTranslate } from '#web/lib/i18n';
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

/**
 * One bill purchase in full: what was bought, for how many gems, where it went, and — for
 * electricity — the token and units, which stay here after the success screen is gone.
 */
export function BillOrderDetail({ detail }: { detail: BillTransactionDetail }) {
  const t = useTexts(billOrderDetailTexts);
  const successText = useTexts(billSuccessText);
  // The order's message is one of our texts, written in English by the server.
  const translate = useTranslate();
  const customerIdLabel = { electricity: t.meterNumber, tv: t.smartCardNumber } as const;
  const { order } = detail;
  const outcome = order.status === 'successful' ? successText[order.kind] : order.message && translate(order.message);
  return (
    <article className="tx-detail" data-testid="transaction-detail">
      <header className="tx-detail__head">
        <h1 className="tx-detail__title">{detail.title}</h1>
        <p className="tx-detail__value tabular" data-testid="transaction-value">
          {t.gems(formatGems(order.amount))}
        </p>
        <TransactionStatusPill status={detail.status} kind={detail.transaction_type} />
      </header>

      <section className="tx-detail__section" aria-labelledby="bill-summary">
        <h2 id="bill-summary" className="tx-detail__heading">
          {t.details}
        </h2>
        <dl className="tx-detail__rows">
          <Row label={t.service}>{billServiceName(order.service)}</Row>
          {order.plan_name ? <Row label={t.plan}>{order.plan_name}</Row> : null}
          {order.customer_id && (order.kind === 'electricity' || order.kind === 'tv') ? (
            <Row label={customerIdLabel[order.kind]}>
              <span className="tabular">{order.customer_id}</span>
            </Row>
          ) : null}
          <Row label={t.phone}>
            <span className="tabular">{formatPhone(order.phone)}</span>
          </Row>
          {order.token ? (
            <Row label={t.token}>
              <span className="tabular" data-testid="bill-token">
                {order.token}
              </span>
            </Row>
          ) : null}
          {order.units ? <Row label={t.units}>{order.units}</Row> : null}
          <Row label={t.date}>
            <DateTime iso={order.created_at} />
          </Row>
          {outcome ? <Row label={t.outcome}>{outcome}</Row> : null}
        </dl>
        {order.token ? <CopyButton text={order.token} ariaLabel={t.copyToken} copiedAriaLabel={t.tokenCopied} /> : null}
      </section>

      <ReceiptActions detail={detail} />
    </article>
  );
}
