import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { errorCodes } from '@wise/shared';
import { reviewMessages, SALE_EARLIER_SALES_MAX, type AdminSaleDetail } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { giftCards, giftCardSubcategories, saleImages, sales, saleStatusEvents, staff, uploads, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import type { FileStore } from '#server/providers/file-store/index';
import { readMarkets, type MarketDeps } from '#server/domain/crypto/market-cache';
import { plain } from '#server/domain/crypto/money';
import { loadAdjustments, rateFor } from '#server/domain/crypto/rates';
import { DomainError } from '#server/domain/errors';
import { getSalePayouts } from '#server/domain/payouts/payouts';
import { latestApprovalRequest } from './approvals';
import { cardCodeOf } from '#server/domain/sales/card-codes';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import { recordStaffAction } from '../audit';
import { latestPayoutStatus, minutesSince } from './queue';
import { getRiskFlags } from './risk-flags';
import { cryptoReturnForStaff } from './crypto-returns';
import { saleChainFacts } from './chain';

/**
 * A sale as a reviewer sees it (docs/decisions.md §8.2): the customer, the images,
 * the terms and the rate used next to today's rate, whether there is a card code (read on
 * request: `readCardCodeForStaff`), the transaction ID, where the money goes, what happened to it
 * so far, and the customer's earlier sales with their outcomes.
 */

export interface ReviewReadDeps {
  db: Db;
  clock: Clock;
  /** Today's coin prices; without them a crypto sale's current rate reads as unknown. */
  market?: MarketDeps;
}

export const saleNotFoundForStaff = () => new DomainError(errorCodes.notFound, reviewMessages.saleNotFound, 404);

export const saleImageErrorCodes = {
  /** The customer closed their account: the sale's photos were erased with it (410). */
  deletedWithAccount: 'SALE_IMAGE_DELETED_WITH_ACCOUNT',
} as const;

export const adminSaleImageUrl = (saleId: string, position: number) => `/api/admin/sales/${saleId}/images/${position}`;

type SaleRow = typeof sales.$inferSelect;
type UserRow = typeof users.$inferSelect;
type StaffRef = { id: string; name: string };
type Detail = AdminSaleDetail;

async function saleWithCustomer(db: Db, saleId: string) {
  const [row] = await db
    .select({ sale: sales, user: users, cardName: giftCards.name, cardSlug: giftCards.slug, payoutStatus: latestPayoutStatus })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.userId))
    .leftJoin(giftCards, eq(giftCards.id, sales.giftCardId))
    .where(eq(sales.id, saleId))
    .limit(1);
  if (!row) throw saleNotFoundForStaff();
  return row;
}

/** The customer's sales submitted before this one (keyset order), so the reviewer sees the record they had then. */
async function earlierSalesOf(db: Db, sale: SaleRow): Promise<Detail['earlier_sales']> {
  const rows = await db
    .select({
      id: sales.id,
      kind: sales.kind,
      title: sales.title,
      valueKobo: sales.valueKobo,
      status: sales.status,
      createdAt: sales.createdAt,
      rejectionReason: sales.rejectionReason,
    })
    .from(sales)
    .where(
      and(
        eq(sales.userId, sale.userId),
        ne(sales.id, sale.id),
        sql`(${sales.createdAt}, ${sales.id}) < (${sale.createdAt.toISOString()}::timestamptz, ${sale.id}::uuid)`,
      ),
    )
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(SALE_EARLIER_SALES_MAX);
  return rows.map((other) => ({
    id: other.id,
    kind: other.kind,
    title: other.title,
    value_kobo: other.valueKobo,
    status: other.status,
    created_at: other.createdAt.toISOString(),
    rejection_reason: other.rejectionReason,
  }));
}

async function statusEventsOf(db: Db, saleId: string) {
  return db
    .select({ status: saleStatusEvents.status, at: saleStatusEvents.at, actor: saleStatusEvents.actor })
    .from(saleStatusEvents)
    .where(eq(saleStatusEvents.saleId, saleId))
    .orderBy(asc(saleStatusEvents.id));
}

/** Everything beside the sale's own row, read at once. */
async function reviewExtrasOf(deps: ReviewReadDeps, sale: SaleRow) {
  const { db } = deps;
  const [images, events, payouts, earlierSales, currentRate, approvalRequest, riskFlags, cryptoReturn, chain] = await Promise.all([
    db.select({ position: saleImages.position }).from(saleImages).where(eq(saleImages.saleId, sale.id)).orderBy(asc(saleImages.position)),
    statusEventsOf(db, sale.id),
    getSalePayouts(db, sale.id),
    earlierSalesOf(db, sale),
    currentRateOf(deps, sale),
    latestApprovalRequest(db, sale.id),
    getRiskFlags(db, sale.id),
    sale.kind === 'crypto' && sale.status === 'rejected' ? cryptoReturnForStaff(db, sale.id) : null,
    saleChainFacts(db, sale),
  ]);
  const names = await staffNamesFor(db, [sale.claimedBy, sale.decidedBy, sale.assignedTo, sale.assignedBy, ...events.map((e) => e.actor)]);
  return { images, events, payouts, earlierSales, currentRate, approvalRequest, riskFlags, cryptoReturn, chain, names };
}

function customerOf(user: UserRow): Detail['customer'] {
  return {
    id: user.id,
    full_name: user.fullName,
    username: user.username,
    email: user.email,
    phone: user.phone,
    joined_at: user.createdAt.toISOString(),
    locked: user.lockedAt !== null,
    locked_reason: user.lockedReason,
  };
}

/** A crypto sale's quote: the prices and adjustments its value used. */
function quoteOf(sale: SaleRow): Detail['quote'] {
  if (!sale.priceUsd || !sale.usdtMarketRateNgn || !sale.usdtAdjustmentNgn || !sale.usdtRateNgn || !sale.coinAdjustmentNgn) return null;
  return {
    id: sale.quoteId,
    price_usd: plain(sale.priceUsd),
    usdt_market_rate_ngn: plain(sale.usdtMarketRateNgn),
    usdt_adjustment_ngn: plain(sale.usdtAdjustmentNgn),
    usdt_rate_ngn: plain(sale.usdtRateNgn),
    coin_adjustment_ngn: plain(sale.coinAdjustmentNgn),
    rate_ngn_per_usd: plain(sale.exchangeRate),
  };
}

function decisionOf(sale: SaleRow, ref: (id: string | null) => StaffRef | null): Detail['decision'] {
  if (!sale.decidedAt) return null;
  return {
    decided_at: sale.decidedAt.toISOString(),
    decided_by: ref(sale.decidedBy),
    payout_amount_kobo: sale.payoutAmountKobo,
    approval_note: sale.approvalNote,
    approval_reason_code: sale.approvalReasonCode,
    rejection_code: sale.rejectionCode,
    rejection_reason: sale.rejectionReason,
    rejection_message: sale.rejectionMessage,
    payout_reference: sale.payoutReference,
    paid_at: sale.paidAt?.toISOString() ?? null,
  };
}

/** Who the sale is assigned to, and who holds a live claim (an expired claim is none). */
function workOf(sale: SaleRow, names: Map<string, string>, now: Date): Pick<Detail, 'assignment' | 'claim'> {
  const named = (id: string) => ({ id, name: names.get(id) ?? '' });
  const assignment =
    sale.assignedTo && sale.assignedBy && sale.assignedAt
      ? { staff: named(sale.assignedTo), by: named(sale.assignedBy), at: sale.assignedAt.toISOString() }
      : null;
  const claim =
    sale.claimedBy && sale.claimedUntil && sale.claimedUntil > now
      ? { staff: named(sale.claimedBy), until: sale.claimedUntil.toISOString() }
      : null;
  return { assignment, claim };
}

/** What was sold and at what terms: the card or coin, amounts, rates, code, transaction ID, payout account. */
function termsOf(sale: SaleRow, card: { name: string | null; slug: string | null }) {
  return {
    currency: sale.currency,
    currency_amount: sale.currencyAmount,
    exchange_rate: sale.exchangeRate,
    value_kobo: sale.valueKobo,
    card: sale.giftCardId && card.name && card.slug ? { id: sale.giftCardId, name: card.name, slug: card.slug } : null,
    subcategory: sale.subcategoryId && sale.subcategoryLabel ? { id: sale.subcategoryId, label: sale.subcategoryLabel } : null,
    coin: sale.coin,
    coin_amount: sale.coinAmount ? plain(sale.coinAmount) : null,
    quote: quoteOf(sale),
    comment: sale.comment,
    card_code_provided: sale.cardCodeCiphertext !== null || sale.cardCode !== null,
    transaction_id: sale.transactionId,
    transaction_id_as_typed: sale.transactionIdAsTyped,
    bank: {
      bank_code: sale.bankCode,
      bank_name: sale.bankName,
      account_number: sale.accountNumber,
      account_name: sale.accountName,
      name_match: sale.accountNameMatch ?? null,
    },
  } satisfies Partial<Detail>;
}

export async function getSaleForReview(deps: ReviewReadDeps, saleId: string): Promise<AdminSaleDetail> {
  const row = await saleWithCustomer(deps.db, saleId);
  const { sale, user } = row;
  const extras = await reviewExtrasOf(deps, sale);
  const ref = (id: string | null) => (id ? { id, name: extras.names.get(id) ?? '' } : null);
  // A closed account's photos were deleted with it (domain/privacy/close.ts): say so, never a dead address.
  const imagesDeleted = user.closedAt !== null;
  return {
    id: sale.id,
    kind: sale.kind,
    title: sale.title,
    status: sale.status,
    payout_status: row.payoutStatus,
    created_at: sale.createdAt.toISOString(),
    age_minutes: sale.decidedAt ? null : minutesSince(deps.clock, sale.createdAt),
    customer: customerOf(user),
    images: imagesDeleted
      ? []
      : extras.images.map((image) => ({ position: image.position, url: adminSaleImageUrl(sale.id, image.position) })),
    images_deleted: imagesDeleted && extras.images.length > 0 ? { reason: 'account_closed', count: extras.images.length } : null,
    ...termsOf(sale, { name: row.cardName, slug: row.cardSlug }),
    current_rate: extras.currentRate,
    risk_flags: extras.riskFlags,
    chain: extras.chain,
    history: extras.events.map((event) => ({ status: event.status, at: event.at.toISOString(), actor: ref(event.actor) })),
    payouts: extras.payouts,
    ...workOf(sale, extras.names, deps.clock.now()),
    decision: decisionOf(sale, ref),
    approval_request: extras.approvalRequest,
    crypto_return: extras.cryptoReturn,
    earlier_sales: extras.earlierSales,
  };
}

async function staffNamesFor(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  // A sale has a handful of actors at most: one small query each keeps this plain.
  for (const id of wanted) {
    const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id)).limit(1);
    if (row) names.set(id, row.name);
  }
  return names;
}

/** Today's rate for what was sold: the sub-category's rate now, or naira per USD for the coin now. */
async function currentRateOf(deps: ReviewReadDeps, sale: SaleRow): Promise<AdminSaleDetail['current_rate']> {
  if (sale.subcategoryId) {
    const [sub] = await deps.db
      .select({ rate: giftCardSubcategories.exchangeRate, at: giftCardSubcategories.rateUpdatedAt })
      .from(giftCardSubcategories)
      .where(eq(giftCardSubcategories.id, sale.subcategoryId))
      .limit(1);
    return sub ? { exchange_rate: sub.rate, as_of: sub.at.toISOString(), stale: false } : null;
  }
  if (sale.coin && deps.market) {
    const markets = await readMarkets(deps.db, deps.market);
    const usdt = markets?.coins.find((coin) => coin.coin === 'usdt');
    if (!markets || !usdt) return null;
    const rate = rateFor(sale.coin, usdt.priceNgn, await loadAdjustments(deps.db));
    return { exchange_rate: rate.rateNgnPerUsd.toFixed(), as_of: markets.fetchedAt.toISOString(), stale: markets.stale };
  }
  return null;
}

/** One of a sale's images by position, for staff: the stored WebP bytes. */
export async function readSaleImageForStaff(
  db: Db,
  store: FileStore,
  saleId: string,
  position: number,
): Promise<{ body: Buffer; contentType: string }> {
  const [row] = await db
    .select({ key: uploads.storageKey, contentType: uploads.contentType, closedAt: users.closedAt })
    .from(saleImages)
    .innerJoin(uploads, eq(uploads.id, saleImages.uploadId))
    .innerJoin(sales, eq(sales.id, saleImages.saleId))
    .innerJoin(users, eq(users.id, sales.userId))
    .where(and(eq(saleImages.saleId, saleId), eq(saleImages.position, position)))
    .limit(1);
  const missing = () => new DomainError(errorCodes.notFound, reviewMessages.imageNotFound, 404);
  if (!row) throw missing();
  // Its file went with the customer's account: gone for good, and said so.
  if (row.closedAt) throw new DomainError(saleImageErrorCodes.deletedWithAccount, reviewMessages.imageDeletedWithAccount, 410);
  const body = await store.get(row.key);
  if (!body) throw missing();
  return { body, contentType: row.contentType };
}

/**
 * A gift card's code, on request (docs/closed-accounts.md, "Card codes"): to an admin, or to the
 * reviewer holding the sale (a live claim); the view is written to the audit log before the code
 * leaves, as an ID photo's is (domain/identity/tier2.ts). A reviewer browsing the queue reads none.
 */
export async function readCardCodeForStaff(db: Db, clock: Clock, actor: StaffPrincipal, saleId: string, ip: string): Promise<string> {
  const [sale] = await db
    .select({
      id: sales.id,
      userId: sales.userId,
      cardCode: sales.cardCode,
      cardCodeCiphertext: sales.cardCodeCiphertext,
      cardCodeKeyId: sales.cardCodeKeyId,
      claimedBy: sales.claimedBy,
      claimedUntil: sales.claimedUntil,
    })
    .from(sales)
    .where(eq(sales.id, saleId))
    .limit(1);
  if (!sale) throw saleNotFoundForStaff();
  const holds = sale.claimedBy === actor.id && sale.claimedUntil !== null && sale.claimedUntil > clock.now();
  if (actor.role !== 'admin' && !holds) throw new DomainError(errorCodes.forbidden, reviewMessages.cardCodeNotHeld, 403);
  const code = cardCodeOf(sale);
  if (code === null) throw new DomainError(errorCodes.notFound, reviewMessages.noCardCode, 404);
  await recordStaffAction(db, clock, actor, {
    action: 'sale.view_card_code',
    targetType: 'sale',
    targetId: sale.id,
    after: { customer_id: sale.userId },
    ip,
  });
  return code;
}
