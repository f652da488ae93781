import { asc, desc, eq, inArray } from 'drizzle-orm';
import { identityAnswerOf, maskAccountNumber } from '@wise/shared';
import type { Db } from '#server/db/client';
import {
  bankDetails,
  banks,
  billOrders,
  gemAccounts,
  gemEntries,
  gemEntryLines,
  identityChecks,
  identityDocumentReviews,
  notifications,
  payouts,
  pushSubscriptions,
  rateAlerts,
  saleImages,
  sales,
  sessions,
  uploads,
  users,
} from '#server/db/schema/index';

/**
 * What "Download my data" puts in the file, one section per feature (docs/decisions.md §3.15).
 * A feature that holds personal data adds its section here: `collect` answers plain JSON of
 * what the customer may see, never a secret (password or PIN hash, session token, card code,
 * storage key, identity number in clear).
 */
export interface ExportSection {
  name: string;
  collect(db: Db, userId: string): Promise<unknown>;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const naira = (kobo: number | null | undefined) => (kobo === null || kobo === undefined ? null : (kobo / 100).toFixed(2));

const profileSection: ExportSection = {
  name: 'profile',
  async collect(db, userId) {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return null;
    return {
      full_name: user.fullName,
      username: user.username,
      email: user.email,
      phone: user.phone,
      gender: user.gender,
      address: user.address,
      date_of_birth: user.dateOfBirth,
      profile_photo: user.photo ? 'A profile photo is on file' : null,
      email_verified_at: iso(user.emailVerifiedAt),
      created_at: iso(user.createdAt),
      verification_tier: user.kycTier,
    };
  },
};

const sessionsSection: ExportSection = {
  name: 'sessions',
  async collect(db, userId) {
    const rows = await db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt));
    return rows.map((row) => ({ signed_in_at: iso(row.createdAt), expires_at: iso(row.expiresAt) }));
  },
};

const devicesSection: ExportSection = {
  name: 'notification_devices',
  async collect(db, userId) {
    const rows = await db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    // The push service's host says which browser; the endpoint path and keys are secrets.
    return rows.map((row) => ({ push_service: new URL(row.endpoint).host, turned_on_at: iso(row.createdAt) }));
  },
};

const rateAlertsSection: ExportSection = {
  name: 'rate_alerts',
  async collect(db, userId) {
    const rows = await db.select().from(rateAlerts).where(eq(rateAlerts.userId, userId)).orderBy(desc(rateAlerts.createdAt));
    return rows.map((row) => ({
      watches: row.coin ? `coin:${row.coin}` : `gift card sub-category ${row.subcategoryId ?? ''}`,
      threshold_naira: naira(row.thresholdKobo),
      created_at: iso(row.createdAt),
      fired_at: iso(row.spentAt),
      fired_at_naira: naira(row.firedValueKobo),
    }));
  },
};

const salesSection: ExportSection = {
  name: 'sales',
  async collect(db, userId) {
    const rows = await db.select().from(sales).where(eq(sales.userId, userId)).orderBy(asc(sales.createdAt));
    const ids = rows.map((row) => row.id);
    const images = ids.length
      ? await db
          .select({
            saleId: saleImages.saleId,
            position: saleImages.position,
            contentType: uploads.contentType,
            sizeBytes: uploads.sizeBytes,
            createdAt: uploads.createdAt,
          })
          .from(saleImages)
          .innerJoin(uploads, eq(uploads.id, saleImages.uploadId))
          .where(inArray(saleImages.saleId, ids))
          .orderBy(asc(saleImages.position))
      : [];
    return rows.map((sale) => {
      const own = images.filter((image) => image.saleId === sale.id);
      return {
        id: sale.id,
        kind: sale.kind,
        title: sale.title,
        subcategory: sale.subcategoryLabel,
        status: sale.listStatus,
        currency: sale.currency,
        amount: sale.currencyAmount,
        rate: sale.exchangeRate,
        value_naira: naira(sale.valueKobo),
        paid_naira: naira(sale.payoutAmountKobo),
        coin: sale.coin,
        coin_amount: sale.coinAmount,
        transaction_id: sale.transactionId,
        card_code: sale.cardCodeCiphertext || sale.cardCode ? 'Provided; kept encrypted and not included' : null,
        comment: sale.comment,
        paid_to: { bank: sale.bankName, account_number: maskAccountNumber(sale.accountNumber), account_name: sale.accountName },
        rejection_reason: sale.rejectionMessage ?? sale.rejectionReason,
        payout_reference: sale.payoutReference,
        submitted_at: iso(sale.createdAt),
        paid_at: iso(sale.paidAt),
        images: own.map(
          (image) =>
            `Photo ${image.position + 1} of ${own.length}: ${image.contentType}, ${Math.ceil(image.sizeBytes / 1024)} KB, uploaded ${iso(image.createdAt)}`,
        ),
      };
    });
  },
};

const payoutsSection: ExportSection = {
  name: 'payouts',
  async collect(db, userId) {
    const rows = await db
      .select({ payout: payouts })
      .from(payouts)
      .innerJoin(sales, eq(sales.id, payouts.saleId))
      .where(eq(sales.userId, userId))
      .orderBy(asc(payouts.createdAt));
    return rows.map(({ payout }) => ({
      sale_id: payout.saleId,
      reference: payout.reference,
      status: payout.status,
      amount_naira: naira(payout.amountKobo),
      account_number: maskAccountNumber(payout.accountNumber),
      account_name: payout.accountName,
      failure_reason: payout.failureReason,
      started_at: iso(payout.createdAt),
      settled_at: iso(payout.settledAt),
      reversed_at: iso(payout.reversedAt),
    }));
  },
};

const billsSection: ExportSection = {
  name: 'bill_orders',
  async collect(db, userId) {
    const rows = await db.select().from(billOrders).where(eq(billOrders.userId, userId)).orderBy(asc(billOrders.createdAt));
    return rows.map((order) => ({
      id: order.id,
      kind: order.kind,
      status: order.status,
      service: order.service,
      amount_naira: order.amount,
      phone: order.phone,
      plan: order.planName,
      customer_number: order.customerId,
      meter_type: order.meterType,
      reference: order.requestId,
      token: order.token,
      units: order.units,
      message: order.message,
      ordered_at: iso(order.createdAt),
      settled_at: iso(order.settledAt),
    }));
  },
};

const gemsSection: ExportSection = {
  name: 'wise_gems',
  async collect(db, userId) {
    const accounts = await db
      .select({ id: gemAccounts.id, kind: gemAccounts.kind, balance: gemAccounts.balance })
      .from(gemAccounts)
      .where(eq(gemAccounts.userId, userId));
    const ids = accounts.map((account) => account.id);
    const lines = ids.length
      ? await db
          .select({
            at: gemEntries.createdAt,
            reason: gemEntries.reason,
            memo: gemEntries.memo,
            accountId: gemEntryLines.accountId,
            amount: gemEntryLines.amount,
          })
          .from(gemEntryLines)
          .innerJoin(gemEntries, eq(gemEntries.id, gemEntryLines.entryId))
          .where(inArray(gemEntryLines.accountId, ids))
          .orderBy(asc(gemEntries.seq))
      : [];
    const kindOf = new Map(accounts.map((account) => [account.id, account.kind]));
    return {
      balances: Object.fromEntries(accounts.map((account) => [account.kind, account.balance ?? 0])),
      ledger: lines.map((line) => ({
        at: iso(line.at),
        account: kindOf.get(line.accountId),
        change: line.amount,
        reason: line.reason,
        memo: line.memo,
      })),
    };
  },
};

const notificationsSection: ExportSection = {
  name: 'notifications',
  async collect(db, userId) {
    const rows = await db
      .select({ message: notifications.message, createdAt: notifications.createdAt, readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt));
    return rows.map((row) => ({ message: row.message, sent_at: iso(row.createdAt), read_at: iso(row.readAt) }));
  },
};

const bankSection: ExportSection = {
  name: 'bank_details',
  async collect(db, userId) {
    const [row] = await db
      .select({
        bank: banks.name,
        accountNumber: bankDetails.accountNumber,
        accountName: bankDetails.accountName,
        updatedAt: bankDetails.updatedAt,
      })
      .from(bankDetails)
      .innerJoin(banks, eq(banks.code, bankDetails.bankCode))
      .where(eq(bankDetails.userId, userId))
      .limit(1);
    // Masked as the bank details screen shows it.
    return row
      ? {
          bank: row.bank,
          account_number: maskAccountNumber(row.accountNumber),
          account_name: row.accountName,
          updated_at: iso(row.updatedAt),
        }
      : null;
  },
};

/** Every section, in the file's order. Verification records join here at merge time. */
/** Identity checks as the customer saw them: the kind and last four digits, never the number (sealed or hashed). */
const verificationSection: ExportSection = {
  name: 'identity_verification',
  async collect(db, userId) {
    const rows = await db
      .select({
        kind: identityChecks.kind,
        outcome: identityChecks.outcome,
        last4: identityChecks.numberLast4,
        verifiedName: identityChecks.verifiedName,
        verifiedDob: identityChecks.verifiedDob,
        createdAt: identityChecks.createdAt,
      })
      .from(identityChecks)
      .where(eq(identityChecks.userId, userId))
      .orderBy(desc(identityChecks.createdAt));
    return rows.map((row) => ({
      kind: row.kind,
      number_ending: row.last4,
      // What the customer was told (docs/identity.md, "One answer"): the export is no oracle either.
      outcome: row.outcome === 'pending' ? row.outcome : identityAnswerOf(row.outcome),
      name_on_record: row.verifiedName,
      date_of_birth_on_record: row.verifiedDob,
      checked_at: iso(row.createdAt),
    }));
  },
};

/** ID document reviews: what was decided and why, the photos described, never their storage keys. */
const documentReviewsSection: ExportSection = {
  name: 'id_document_reviews',
  async collect(db, userId) {
    const rows = await db
      .select({
        status: identityDocumentReviews.status,
        imagesDeletedAt: identityDocumentReviews.imagesDeletedAt,
        verdict: identityDocumentReviews.verdict,
        rejectReason: identityDocumentReviews.rejectReason,
        reviewedAt: identityDocumentReviews.reviewedAt,
        createdAt: identityDocumentReviews.createdAt,
      })
      .from(identityDocumentReviews)
      .where(eq(identityDocumentReviews.userId, userId))
      .orderBy(desc(identityDocumentReviews.createdAt));
    return rows.map((row) => ({
      status: row.status,
      photos: row.imagesDeletedAt
        ? `ID front, back and selfie, deleted ${iso(row.imagesDeletedAt)}`
        : 'ID front, back and selfie are on file',
      provider_check: row.verdict,
      reason: row.rejectReason,
      submitted_at: iso(row.createdAt),
      decided_at: iso(row.reviewedAt),
    }));
  },
};

export const exportSections: ExportSection[] = [
  profileSection,
  sessionsSection,
  devicesSection,
  rateAlertsSection,
  salesSection,
  payoutsSection,
  billsSection,
  gemsSection,
  notificationsSection,
  bankSection,
  verificationSection,
  documentReviewsSection,
];
