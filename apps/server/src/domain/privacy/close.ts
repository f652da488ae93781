import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { accountClosedEmail, privacyErrorCodes, privacyMessages, textsIn } from '@wise/shared';
import type { Db } from '#server/db/client';
import {
  bankDetails,
  billOrders,
  gemHolds,
  identityDocumentReviews,
  loginLockouts,
  notifications,
  otpCodes,
  passkeyChallenges,
  passkeys,
  passwordResetTokens,
  payouts,
  pushSubscriptions,
  rateAlerts,
  reauthentications,
  sales,
  sessions,
  staffAuditLog,
  transactionPins,
  uploads,
  users,
} from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import type { FileStore } from '#server/providers/file-store/index';
import { forgetUserSessions } from '../auth/session-cache';
import { DomainError, notFound } from '../errors';
import { getUserAccountBalance, lockUserAccount, postEntry, systemAccountId } from '../gems/ledger';
import { enqueueEmail } from '../notifications/email';
import { markRewardsForfeited } from '../rewards/rewards';
import { dropExports } from './export';

/**
 * "Delete my account" (docs/features.md, "Your data (NDPA 2023)"; docs/decisions.md §3.16 and §4.9). Refused
 * while money is still moving; otherwise, in one transaction: the gems left are forfeited by a
 * balanced entry, every eraser runs, the personal fields are replaced, `closed_at` is set (from
 * then on the database refuses the account a session, sale, bill order or device) and the
 * closure is written to the audit log. The stored photos are deleted after the commit.
 */

/** Why the account cannot close now: the first open item found, or null. A feature with open work adds a blocker. */
export type CloseBlocker = (db: Db, userId: string) => Promise<string | null>;

const openPayout: CloseBlocker = async (db, userId) => {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .innerJoin(sales, eq(sales.id, payouts.saleId))
    .where(and(eq(sales.userId, userId), inArray(payouts.status, ['queued', 'sending', 'pending', 'needs_review'])))
    .limit(1);
  return row ? privacyMessages.closeBlockedPayout : null;
};

const openSale: CloseBlocker = async (db, userId) => {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.userId, userId), inArray(sales.status, ['submitted', 'under_review', 'approved'])))
    .limit(1);
  return row ? privacyMessages.closeBlockedSale : null;
};

const openBill: CloseBlocker = async (db, userId) => {
  const [order] = await db
    .select({ id: billOrders.id })
    .from(billOrders)
    .where(and(eq(billOrders.userId, userId), eq(billOrders.status, 'processing')))
    .limit(1);
  const [hold] = await db
    .select({ id: gemHolds.id })
    .from(gemHolds)
    .where(and(eq(gemHolds.userId, userId), eq(gemHolds.status, 'pending')))
    .limit(1);
  return order || hold ? privacyMessages.closeBlockedBill : null;
};

const openIdReview: CloseBlocker = async (db, userId) => {
  const [row] = await db
    .select({ id: identityDocumentReviews.id })
    .from(identityDocumentReviews)
    .where(and(eq(identityDocumentReviews.userId, userId), eq(identityDocumentReviews.status, 'pending')))
    .limit(1);
  return row ? privacyMessages.closeBlockedIdReview : null;
};

export const closeBlockers: CloseBlocker[] = [openPayout, openSale, openBill, openIdReview];

export async function closeBlockedReason(db: Db, userId: string): Promise<string | null> {
  for (const blocker of closeBlockers) {
    const reason = await blocker(db, userId);
    if (reason) return reason;
  }
  return null;
}

export interface EraseResult {
  /** Files to delete from the store once the transaction has committed. */
  storageKeys: string[];
}

/**
 * One feature's part of the erasure, run inside the closing transaction. Records the law requires
 * (amounts, references, dates) are kept; what only identifies the person goes. Verification
 * records join here at merge time.
 */
export interface Eraser {
  name: string;
  erase(tx: Db, userId: string): Promise<EraseResult>;
}

const signInEraser: Eraser = {
  name: 'sign-in',
  async erase(tx, userId) {
    await tx.delete(reauthentications).where(eq(reauthentications.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(loginLockouts).where(eq(loginLockouts.userId, userId));
    // The passkeys go too: their device names and keys are of no use once nobody can sign in.
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
    await tx.delete(transactionPins).where(eq(transactionPins.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    // Rate alerts would otherwise notify an account nobody can open (docs/features.md, "Rates and alerts").
    await tx.delete(rateAlerts).where(eq(rateAlerts.userId, userId));
    // Notices can quote an e-mail address or phone number; the records they point at stay.
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await dropExports(tx, userId);
    return { storageKeys: [] };
  },
};

const bankEraser: Eraser = {
  name: 'bank details',
  async erase(tx, userId) {
    // The saved account goes; each payout keeps the account it paid (a transfer record).
    await tx.delete(bankDetails).where(eq(bankDetails.userId, userId));
    return { storageKeys: [] };
  },
};

const filesEraser: Eraser = {
  name: 'photos',
  async erase(tx, userId) {
    // The rows stay (sale images refer to them and are append-only); the files go after the commit.
    const rows = await tx.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.userId, userId));
    return { storageKeys: rows.map((row) => row.key) };
  },
};

const idDocumentsEraser: Eraser = {
  name: 'ID documents',
  async erase(tx, userId) {
    // The decided request and its verdict stay (the identity record); the ID and selfie photos go
    // now rather than at the end of their retention time.
    const decided = and(
      eq(identityDocumentReviews.userId, userId),
      ne(identityDocumentReviews.status, 'pending'),
      isNull(identityDocumentReviews.imagesDeletedAt),
    );
    const rows = await tx
      .select({ front: identityDocumentReviews.frontKey, back: identityDocumentReviews.backKey, selfie: identityDocumentReviews.selfieKey })
      .from(identityDocumentReviews)
      .where(decided);
    if (rows.length > 0) {
      await tx
        .update(identityDocumentReviews)
        .set({ frontKey: null, backKey: null, selfieKey: null, imagesDeletedAt: sql`now()` })
        .where(decided);
    }
    return { storageKeys: rows.flatMap((row) => [row.front, row.back, row.selfie].filter((key): key is string => key !== null)) };
  },
};

export const erasers: Eraser[] = [signInEraser, bankEraser, filesEraser, idDocumentsEraser];

export const closeErrors = {
  blocked: (reason: string) => new DomainError(privacyErrorCodes.closeBlocked, reason, 409),
};

export interface CloseDeps {
  clock: Clock;
  store: FileStore;
  onCleanupError: (error: unknown) => void;
}

export interface ClosedAccount {
  gemsForfeited: number;
  rewardsForfeited: number;
}

/** Forfeits what is left on both gem accounts into `account_closures` (balanced; idempotent by key). */
async function forfeitGems(tx: Db, clock: Clock, userId: string): Promise<ClosedAccount> {
  const closures = await systemAccountId(tx, 'account_closures');
  const result = { gemsForfeited: 0, rewardsForfeited: 0 };
  for (const kind of ['available', 'rewards'] as const) {
    if ((await getUserAccountBalance(tx, userId, kind)) <= 0) continue;
    const { accountId, balance } = await lockUserAccount(tx, userId, kind);
    if (balance <= 0) continue;
    const posted = await postEntry(tx, {
      idempotencyKey: `closure:${userId}:${kind}`,
      reason: 'account_closure',
      userId,
      memo: kind === 'available' ? 'Account closed: gems forfeited' : 'Account closed: unclaimed rewards forfeited',
      at: clock.now(),
      lines: [
        { accountId, amount: -balance },
        { accountId: closures, amount: balance },
      ],
    });
    if (kind === 'available') result.gemsForfeited = balance;
    else {
      result.rewardsForfeited = balance;
      // Each reward says it was forfeited here: a later reversal of its sale takes nothing back twice.
      await markRewardsForfeited(tx, userId, posted.entryId);
    }
  }
  return result;
}

/** The caller has checked the password (and PIN): this closes the account for good. */
export async function closeAccount(db: Db, deps: CloseDeps, userId: string, ip: string | null): Promise<ClosedAccount> {
  const { closed, storageKeys } = await db.transaction(async (tx) => {
    // The row lock serialises a closure against a sale or bill order being started at the same moment.
    const [user] = await tx
      .select({ email: users.email, closedAt: users.closedAt, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || user.closedAt) throw notFound();
    const blocked = await closeBlockedReason(tx, userId);
    if (blocked) throw closeErrors.blocked(blocked);
    const forfeited = await forfeitGems(tx, deps.clock, userId);
    const keys: string[] = [];
    for (const eraser of erasers) keys.push(...(await eraser.erase(tx, userId)).storageKeys);
    const now = deps.clock.now();
    // Placeholders that can never be typed at login (the shared rules refuse them), unique per account,
    // so the old e-mail, phone and username are free to sign up again.
    const tag = userId.replaceAll('-', '');
    await tx
      .update(users)
      .set({
        fullName: 'Closed account',
        username: `closed-${tag}`,
        email: `closed-${tag}@closed.invalid`,
        phone: `closed-${tag}`,
        passwordHash: '!',
        gender: null,
        address: null,
        dateOfBirth: null,
        photo: '',
        closedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.insert(staffAuditLog).values({
      staffId: null,
      actor: 'customer',
      action: 'customer.close_account',
      targetType: 'customer',
      targetId: userId,
      after: {
        closed_at: now.toISOString(),
        gems_forfeited: forfeited.gemsForfeited,
        rewards_forfeited: forfeited.rewardsForfeited,
        files_deleted: keys.length,
      },
      ip: ip ? ip.slice(0, 100) : null,
      at: now,
    });
    // The goodbye goes to the address the account had: the last message it will get.
    const goodbye = textsIn(accountClosedEmail, user.language);
    await enqueueEmail(tx, deps.clock, { to: user.email, subject: goodbye.subject, text: goodbye.text });
    return { closed: forfeited, storageKeys: keys };
  });
  await forgetUserSessions(userId);
  await Promise.all(storageKeys.map((key) => deps.store.delete(key).catch(deps.onCleanupError)));
  return closed;
}
