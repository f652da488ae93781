import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  coinArtUrl,
  COINS,
  payoutFailureCodeOf,
  payoutDelayTexts,
  payoutFailureTexts,
  errorCodes,
  giftCardArtUrl,
  saleAmountReasonWords,
  saleMessages,
  type CoinId,
  type SaleApprovalReasonCode,
  type SaleDetail,
  type SaleTimelineStatus,
  type TransactionItem,
  type TransactionStatus,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { banks, giftCards, payouts, saleImages, sales, saleStatusEvents, uploads, type SaleStatus } from '#server/db/schema/index';
import { Dec, plain, signedNaira } from '../crypto/money';
import { saleImageUrl } from '../uploads/sale-images';
import { cardCodeOf } from './card-codes';
import { findCryptoReturn, toCryptoReturn } from './crypto-returns';
import { DomainError } from '../errors';

/** How a sale reads to its customer: the list row and the detail screen (GET /api/transactions and /:id; /api/docs). */

type SaleRow = typeof sales.$inferSelect;

/** docs/product.md §4's three statuses: everything before payment or rejection is pending. */
export function listStatusOf(status: SaleStatus): TransactionStatus {
  if (status === 'paid') return 'successful';
  if (status === 'rejected') return 'rejected';
  return 'pending';
}

/** Staff's internal "approved, payout running" step is not a customer milestone. */
const timelineStatus = (status: SaleStatus): SaleTimelineStatus | undefined => (status === 'approved' ? undefined : status);

export const saleNotFound = () => new DomainError(errorCodes.notFound, saleMessages.saleNotFound, 404);

/** What a list row of a sale shows, with the card's slug or the coin for its artwork (domain/transactions reads it). */
export type SaleListRow = {
  id: string;
  kind: SaleRow['kind'];
  status: SaleStatus;
  title: string;
  valueKobo: number;
  comment: string | null;
  createdAt: Date;
  cardSlug: string | null;
  coin: CoinId | null;
  /** `<status>|<provider reason>` of an approved sale's latest payout when it failed or was reversed (`latestPayoutFailure`). */
  payoutFailure?: string | null;
  /** What staff approved paying (null before approval) and why it differs from the quote. */
  payoutAmountKobo?: number | null;
  approvalReasonCode?: SaleApprovalReasonCode | null;
  approvalNote?: string | null;
};

/**
 * For an approved sale: `failed|<reason>` or `reversed|<reason>` when its latest payout attempt
 * failed or was reversed, else null (one index lookup on payouts_attempt_key, approved sales only).
 */
export const latestPayoutFailure = sql<string | null>`CASE WHEN ${sales.status} = 'approved' THEN (
  SELECT CASE WHEN p.status IN ('failed', 'reversed') THEN p.status || '|' || coalesce(p.failure_reason, '') END
  FROM payouts p WHERE p.sale_id = ${sales.id} ORDER BY p.attempt DESC LIMIT 1
) END`;

/** The customer's words for a failed payout (`latestPayoutFailure`'s text), or null. */
export function payoutFailureOf(text: string | null | undefined): TransactionItem['payout_failure'] {
  if (!text) return null;
  const [status, ...rest] = text.split('|');
  const code = payoutFailureCodeOf(rest.join('|'), status === 'reversed');
  return { code, reason: payoutFailureTexts.reasons[code] };
}

/**
 * The approved amount, and the customer's words for why it is not the quote (null when it is);
 * nothing before approval, so a pending or rejected sale reads exactly as before.
 */
function paidAmount(row: SaleListRow): Pick<TransactionItem, 'paid_amount_kobo' | 'amount_reason'> {
  const paid = row.status === 'approved' || row.status === 'paid' ? (row.payoutAmountKobo ?? null) : null;
  if (paid === null) return {};
  const differs = paid !== row.valueKobo;
  return {
    paid_amount_kobo: paid,
    amount_reason: differs ? saleAmountReasonWords(row.approvalReasonCode ?? null, row.approvalNote ?? null) : null,
  };
}

export function toTransactionItem(row: SaleListRow): TransactionItem {
  const payoutFailure = payoutFailureOf(row.payoutFailure);
  return {
    id: row.id,
    transaction_date: row.createdAt.toISOString(),
    transaction_type: row.kind,
    title: row.title,
    amount_kobo: row.valueKobo,
    status: listStatusOf(row.status),
    image_path_url: row.cardSlug ? giftCardArtUrl(row.cardSlug) : null,
    crypto_logo_url: row.coin ? coinArtUrl(row.coin) : null,
    comment: row.comment,
    // Only on a sale waiting for a new payout (the field is absent otherwise).
    ...(payoutFailure ? { payout_failure: payoutFailure } : {}),
    ...paidAmount(row),
  };
}

/** One of the customer's own sales in full; another customer's id is the same 404 as none. */
export async function getSaleDetail(db: Db, userId: string, saleId: string): Promise<SaleDetail> {
  const [row] = await db
    .select({ sale: sales, cardName: giftCards.name, cardSlug: giftCards.slug, payoutFailure: latestPayoutFailure })
    .from(sales)
    .leftJoin(giftCards, eq(giftCards.id, sales.giftCardId))
    .where(and(eq(sales.id, saleId), eq(sales.userId, userId)))
    .limit(1);
  if (!row) throw saleNotFound();
  const { sale } = row;
  const [images, events, latestAttempt] = await Promise.all([
    db
      .select({ key: uploads.storageKey })
      .from(saleImages)
      .innerJoin(uploads, eq(uploads.id, saleImages.uploadId))
      .where(eq(saleImages.saleId, sale.id))
      .orderBy(asc(saleImages.position)),
    db
      .select({ status: saleStatusEvents.status, at: saleStatusEvents.at })
      .from(saleStatusEvents)
      .where(eq(saleStatusEvents.saleId, sale.id))
      .orderBy(asc(saleStatusEvents.id)),
    db
      .select({
        bankName: banks.name,
        bankCode: payouts.bankCode,
        accountNumber: payouts.accountNumber,
        accountName: payouts.accountName,
        status: payouts.status,
        delayNoticedAt: payouts.delayNoticedAt,
      })
      .from(payouts)
      .leftJoin(banks, eq(banks.code, payouts.bankCode))
      .where(eq(payouts.saleId, sale.id))
      .orderBy(desc(payouts.attempt))
      .limit(1),
  ]);
  // Only a rejected crypto sale can have one: no extra read for every other sale.
  const cryptoReturn = sale.kind === 'crypto' && sale.status === 'rejected' ? await findCryptoReturn(db, sale.id) : undefined;
  const attempt = latestAttempt[0];
  const payoutAccount =
    attempt &&
    (attempt.bankCode !== sale.bankCode || attempt.accountNumber !== sale.accountNumber || attempt.accountName !== sale.accountName)
      ? { bank_name: attempt.bankName ?? sale.bankName, account_number: attempt.accountNumber, account_name: attempt.accountName }
      : null;
  // A "paid" step the bank later reversed (the sale went back to approved) is no longer shown.
  const timeline = events.flatMap((event, index) => {
    const status = timelineStatus(event.status);
    if (event.status === 'paid' && events.slice(index + 1).some((later) => later.status === 'approved')) return [];
    return status ? [{ status, at: event.at.toISOString() }] : [];
  });
  return {
    ...toTransactionItem({ ...sale, cardSlug: row.cardSlug, payoutFailure: row.payoutFailure }),
    kind: sale.kind,
    card: row.cardName && row.cardSlug ? { name: row.cardName, slug: row.cardSlug, image_url: giftCardArtUrl(row.cardSlug) } : null,
    subcategory: sale.subcategoryLabel,
    currency_amount: sale.currencyAmount,
    currency: sale.currency,
    exchange_rate: sale.exchangeRate,
    value_kobo: sale.valueKobo,
    images: images.map((image) => saleImageUrl(sale.id, image.key)),
    card_code: cardCodeOf(sale),
    bank: { bank_name: sale.bankName, account_number: sale.accountNumber, account_name: sale.accountName },
    ...(payoutAccount ? { payout_account: payoutAccount } : {}),
    // Its customer was told the payout is delayed on the provider's side (payouts/delay.ts): said until it is paid.
    ...(sale.status === 'approved' && attempt?.delayNoticedAt && ['queued', 'sending', 'pending'].includes(attempt.status)
      ? { payout_delay: payoutDelayTexts.notice }
      : {}),
    timeline,
    rejection_reason: sale.rejectionReason,
    rejection_message: sale.rejectionMessage,
    rejection_code: sale.rejectionCode,
    crypto_return: cryptoReturn ? toCryptoReturn(cryptoReturn) : null,
    payout_reference: sale.payoutReference,
    // Only once decided (absent before, like payout_account).
    ...(sale.decidedAt ? { decided_at: sale.decidedAt.toISOString() } : {}),
    ...cryptoFacts(sale),
  };
}

/** A crypto sale's coin, amount, transaction ID and the quote's prices; nulls for any other kind. */
function cryptoFacts(sale: SaleRow): Pick<SaleDetail, 'coin' | 'coin_amount' | 'transaction_id' | 'crypto'> {
  const { coin, coinAmount, priceUsd, usdtRateNgn, coinAdjustmentNgn } = sale;
  if (!coin || !coinAmount || !priceUsd || !usdtRateNgn || !coinAdjustmentNgn) {
    return { coin: null, coin_amount: null, transaction_id: null, crypto: null };
  }
  return {
    coin,
    coin_amount: plain(coinAmount),
    transaction_id: sale.transactionId,
    crypto: {
      symbol: COINS[coin].symbol,
      price_usd: plain(priceUsd),
      usdt_rate_ngn: plain(usdtRateNgn),
      coin_adjustment_ngn: signedNaira(new Dec(coinAdjustmentNgn)),
      rate_ngn_per_usd: plain(sale.exchangeRate),
    },
  };
}
