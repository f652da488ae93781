import { and, asc, count, desc, eq, gt, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { errorCodes, notificationTexts, parseTransactionId } from '@wise/shared';
import { cardCodeSkeleton } from '@wise/shared/card-codes';
import {
  adminCustomerMessages,
  CUSTOMER_DETAIL_BILL_ORDERS,
  CUSTOMER_DETAIL_GEM_LINES,
  CUSTOMER_DETAIL_SALES,
  pinResetEmail,
  type AdminCustomerDetail,
  type AdminCustomerPage,
  type AdminCustomerSearchSale,
  type AdminCustomerSummary,
  type CustomerLockState,
} from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import {
  bankDetails,
  banks,
  billOrders,
  gemAccounts,
  gemEntries,
  gemEntryLines,
  sales,
  sessions,
  transactionPins,
  users,
} from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { DomainError, notFound } from '../errors';
import { forgetUserSessions } from '../auth/session-cache';
import { getHeldGems } from '../gems/holds';
import { getGemBalance } from '../gems/ledger';
import { enqueueEmail } from '../notifications/email';
import { notify } from '../notifications/notify';
import { getClaimableRewards } from '../rewards/rewards';
import type { StaffPrincipal } from '../staff/principal';
import { cardCodeHashes, cardCodeKeyring } from '../sales/card-codes';
import { recordStaffAction } from './audit';
import { decodeCursor, encodeCursor, likePattern } from './customers-paging';

/** Who acts and from where, for the audit line. */
export interface StaffRequest {
  staff: StaffPrincipal;
  ip?: string | null;
}

const customerNotFound = () => notFound(adminCustomerMessages.notFound);

// ---------------------------------------------------------------------------------------------
// Look-up
// ---------------------------------------------------------------------------------------------

/**
 * What a phone number typed by staff may look like in the stored +234… form: digits only, and a
 * local number's leading 0 stands for the country code, so 0803… also finds +234803….
 */
function phoneFragments(q: string): string[] {
  const digits = q.replace(/[\s()+-]/g, '');
  if (!/^\d{3,}$/.test(digits)) return [];
  return digits.startsWith('0') && digits.length > 3 ? [digits, digits.slice(1)] : [digits];
}

function searchCondition(q: string, saleOwners: readonly string[]): SQL | undefined {
  const pattern = likePattern(q);
  const phones = phoneFragments(q).map((digits) => like(users.phone, likePattern(digits)));
  const owners = saleOwners.length > 0 ? [inArray(users.id, [...saleOwners])] : [];
  return or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.username, pattern), ...phones, ...owners);
}

const SEARCH_SALES_MAX = 10;

/**
 * The sales `q` names exactly: a crypto transaction ID in any spelling its one form is read from
 * (docs/identifiers.md; sales_transaction_id_idx), or a gift-card code (its skeleton's keyed hash
 * under every configured key; sales_card_code_hash_idx). Oldest first.
 */
async function salesNamedBy(db: Db, q: string): Promise<AdminCustomerSearchSale[]> {
  const parsed = parseTransactionId(undefined, q);
  const transactionId = parsed.ok ? parsed.id : undefined;
  const byTransaction = transactionId === undefined ? undefined : eq(sales.transactionIdNormalized, transactionId);
  const byCode = cardCodeSkeleton(q).length >= 4 ? inArray(sales.cardCodeHash, cardCodeHashes(cardCodeKeyring(), q)) : undefined;
  if (!byTransaction && !byCode) return [];
  const rows = await db
    .select({
      id: sales.id,
      title: sales.title,
      status: sales.status,
      createdAt: sales.createdAt,
      transactionIdNormalized: sales.transactionIdNormalized,
      userId: users.id,
      fullName: users.fullName,
      username: users.username,
    })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.userId))
    .where(or(byTransaction, byCode))
    .orderBy(asc(sales.createdAt), asc(sales.id))
    .limit(SEARCH_SALES_MAX);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    matched: row.transactionIdNormalized !== null && row.transactionIdNormalized === transactionId ? 'transaction_id' : 'card_code',
    customer: { id: row.userId, full_name: row.fullName, username: row.username },
  }));
}

/**
 * Customers whose name, e-mail, username or phone contains `q` (any case), newest accounts first,
 * keyset-paged on (created_at, id). Without `q`, every customer. Each contains-match is answered by
 * its column's trigram index (0042, docs/decisions.md §2.14), so a search reads the customers it
 * matches, then sorts them. A fragment too short for a trigram (1–2 characters) is left to the
 * planner, which reads the list in order until a page is full: every customer, if few match.
 */
export async function searchCustomers(db: Db, params: { q?: string; cursor?: string; limit: number }): Promise<AdminCustomerPage> {
  const q = params.q?.trim();
  const after = params.cursor ? decodeCursor(params.cursor) : undefined;
  const named = q ? await salesNamedBy(db, q) : [];
  const conditions = [
    q ? searchCondition(q, [...new Set(named.map((sale) => sale.customer.id))]) : undefined,
    after ? sql`(${users.createdAt}, ${users.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
  ];
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      username: users.username,
      email: users.email,
      phone: users.phone,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      // The exact stored instant (microseconds) for the cursor; a JS Date would round it.
      createdAtText: sql<string>`${users.createdAt}::text`,
      lockedAt: users.lockedAt,
      closedAt: users.closedAt,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    items: page.map(summaryOf),
    next_cursor: rows.length > params.limit && last ? encodeCursor({ at: last.createdAtText, id: last.id }) : null,
    sales: named,
  };
}

function summaryOf(row: {
  id: string;
  fullName: string;
  username: string;
  email: string;
  phone: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  lockedAt: Date | null;
  closedAt: Date | null;
}): AdminCustomerSummary {
  return {
    id: row.id,
    full_name: row.fullName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    email_verified: row.emailVerifiedAt !== null,
    created_at: row.createdAt.toISOString(),
    locked: row.lockedAt !== null,
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

async function customerBank(db: Db, userId: string): Promise<AdminCustomerDetail['bank']> {
  const [row] = await db
    .select({
      bankCode: bankDetails.bankCode,
      bankName: banks.name,
      accountNumber: bankDetails.accountNumber,
      accountName: bankDetails.accountName,
    })
    .from(bankDetails)
    .innerJoin(banks, eq(banks.code, bankDetails.bankCode))
    .where(eq(bankDetails.userId, userId))
    .limit(1);
  return row
    ? { bank_code: row.bankCode, bank_name: row.bankName, account_number: row.accountNumber, account_name: row.accountName }
    : null;
}

async function hasPin(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: transactionPins.userId }).from(transactionPins).where(eq(transactionPins.userId, userId)).limit(1);
  return rows.length > 0;
}

async function activeSessionCount(db: Db, clock: Clock, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, clock.now())));
  return row?.n ?? 0;
}

/** The customer's latest sales, newest first. */
async function recentSales(db: Db, userId: string): Promise<AdminCustomerDetail['sales']> {
  const rows = await db
    .select({
      id: sales.id,
      kind: sales.kind,
      title: sales.title,
      status: sales.status,
      valueKobo: sales.valueKobo,
      payoutAmountKobo: sales.payoutAmountKobo,
      rejectionReason: sales.rejectionReason,
      createdAt: sales.createdAt,
      decidedAt: sales.decidedAt,
      paidAt: sales.paidAt,
    })
    .from(sales)
    .where(eq(sales.userId, userId))
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(CUSTOMER_DETAIL_SALES);
  return rows.map((s) => ({
    id: s.id,
    kind: s.kind,
    title: s.title,
    status: s.status,
    value_kobo: s.valueKobo,
    payout_amount_kobo: s.payoutAmountKobo,
    rejection_reason: s.rejectionReason,
    created_at: s.createdAt.toISOString(),
    decided_at: iso(s.decidedAt),
    paid_at: iso(s.paidAt),
  }));
}

/** The customer's latest bill orders, newest first. */
async function recentBillOrders(db: Db, userId: string): Promise<AdminCustomerDetail['bill_orders']> {
  const rows = await db
    .select()
    .from(billOrders)
    .where(eq(billOrders.userId, userId))
    .orderBy(desc(billOrders.createdAt), desc(billOrders.id))
    .limit(CUSTOMER_DETAIL_BILL_ORDERS);
  return rows.map((o) => ({
    id: o.id,
    kind: o.kind,
    status: o.status,
    service: o.service,
    amount: o.amount,
    plan_name: o.planName,
    phone: o.phone,
    customer_id: o.customerId,
    provider_message: o.providerMessage,
    created_at: o.createdAt.toISOString(),
    settled_at: iso(o.settledAt),
  }));
}

/** The latest lines of the customer's own gem accounts, newest first. */
async function recentGemLines(db: Db, userId: string): Promise<AdminCustomerDetail['gem_lines']> {
  const rows = await db
    .select({
      id: gemEntryLines.id,
      entryId: gemEntries.id,
      reason: gemEntries.reason,
      account: gemAccounts.kind,
      amount: gemEntryLines.amount,
      memo: gemEntries.memo,
      createdAt: gemEntries.createdAt,
    })
    .from(gemEntryLines)
    .innerJoin(gemAccounts, eq(gemAccounts.id, gemEntryLines.accountId))
    .innerJoin(gemEntries, eq(gemEntries.id, gemEntryLines.entryId))
    .where(eq(gemAccounts.userId, userId))
    .orderBy(desc(gemEntries.createdAt), desc(gemEntryLines.id))
    .limit(CUSTOMER_DETAIL_GEM_LINES);
  return rows.flatMap((l) =>
    // Only the customer's own accounts are joined; the guard keeps the type honest.
    l.account === 'system'
      ? []
      : [
          {
            id: l.id,
            entry_id: l.entryId,
            reason: l.reason,
            account: l.account,
            amount: l.amount,
            memo: l.memo,
            created_at: l.createdAt.toISOString(),
          },
        ],
  );
}

/** Everything a reviewer needs to help one customer (docs/decisions.md §8). */
export async function getCustomerDetail(db: Db, clock: Clock, userId: string): Promise<AdminCustomerDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw customerNotFound();

  const [bank, balance, held, claimable, pin, activeSessions, saleItems, billOrderItems, gemLines] = await Promise.all([
    customerBank(db, userId),
    getGemBalance(db, userId),
    getHeldGems(db, userId),
    getClaimableRewards(db, userId),
    hasPin(db, userId),
    activeSessionCount(db, clock, userId),
    recentSales(db, userId),
    recentBillOrders(db, userId),
    recentGemLines(db, userId),
  ]);

  return {
    profile: {
      ...summaryOf(user),
      gender: user.gender,
      address: user.address,
      date_of_birth: user.dateOfBirth,
    },
    bank,
    gems: { balance, held, claimable_rewards: claimable },
    has_pin: pin,
    lock: user.lockedAt && user.lockedReason ? { locked_at: user.lockedAt.toISOString(), reason: user.lockedReason } : null,
    active_sessions: activeSessions,
    sales: saleItems,
    bill_orders: billOrderItems,
    gem_lines: gemLines,
  };
}

// ---------------------------------------------------------------------------------------------
// Lock, unlock, PIN reset (admins; the route checks the authenticator code first)
// ---------------------------------------------------------------------------------------------

/** Reads the customer under a row lock, so two staff acting at once are serialised. */
async function lockCustomerRow(tx: Db, userId: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, lockedAt: users.lockedAt, lockedReason: users.lockedReason })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw customerNotFound();
  return user;
}

/**
 * Locks the account: from this commit the customer cannot log in (403 ACCOUNT_LOCKED, told to
 * contact support) and every session of theirs is gone. A password reset does not undo it.
 */
export async function lockCustomer(
  db: Db,
  clock: Clock,
  by: StaffRequest,
  input: { userId: string; reason: string },
): Promise<CustomerLockState> {
  const reason = input.reason.trim();
  return db.transaction(async (tx) => {
    const user = await lockCustomerRow(tx, input.userId);
    if (user.lockedAt) throw new DomainError(errorCodes.conflict, adminCustomerMessages.alreadyLocked, 409);
    const now = clock.now();
    await tx.update(users).set({ lockedAt: now, lockedReason: reason }).where(eq(users.id, user.id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ idHash: sessions.idHash });
    // Refused at once on every instance, not when a cached session would have lapsed.
    await forgetUserSessions(user.id);
    await recordStaffAction(tx, clock, by.staff, {
      action: 'customer.lock',
      targetType: 'customer',
      targetId: user.id,
      before: { locked: false },
      after: { locked: true, locked_at: now.toISOString(), reason, sessions_ended: ended.length },
      note: reason,
      ip: by.ip,
    });
    return { id: user.id, lock: { locked_at: now.toISOString(), reason }, sessions_ended: ended.length };
  });
}

/** Lets the customer log in again (their old sessions stay ended). */
export async function unlockCustomer(db: Db, clock: Clock, by: StaffRequest, input: { userId: string }): Promise<CustomerLockState> {
  return db.transaction(async (tx) => {
    const user = await lockCustomerRow(tx, input.userId);
    if (!user.lockedAt) throw new DomainError(errorCodes.conflict, adminCustomerMessages.notLocked, 409);
    await tx.update(users).set({ lockedAt: null, lockedReason: null }).where(eq(users.id, user.id));
    await recordStaffAction(tx, clock, by.staff, {
      action: 'customer.unlock',
      targetType: 'customer',
      targetId: user.id,
      before: { locked: true, locked_at: user.lockedAt.toISOString(), reason: user.lockedReason },
      after: { locked: false },
      ip: by.ip,
    });
    return { id: user.id, lock: null, sessions_ended: 0 };
  });
}

/**
 * Deletes the customer's PIN (they forgot it, or it was set by someone else). They are told in
 * the app and by e-mail, in the same transaction, and set a new one on the usual PIN screen:
 * with no PIN the dashboard asks for one and every PIN-protected action sends them there.
 */
export async function resetCustomerPin(db: Db, clock: Clock, by: StaffRequest, input: { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockCustomerRow(tx, input.userId);
    const deleted = await tx
      .delete(transactionPins)
      .where(eq(transactionPins.userId, user.id))
      .returning({ lockedUntil: transactionPins.lockedUntil });
    const pin = deleted[0];
    if (!pin) throw new DomainError(errorCodes.conflict, adminCustomerMessages.noPin, 409);
    await notify(tx, user.id, notificationTexts.pinResetBySupport, { topic: 'pin' });
    await enqueueEmail(tx, clock, { to: user.email, subject: pinResetEmail.subject, text: pinResetEmail.text });
    await recordStaffAction(tx, clock, by.staff, {
      action: 'customer.pin_reset',
      targetType: 'customer',
      targetId: user.id,
      before: { has_pin: true, pin_locked_until: iso(pin.lockedUntil) },
      after: { has_pin: false },
      ip: by.ip,
    });
  });
}
