import { aliasedTable, and, asc, desc, eq, sql } from 'drizzle-orm';
import { COINS, customerEmailTexts, depositNoticeTexts, textsIn, type CoinId } from '@wise/shared';
import {
  type DepositDeskItem,
  type DepositDeskReason,
  type DepositDeskView,
  DEPOSIT_DESK_REASONS,
  depositDeskErrorCodes,
  depositDeskMessages,
} from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { chainDeposits, cryptoQuotes, sales, staff, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { recordStaffAction } from '../admin/audit';
import { getPayoutSnapshot } from '../bank/service';
import { createQuote, type QuoteDeps } from '../crypto/quotes';
import { DomainError, notFound } from '../errors';
import { publishInProcess } from '../events/hub';
import { enqueueEmail } from '../notifications/email';
import { enqueuePush } from '../push/notify';
import type { StaffPrincipal } from '../staff/principal';
import { saleTxid, explorerUrl, truncateDecimal } from './policy';
import { coinOf } from './record';
import { insertDepositSale } from './settle';
import { depositCoin } from './view';

/**
 * The desk for deposits the watcher could not sell by itself (docs/crypto-settlement.md, "Deposits
 * that wait for a person"). A reviewer prices one into a sale at today's rate — a sale that then
 * waits at the review desk for someone else's approval (0058 refuses the pricer's and the system
 * approver's) — or closes it with the reason the customer reads. Both are audited.
 */

export interface DeskDeps {
  clock: Clock;
  quotes: QuoteDeps;
  bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest';
  /** For the link in the customer's e-mail. */
  appUrl?: string;
}

export interface DeskCall {
  staff: StaffPrincipal;
  ip: string;
}

const DESK_LISTED = 100;

type DepositRow = typeof chainDeposits.$inferSelect;

const cannotPrice = (message: string) => new DomainError(depositDeskErrorCodes.cannotPrice, message, 409);
const notWaiting = () => new DomainError(depositDeskErrorCodes.notWaiting, depositDeskMessages.notWaiting, 409);

const deskReason = (reason: string | null): DepositDeskReason | null =>
  (DEPOSIT_DESK_REASONS as readonly string[]).includes(reason ?? '') ? (reason as DepositDeskReason) : null;

interface HolderSale {
  id: string;
  status: string;
  userId: string;
}

/** The sale that already holds the deposit's transaction ID (one sale per ID and coin, 0017/0044), if any. */
async function holderSale(db: Db, deposit: DepositRow): Promise<HolderSale | null> {
  const coin = coinOf({ asset: deposit.asset, network: deposit.network });
  if (coin === null) return null;
  const [row] = await db
    .select({ id: sales.id, status: sales.status, userId: sales.userId })
    .from(sales)
    .where(and(sql`${sales.coin} = ${coin}`, eq(sales.transactionIdNormalized, saleTxid(deposit.network, deposit.txid))))
    .limit(1);
  return row ?? null;
}

interface PriceCheck {
  deposit: DepositRow;
  customerClosed: boolean;
  holder: HolderSale | null;
  hasBankDetails: boolean;
}

/** Why a deposit cannot be priced now, in the words the desk shows; null when it can. */
function priceRefusal({ deposit, customerClosed, holder, hasBankDetails }: PriceCheck): string | null {
  if (deposit.status !== 'review' || deposit.saleId !== null)
    return deposit.status === 'held' ? depositDeskMessages.belowMinimum : depositDeskMessages.notWaiting;
  if (coinOf({ asset: deposit.asset, network: deposit.network }) === null) return depositDeskMessages.notGenuine;
  if (deposit.confirmations < deposit.requiredConfirmations)
    return depositDeskMessages.unconfirmed(deposit.confirmations, deposit.requiredConfirmations);
  if (customerClosed) return depositDeskMessages.accountClosed;
  if (holder) return depositDeskMessages.transactionIdHeld;
  if (!hasBankDetails) return depositDeskMessages.noBankDetails;
  return null;
}

const closer = aliasedTable(staff, 'closer');

/** GET /api/admin/crypto/deposits: review and held oldest first (the longest wait on top), closed newest first. */
export async function listDeskDeposits(db: Db, deps: DeskDeps, view: DepositDeskView): Promise<DepositDeskItem[]> {
  const rows = await db
    .select({
      deposit: chainDeposits,
      customer: { id: users.id, name: users.fullName, email: users.email, closedAt: users.closedAt },
      closer: { id: closer.id, name: closer.name },
    })
    .from(chainDeposits)
    .innerJoin(users, eq(users.id, chainDeposits.userId))
    .leftJoin(closer, eq(closer.id, chainDeposits.decidedBy))
    .where(eq(chainDeposits.status, view))
    .orderBy(view === 'closed' ? desc(chainDeposits.decidedAt) : asc(chainDeposits.firstSeenAt), asc(chainDeposits.id))
    .limit(DESK_LISTED);
  return Promise.all(
    rows.map(async ({ deposit, customer, closer: closedBy }) => {
      const holder = await holderSale(db, deposit);
      const hasBankDetails = view === 'review' ? (await getPayoutSnapshot(db, deposit.userId)) !== undefined : false;
      const refusal = priceRefusal({ deposit, customerClosed: customer.closedAt !== null, holder, hasBankDetails });
      return deskItem(deposit, deps, {
        customer: { id: customer.id, name: customer.name, email: customer.email, closed: customer.closedAt !== null },
        holder: holder ? { id: holder.id, status: holder.status, same_customer: holder.userId === deposit.userId } : null,
        refusal,
        closedBy: deposit.status === 'closed' && closedBy ? closedBy : null,
      });
    }),
  );
}

function deskItem(
  deposit: DepositRow,
  deps: Pick<DeskDeps, 'bitcoinNetwork'>,
  extra: {
    customer: DepositDeskItem['customer'];
    holder: DepositDeskItem['holder_sale'];
    refusal: string | null;
    closedBy: { id: string; name: string } | null;
  },
): DepositDeskItem {
  return {
    id: deposit.id,
    status: deposit.status as DepositDeskItem['status'],
    reason: deskReason(deposit.reviewReason),
    customer: extra.customer,
    network: deposit.network,
    coin: depositCoin(deposit.asset, deposit.network),
    genuine: coinOf({ asset: deposit.asset, network: deposit.network }) !== null,
    contract: deposit.contract,
    amount: deposit.amount,
    amount_base: deposit.amountBase,
    txid: deposit.txid,
    explorer_url: explorerUrl(deposit.network, deposit.txid, deps.bitcoinNetwork),
    address: deposit.address,
    sender: deposit.sender,
    confirmations: deposit.confirmations,
    required_confirmations: deposit.requiredConfirmations,
    block_number: deposit.blockNumber?.toString() ?? null,
    block_time: deposit.blockTime?.toISOString() ?? null,
    first_seen_at: deposit.firstSeenAt.toISOString(),
    confirmed_at: deposit.confirmedAt?.toISOString() ?? null,
    holder_sale: extra.holder,
    can_price: extra.refusal === null,
    price_refusal: extra.refusal,
    closed_by: extra.closedBy,
    closed_at: deposit.status === 'closed' ? (deposit.decidedAt?.toISOString() ?? null) : null,
    close_note: deposit.closeNote,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lockedDeposit(tx: Db, id: string): Promise<DepositRow> {
  if (!UUID.test(id)) throw notFound(depositDeskMessages.notWaiting);
  const [deposit] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, id)).for('update');
  if (!deposit) throw notFound(depositDeskMessages.notWaiting);
  return deposit;
}

/**
 * POST /api/admin/crypto/deposits/:id/price: a quote at today's rate for what arrived (cut to the
 * coin's decimals), the deposit priced by it in the pricer's name, and its sale, waiting at the
 * desk. One transaction under the deposit's row lock: a second click, or a colleague's, finds it
 * settled.
 */
export async function priceDeposit(db: Db, deps: DeskDeps, call: DeskCall, id: string) {
  return db.transaction(async (tx) => {
    const deposit = await lockedDeposit(tx, id);
    if (deposit.status !== 'review' && deposit.status !== 'held') throw notWaiting();
    const [customer] = await tx.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, deposit.userId));
    const holder = await holderSale(tx, deposit);
    const snapshot = await getPayoutSnapshot(tx, deposit.userId);
    const refusal = priceRefusal({
      deposit,
      customerClosed: !customer || customer.closedAt !== null,
      holder,
      hasBankDetails: snapshot !== undefined,
    });
    const coin = coinOf({ asset: deposit.asset, network: deposit.network });
    if (refusal !== null || coin === null || snapshot === undefined) throw cannotPrice(refusal ?? depositDeskMessages.notGenuine);
    const quote = await quoteToday(tx, deps, deposit.userId, coin, truncateDecimal(deposit.amount, COINS[coin].decimals));
    const now = deps.clock.now();
    await tx
      .update(chainDeposits)
      .set({ pricing: 'review', quoteId: quote.id, valueKobo: quote.valueKobo, decidedBy: call.staff.id, decidedAt: now })
      .where(eq(chainDeposits.id, deposit.id));
    const sale = await insertDepositSale(tx, deps.clock, { deposit, quoteRow: quote, snapshot, reviewReason: deposit.reviewReason });
    await recordStaffAction(tx, deps.clock, call.staff, {
      action: 'deposit.price',
      targetType: 'chain_deposit',
      targetId: deposit.id,
      before: { status: deposit.status, review_reason: deposit.reviewReason },
      after: { status: 'settled', sale_id: sale.id, quote_id: quote.id, coin_amount: quote.amount, value_kobo: sale.valueKobo },
      ip: call.ip,
    });
    return { sale: { id: sale.id, value_kobo: sale.valueKobo, coin_amount: quote.amount } };
  });
}

/** Today's quote for the deposit, in a savepoint so a refusal (stale prices, too large) answers in the desk's words. */
async function quoteToday(tx: Db, deps: DeskDeps, userId: string, coin: CoinId, amount: string) {
  let quoteId: string;
  try {
    quoteId = (await tx.transaction((sp) => createQuote(sp, deps.quotes, userId, { coin, amount }))).id;
  } catch (error) {
    if (error instanceof DomainError && error.status === 400) throw cannotPrice(depositDeskMessages.tooLarge);
    if (error instanceof DomainError) throw cannotPrice(depositDeskMessages.ratesUnavailable);
    throw error;
  }
  const [row] = await tx.select().from(cryptoQuotes).where(eq(cryptoQuotes.id, quoteId));
  if (!row) throw new Error('the desk quote just made is missing');
  return row;
}

/** POST /api/admin/crypto/deposits/:id/close: no sale, the reason for the customer, who and when. */
export async function closeDeposit(db: Db, deps: DeskDeps, call: DeskCall, id: string, note: string): Promise<DepositDeskItem> {
  return db.transaction(async (tx) => {
    const deposit = await lockedDeposit(tx, id);
    if ((deposit.status !== 'review' && deposit.status !== 'held') || deposit.saleId !== null) throw notWaiting();
    const now = deps.clock.now();
    const [closed] = await tx
      .update(chainDeposits)
      .set({ status: 'closed', closeNote: note, decidedBy: call.staff.id, decidedAt: now })
      .where(eq(chainDeposits.id, deposit.id))
      .returning();
    if (!closed) throw notWaiting();
    await recordStaffAction(tx, deps.clock, call.staff, {
      action: 'deposit.close',
      targetType: 'chain_deposit',
      targetId: deposit.id,
      before: { status: deposit.status, review_reason: deposit.reviewReason },
      after: { status: 'closed' },
      note,
      ip: call.ip,
    });
    publishInProcess(deposit.userId, { type: 'deposit', id: deposit.id });
    const [customer] = await tx
      .select({ id: users.id, name: users.fullName, email: users.email, closedAt: users.closedAt, language: users.language })
      .from(users)
      .where(eq(users.id, deposit.userId));
    if (!customer) throw new Error(`deposit ${deposit.id} has no customer`);
    if (!customer.closedAt) await tellClosed(tx, deps, { ...customer, deposit: closed });
    return deskItem(closed, deps, {
      customer: { id: customer.id, name: customer.name, email: customer.email, closed: customer.closedAt !== null },
      holder: null,
      refusal: depositDeskMessages.notWaiting,
      closedBy: { id: call.staff.id, name: call.staff.name },
    });
  });
}

/** The push and the e-mail "we could not buy it", with the reviewer's reason, in the customer's language. */
async function tellClosed(
  tx: Db,
  deps: DeskDeps,
  customer: { id: string; name: string; email: string; language: Parameters<typeof textsIn>[1]; deposit: DepositRow },
) {
  const { deposit } = customer;
  const coin = depositCoin(deposit.asset, deposit.network);
  const symbol = COINS[coin].symbol;
  const said = deposit.closeNote ?? '';
  const note = /[.!?]$/.test(said) ? said : `${said}.`;
  const url = `/sellcrypto/cryptocatalogue/${coin}/walletaddress`;
  await enqueuePush(
    tx,
    deps.clock,
    customer.id,
    {
      title: (language) => textsIn(depositNoticeTexts, language).closedTitle,
      message: (language) => textsIn(depositNoticeTexts, language).closed(deposit.amount, symbol, note),
      url,
      tag: `deposit:${deposit.txid}`,
    },
    customer.language,
  );
  const texts = textsIn(depositNoticeTexts, customer.language);
  const t = textsIn(customerEmailTexts, customer.language);
  await enqueueEmail(tx, deps.clock, {
    to: customer.email,
    subject: texts.closedSubject(symbol),
    text: [
      t.hello(customer.name),
      '',
      texts.closed(deposit.amount, symbol, note),
      ...(deps.appUrl ? ['', `${deps.appUrl.replace(/\/$/, '')}${url}`] : []),
      '',
      t.signature,
    ].join('\n'),
  });
}
