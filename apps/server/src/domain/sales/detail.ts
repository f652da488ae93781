import { and, asc, eq } from 'drizzle-orm';
import {
  coinArtUrl,
  COINS,
  errorCodes,
  giftCardArtUrl,
  saleMessages,
  type CoinId,
  type SaleDetail,
  type SaleTimelineStatus,
  type TransactionItem,
  type TransactionStatus,
} from '@wise/shared';
import type { Db } from '../../db/client';
import { giftCards, saleImages, sales, saleStatusEvents, uploads, type SaleStatus } from '../../db/schema/index';
import { Dec, plain, signedNaira } from '../crypto/money';
import { saleImageUrl } from '../uploads/sale-images';
import { cardCodeOf } from './card-codes';
import { DomainError } from '../errors';

/** How a sale reads to its customer: the list row and the detail screen (GIFTCARDS-API.md, CRYPTO-API.md). */

type SaleRow = typeof sales.$inferSelect;

/** SPEC §4's three statuses: everything before payment or rejection is pending. */
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
};

export function toTransactionItem(row: SaleListRow): TransactionItem {
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
  };
}

/** One of the customer's own sales in full; another customer's id is the same 404 as none. */
export async function getSaleDetail(db: Db, userId: string, saleId: string): Promise<SaleDetail> {
  const [row] = await db
    .select({ sale: sales, cardName: giftCards.name, cardSlug: giftCards.slug })
    .from(sales)
    .leftJoin(giftCards, eq(giftCards.id, sales.giftCardId))
    .where(and(eq(sales.id, saleId), eq(sales.userId, userId)))
    .limit(1);
  if (!row) throw saleNotFound();
  const { sale } = row;
  const [images, events] = await Promise.all([
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
  ]);
  const timeline = events.flatMap((event) => {
    const status = timelineStatus(event.status);
    return status ? [{ status, at: event.at.toISOString() }] : [];
  });
  return {
    ...toTransactionItem({ ...sale, cardSlug: row.cardSlug }),
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
    timeline,
    rejection_reason: sale.rejectionReason,
    rejection_message: sale.rejectionMessage,
    payout_reference: sale.payoutReference,
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
