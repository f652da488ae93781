import { useQuery } from '@tanstack/react-query';
import { afterSaleTexts, COINS, formatCardAmount, formatKobo, type SaleDetail } from '@wise/shared';
import { Skeleton } from '#web/components/ui/skeleton';
import { useReviewTime } from '../api/get-review-time';
import { transactionQueryOptions } from '../api/get-transaction';
import { useBusinessTimeZone } from '#web/lib/business-time-zone';
import { formatTimeOrDateTime } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import './transactions.css';

/** A coin by its name ("Bitcoin"), a card by its title ("Amazon · USA physical"). */
const whatSold = (sale: SaleDetail) => (sale.coin ? COINS[sale.coin].name : sale.title);

function amountSold(sale: SaleDetail): string {
  return sale.coin_amount && sale.crypto
    ? `${sale.coin_amount} ${sale.crypto.symbol}`
    : formatCardAmount(sale.currency_amount, sale.currency);
}

/**
 * Under a sale's success message: what was sold, for how much, how long reviews take now (the
 * median of the last day's decisions) and so when to expect the money. Each part waits for its own answer; a failed one is left
 * out rather than blocking the way on.
 */
export function AfterSaleSummary({ saleId }: { saleId: string }) {
  // What was sold does not change while it waits: no need to poll like the detail screen.
  const t = useTexts(afterSaleTexts);
  const transaction = useQuery({ ...transactionQueryOptions(saleId), refetchInterval: false });
  const reviewTime = useReviewTime();
  const timeZone = useBusinessTimeZone();
  const shown = transaction.data?.transaction;
  const sale = shown && !('order' in shown) ? shown : undefined;
  // The money follows the review by seconds: the sale's time plus today's median review is when to look.
  const median = reviewTime.data?.median_seconds;
  const expectedAt =
    sale && timeZone && median !== undefined && median !== null
      ? formatTimeOrDateTime(new Date(Date.parse(sale.transaction_date) + median * 1000).toISOString(), timeZone)
      : undefined;

  return (
    <div className="after-sale" data-testid="after-sale">
      {transaction.isPending ? (
        <Skeleton height={112} />
      ) : sale ? (
        <section className="after-sale__card" aria-labelledby="after-sale-heading" data-testid="sale-summary">
          <h2 id="after-sale-heading" className="tx-detail__heading">
            {t.summaryHeading}
          </h2>
          <dl className="tx-detail__rows">
            <div className="tx-detail__row">
              <dt>{t.sold}</dt>
              <dd>{whatSold(sale)}</dd>
            </div>
            <div className="tx-detail__row">
              <dt>{t.amount}</dt>
              <dd className="tabular">{amountSold(sale)}</dd>
            </div>
            <div className="tx-detail__row">
              <dt>{t.value}</dt>
              <dd className="tabular after-sale__value" data-testid="sale-summary-value">
                {formatKobo(sale.value_kobo)}
              </dd>
            </div>
          </dl>
        </section>
      ) : null}
      {reviewTime.isPending ? (
        <Skeleton height={20} />
      ) : reviewTime.data ? (
        <p className="screen__text" data-testid="review-time">
          {reviewTime.data.median_seconds === null ? t.reviewTimeUnknown : t.reviewTime(reviewTime.data.median_seconds)}
        </p>
      ) : null}
      {expectedAt ? (
        <p className="screen__text" data-testid="expect-money">
          {t.expectMoney(expectedAt)}
        </p>
      ) : null}
    </div>
  );
}
