import { lazy, Suspense, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import {
  formatCardAmount,
  formatDecimal,
  formatKobo,
  formatRate,
  payoutDelayTexts,
  payoutFailureTexts,
  saleAmountLabels,
  transactionDetailTexts,
  type SaleDetail,
} from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { paths, transactionHref, withReturnTo } from '#web/config/paths';
import { formatCoinPrice } from '#web/lib/format';
import { DateTime } from '#web/components/ui/date-time';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { ReceiptActions } from './receipt-actions';
import { StatusTimeline } from './status-timeline';
import { TransactionStatusPill } from './transaction-status';
import './transactions.css';

/** Only a rejected crypto sale draws it (a form with per-network address rules): its own chunk. */
const CryptoReturnSection = lazy(() => import('./crypto-return').then((m) => ({ default: m.CryptoReturnSection })));

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tx-detail__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface TransactionDetailProps {
  sale: SaleDetail;
  /**
   * A rejected sale's way to support (the support feature's links, composed by the screen): it
   * takes the place a payout would have, under the reason.
   */
  support?: ReactNode;
}

/** What is (or was) paid once approved, when it is not the quote: the detail then shows the quote and why too. */
interface Adjustment {
  paid: number;
  paidLabel: string;
}

/**
 * One sale in full: what was sold and at what rate, the value, the bank account it is paid into,
 * the status timeline, the rejection reason when there is one, and the photos sent. A rejected
 * sale is never paid, so it names no account to be paid into.
 */
export function TransactionDetail({ sale, support }: TransactionDetailProps) {
  const t = useTexts(transactionDetailTexts);
  const amountLabels = useTexts(saleAmountLabels);
  // Once approved, what is (or was) paid; when it is not the quote, the quote and why are shown too.
  const paid = sale.paid_amount_kobo ?? null;
  const paidLabel = sale.status === 'successful' ? amountLabels.paid : amountLabels.approved;
  const adjustment: Adjustment | null = paid !== null && paid !== sale.value_kobo ? { paid, paidLabel } : null;
  const rejected = sale.status === 'rejected';
  return (
    <article className="tx-detail" data-testid="transaction-detail">
      <DetailHeader sale={sale} paid={paid} />
      <SaleNotices sale={sale} />

      {rejected && support ? support : null}

      {adjustment ? <AdjustedNote sale={sale} adjustment={adjustment} /> : null}

      <SummarySection sale={sale} adjustment={adjustment} />

      {/* A rejected sale pays nothing: no account "to be paid to"; for coins, what happens to them takes its place. */}
      {rejected ? (
        sale.kind === 'crypto' ? (
          <Suspense fallback={null}>
            <CryptoReturnSection sale={sale} />
          </Suspense>
        ) : null
      ) : (
        <BankSection sale={sale} />
      )}

      <section className="tx-detail__section" aria-labelledby="tx-status">
        <h2 id="tx-status" className="tx-detail__heading">
          {t.status}
        </h2>
        <StatusTimeline sale={sale} />
      </section>

      <ReceiptActions detail={sale} />

      {sale.images.length ? <ImagesSection sale={sale} /> : null}
    </article>
  );
}

function DetailHeader({ sale, paid }: { sale: SaleDetail; paid: number | null }) {
  const art = sale.card?.image_url ?? sale.image_path_url ?? sale.crypto_logo_url;
  return (
    <header className="tx-detail__head">
      {art ? (
        sale.coin ? (
          <img className="tx-detail__art tx-detail__art--coin" src={art} alt="" width={64} height={64} data-testid="transaction-art" />
        ) : (
          <img className="tx-detail__art" src={art} alt="" width={96} height={60} data-testid="transaction-art" />
        )
      ) : null}
      <h1 className="tx-detail__title">{sale.title}</h1>
      <p className="tx-detail__value tabular" data-testid="transaction-value">
        {formatKobo(paid ?? sale.value_kobo)}
      </p>
      {/* The screen refreshes itself while pending: the new status is announced when it comes. */}
      <span aria-live="polite" data-testid="transaction-status">
        <TransactionStatusPill status={sale.status} payoutFailed={Boolean(sale.payout_failure)} />
      </span>
    </header>
  );
}

/** Why the payout failed, that it is delayed, and why the sale was rejected: each when it applies. */
function SaleNotices({ sale }: { sale: SaleDetail }) {
  const t = useTexts(transactionDetailTexts);
  const payoutFailure = useTexts(payoutFailureTexts);
  const payoutDelay = useTexts(payoutDelayTexts);
  // Reasons arrive as the server's English words; the ones the catalogue knows read in the app's language.
  const translate = useTranslate();
  return (
    <>
      {sale.payout_failure ? (
        <div className="tx-detail__rejection" role="note" data-testid="payout-failure">
          <CircleAlert size={18} aria-hidden="true" />
          <div>
            <strong>{payoutFailure.label}</strong>
            <p data-testid="payout-failure-reason">{translate(sale.payout_failure.reason)}</p>
            <p>{payoutFailure.help}</p>
            <LinkButton
              to={withReturnTo(paths.updateBank, transactionHref(sale.id))}
              className="tx-detail__fix"
              data-testid="payout-failure-fix"
            >
              {payoutFailure.updateBank}
            </LinkButton>
          </div>
        </div>
      ) : null}

      {/* The payout provider has been unreachable for a while: nothing for the customer to do. */}
      {sale.payout_delay ? (
        <div className="tx-detail__rejection" role="status" data-testid="payout-delay">
          <CircleAlert size={18} aria-hidden="true" />
          <div>
            <p>{payoutDelay.notice}</p>
          </div>
        </div>
      ) : null}

      {sale.rejection_reason ? (
        <div className="tx-detail__rejection" role="note" data-testid="rejection-reason">
          <CircleAlert size={18} aria-hidden="true" />
          <div>
            <strong>{t.whyRejected}</strong>
            <p>{translate(sale.rejection_reason)}</p>
            {sale.rejection_message ? (
              <p className="tx-detail__rejection-message" data-testid="rejection-message">
                <span className="tx-detail__rejection-from">{t.messageFromTeam}</span>
                {sale.rejection_message}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}

function AdjustedNote({ sale, adjustment: { paid, paidLabel } }: { sale: SaleDetail; adjustment: Adjustment }) {
  const amountLabels = useTexts(saleAmountLabels);
  const translate = useTranslate();
  return (
    <div className="tx-detail__rejection tx-detail__adjusted" role="note" data-testid="amount-adjusted">
      <CircleAlert size={18} aria-hidden="true" />
      <div>
        <strong>
          {paidLabel}: {formatKobo(paid)} ({amountLabels.quoted.toLowerCase()} {formatKobo(sale.value_kobo)})
        </strong>
        {sale.amount_reason ? <p data-testid="amount-reason">{translate(sale.amount_reason)}</p> : null}
      </div>
    </div>
  );
}

function SummarySection({ sale, adjustment }: { sale: SaleDetail; adjustment: Adjustment | null }) {
  const t = useTexts(transactionDetailTexts);
  const amountLabels = useTexts(saleAmountLabels);
  const translate = useTranslate();
  return (
    <section className="tx-detail__section" aria-labelledby="tx-summary">
      <h2 id="tx-summary" className="tx-detail__heading">
        {t.details}
      </h2>
      <dl className="tx-detail__rows">
        {sale.card ? <Row label={t.card}>{sale.card.name}</Row> : null}
        {sale.subcategory ? <Row label={t.subcategory}>{sale.subcategory}</Row> : null}
        {sale.coin_amount && sale.crypto ? (
          <>
            <Row label={t.amount}>
              <span className="tabular">
                {sale.coin_amount} {sale.crypto.symbol}
              </span>
            </Row>
            <Row label={`1 ${sale.crypto.symbol}`}>
              <span className="tabular">{formatCoinPrice(sale.crypto.price_usd)}</span>
            </Row>
            <Row label={t.rate}>₦{formatDecimal(sale.crypto.rate_ngn_per_usd)}/$</Row>
          </>
        ) : (
          <>
            <Row label={t.amount}>{formatCardAmount(sale.currency_amount, sale.currency)}</Row>
            <Row label={t.rate}>{formatRate(sale.exchange_rate, sale.currency)}</Row>
          </>
        )}
        {sale.transaction_id ? <Row label={t.transactionId}>{sale.transaction_id}</Row> : null}
        {adjustment ? (
          <>
            <Row label={amountLabels.quoted}>{formatKobo(sale.value_kobo)}</Row>
            <Row label={adjustment.paidLabel}>{formatKobo(adjustment.paid)}</Row>
            {sale.amount_reason ? <Row label={amountLabels.reason}>{translate(sale.amount_reason)}</Row> : null}
          </>
        ) : (
          <Row label={t.value}>{formatKobo(sale.value_kobo)}</Row>
        )}
        {sale.card_code ? <Row label={t.cardCode}>{sale.card_code}</Row> : null}
        <Row label={t.date}>
          <DateTime iso={sale.transaction_date} />
        </Row>
        {sale.comment ? <Row label={t.comment}>{sale.comment}</Row> : null}
        {sale.payout_reference ? <Row label={t.paymentReference}>{sale.payout_reference}</Row> : null}
      </dl>
    </section>
  );
}

function BankSection({ sale }: { sale: SaleDetail }) {
  const t = useTexts(transactionDetailTexts);
  return (
    <section className="tx-detail__section" aria-labelledby="tx-bank">
      <h2 id="tx-bank" className="tx-detail__heading">
        {sale.status === 'successful' ? t.paidTo : t.toBePaidTo}
      </h2>
      {/* After a bank change the payout goes to the new account, not the one given with the sale. */}
      <dl className="tx-detail__rows" data-testid="transaction-bank">
        <Row label={t.bank}>{(sale.payout_account ?? sale.bank).bank_name}</Row>
        <Row label={t.accountNumber}>
          <span className="tabular">{(sale.payout_account ?? sale.bank).account_number}</span>
        </Row>
        <Row label={t.accountName}>{(sale.payout_account ?? sale.bank).account_name}</Row>
      </dl>
    </section>
  );
}

function ImagesSection({ sale }: { sale: SaleDetail }) {
  const t = useTexts(transactionDetailTexts);
  return (
    <section className="tx-detail__section" aria-labelledby="tx-images">
      <h2 id="tx-images" className="tx-detail__heading">
        {sale.coin ? t.screenshotSent : t.photosSent}
      </h2>
      <ul className="tx-detail__images" data-testid="transaction-images">
        {sale.images.map((url, index) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noreferrer" className="tx-detail__image-link">
              <img className="tx-detail__image" src={url} alt={sale.coin ? t.screenshotAlt : t.photoAlt(index + 1)} decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
