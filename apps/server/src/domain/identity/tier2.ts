import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import { documentMessages, type DocumentImageSide, type DocumentReviewStatus, type DocumentReviewStatusView } from '@wise/shared';
import { imagesDeletedTexts, type AdminDocumentReview } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { identityChecks, identityDocumentReviews, staff, users } from '#server/db/schema/index';
import { enqueue } from '#server/jobs/queue';
import type { JobSet } from '#server/jobs/worker';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import type { FileStore } from '#server/providers/file-store/index';
import { IdentityProviderError, type IdentityProvider } from '#server/providers/identity/index';
import { recordStaffAction } from '../admin/audit';
import { textOf } from '../i18n/language';
import { notify } from '../notifications/notify';
import type { StaffPrincipal } from '../staff/principal';
import { DomainError, notFound } from '../errors';

/**
 * Tier 2 (docs/features.md, "Identity verification"): a Tier 1 customer sends the front and back of an ID
 * document and a selfie; the provider compares the faces in the background (its verdict only
 * informs); a staff member approves, which raises the tier in the same transaction (the trigger of
 * 0031 accepts Tier 2 only with the approved row), or rejects with a reason the customer reads.
 * The images are served to staff only, each view audited, and deleted KYC_IMAGE_RETENTION_DAYS
 * after the decision.
 */

export const CHECK_DOCUMENT_JOB = 'identity.check_document';
export const PURGE_DOCUMENT_IMAGES_JOB = 'identity.purge_document_images';
const IMAGE_TYPE = 'image/webp';
const DAY_MS = 24 * 60 * 60 * 1000;

export const documentErrorCodes = {
  tier1Required: 'IDENTITY_TIER1_REQUIRED',
  alreadyTier2: 'IDENTITY_ALREADY_TIER2',
  alreadyOpen: 'IDENTITY_DOCUMENT_OPEN',
  alreadyDecided: 'IDENTITY_DOCUMENT_DECIDED',
  imagesDeleted: 'IDENTITY_DOCUMENT_IMAGES_DELETED',
} as const;

type ReviewRow = typeof identityDocumentReviews.$inferSelect;

const customerView = (row: ReviewRow): DocumentReviewStatusView => ({
  id: row.id,
  status: row.status,
  submitted_at: row.createdAt.toISOString(),
  decided_at: row.reviewedAt?.toISOString() ?? null,
  reject_reason: row.rejectReason,
});

/** The customer's latest request, for GET /api/profile/verification. */
export async function latestDocumentReview(db: Db, userId: string): Promise<DocumentReviewStatusView | null> {
  const [row] = await db
    .select()
    .from(identityDocumentReviews)
    .where(eq(identityDocumentReviews.userId, userId))
    .orderBy(desc(identityDocumentReviews.createdAt))
    .limit(1);
  return row ? customerView(row) : null;
}

/** Refusals that need no image read: asked before the upload is taken in. */
export async function assertMaySubmitDocument(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ tier: users.kycTier }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.tier >= 2) throw new DomainError(documentErrorCodes.alreadyTier2, documentMessages.alreadyTier2, 409);
  if (user.tier < 1) throw new DomainError(documentErrorCodes.tier1Required, documentMessages.tier1Required, 403);
  const [open] = await db
    .select({ id: identityDocumentReviews.id })
    .from(identityDocumentReviews)
    .where(and(eq(identityDocumentReviews.userId, userId), eq(identityDocumentReviews.status, 'pending')))
    .limit(1);
  if (open) throw new DomainError(documentErrorCodes.alreadyOpen, documentMessages.alreadyOpen, 409);
}

const alreadyOpen = () => new DomainError(documentErrorCodes.alreadyOpen, documentMessages.alreadyOpen, 409);

/**
 * Stores the three (already re-encoded) images under random names, then the request and its
 * provider check in one transaction; a failed transaction deletes the files again.
 */
export async function submitDocumentReview(
  db: Db,
  deps: { clock: Clock; files: FileStore },
  userId: string,
  images: Readonly<Record<DocumentImageSide, Buffer>>,
  onCleanupError: (error: unknown) => void,
): Promise<DocumentReviewStatusView> {
  await assertMaySubmitDocument(db, userId);
  const keys = { front: '', back: '', selfie: '' } satisfies Record<DocumentImageSide, string>;
  const written: string[] = [];
  try {
    for (const side of ['front', 'back', 'selfie'] as const) {
      const key = `identity/${randomBytes(16).toString('hex')}.webp`;
      await deps.files.put(key, images[side], IMAGE_TYPE);
      written.push(key);
      keys[side] = key;
    }
    return await db.transaction(async (tx) => {
      // The row lock orders this with an approval of the same customer and with a concurrent submit.
      const [user] = await tx.select({ tier: users.kycTier }).from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.tier !== 1) throw new DomainError(documentErrorCodes.tier1Required, documentMessages.tier1Required, 403);
      const [row] = await tx
        .insert(identityDocumentReviews)
        .values({ userId, frontKey: keys.front, backKey: keys.back, selfieKey: keys.selfie, createdAt: deps.clock.now() })
        .returning();
      if (!row) throw new Error('identity_document_reviews: insert returned nothing');
      await enqueue(tx, CHECK_DOCUMENT_JOB, { reviewId: row.id }, { singletonKey: `${CHECK_DOCUMENT_JOB}:${row.id}`, clock: deps.clock });
      return customerView(row);
    });
  } catch (error) {
    await Promise.all(written.map((key) => deps.files.delete(key).catch(onCleanupError)));
    if (uniqueViolation(error) === 'identity_document_reviews_open_key') throw alreadyOpen();
    throw error;
  }
}

/**
 * The background check: the provider's opinion of the selfie against the document, stored on the
 * request. A provider that cannot answer is asked again by the queue's retries; after the last
 * attempt the verdict is `unavailable` (staff decide without it).
 */
export async function checkDocumentReview(
  db: Db,
  deps: { clock: Clock; files: FileStore; provider: IdentityProvider },
  reviewId: string,
  lastAttempt: boolean,
): Promise<void> {
  const [row] = await db.select().from(identityDocumentReviews).where(eq(identityDocumentReviews.id, reviewId));
  if (!row || row.verdict !== null || !row.frontKey || !row.backKey || !row.selfieKey) return;
  const [front, back, selfie] = await Promise.all([
    deps.files.get(row.frontKey),
    deps.files.get(row.backKey),
    deps.files.get(row.selfieKey),
  ]);
  if (!front || !back || !selfie) throw new Error(`identity document review ${reviewId}: an image is missing from the file store`);
  let verdict: Pick<ReviewRow, 'verdict' | 'verdictScore' | 'verdictSummary'>;
  try {
    const answer = await deps.provider.checkDocument({ front, back, selfie });
    verdict = {
      verdict: answer.faceMatch ? 'match' : 'no_match',
      verdictScore: Math.round(Math.min(100, Math.max(0, answer.confidence))),
      verdictSummary: answer.summary.slice(0, 500),
    };
  } catch (error) {
    if (!(error instanceof IdentityProviderError) || !lastAttempt) throw error;
    verdict = { verdict: 'unavailable', verdictScore: null, verdictSummary: error.message.slice(0, 500) };
  }
  await db
    .update(identityDocumentReviews)
    .set({ ...verdict, verdictProvider: deps.provider.name, verdictAt: deps.clock.now() })
    .where(and(eq(identityDocumentReviews.id, reviewId), isNull(identityDocumentReviews.verdict)));
}

/* ---------- back office ---------- */

async function adminView(db: Db, where: ReturnType<typeof eq>, order: 'asc' | 'desc'): Promise<AdminDocumentReview[]> {
  const rows = await db
    .select({
      review: identityDocumentReviews,
      fullName: users.fullName,
      username: users.username,
      tier: users.kycTier,
      closedAt: users.closedAt,
      reviewer: staff.email,
      verifiedName: identityChecks.verifiedName,
      verifiedDob: identityChecks.verifiedDob,
      kind: identityChecks.kind,
      last4: identityChecks.numberLast4,
    })
    .from(identityDocumentReviews)
    .innerJoin(users, eq(users.id, identityDocumentReviews.userId))
    .leftJoin(staff, eq(staff.id, identityDocumentReviews.reviewedBy))
    // The verification that binds the account now (one at most; revoked ones bind nothing).
    .leftJoin(
      identityChecks,
      and(
        eq(identityChecks.userId, identityDocumentReviews.userId),
        eq(identityChecks.outcome, 'verified'),
        isNull(identityChecks.revokedAt),
      ),
    )
    .where(where)
    .orderBy(order === 'asc' ? asc(identityDocumentReviews.createdAt) : desc(identityDocumentReviews.createdAt))
    .limit(100);
  return rows.map(({ review, ...r }) => ({
    id: review.id,
    status: review.status,
    submitted_at: review.createdAt.toISOString(),
    customer: { id: review.userId, full_name: r.fullName, username: r.username, tier: r.tier },
    verified:
      r.verifiedName && r.verifiedDob && r.kind && r.last4
        ? { name: r.verifiedName, date_of_birth: r.verifiedDob, kind: r.kind, last4: r.last4 }
        : null,
    verdict:
      review.verdict && review.verdictAt
        ? {
            kind: review.verdict,
            score: review.verdictScore,
            summary: review.verdictSummary,
            provider: review.verdictProvider ?? '',
            at: review.verdictAt.toISOString(),
          }
        : null,
    images_available: review.imagesDeletedAt === null,
    // The closing of the account deletes them at once (domain/privacy/close.ts); otherwise the retention job did.
    images_deleted: review.imagesDeletedAt === null ? null : r.closedAt ? 'account_closed' : 'retention',
    decided_at: review.reviewedAt?.toISOString() ?? null,
    decided_by: r.reviewer ?? null,
    reject_reason: review.rejectReason,
  }));
}

/** The queue: pending requests oldest first; decided ones newest first (the last 100). */
export async function listDocumentReviews(db: Db, status: DocumentReviewStatus): Promise<AdminDocumentReview[]> {
  return adminView(db, eq(identityDocumentReviews.status, status), status === 'pending' ? 'asc' : 'desc');
}

export async function getDocumentReview(db: Db, id: string): Promise<AdminDocumentReview> {
  const [review] = await adminView(db, eq(identityDocumentReviews.id, id), 'asc');
  if (!review) throw notFound();
  return review;
}

/** One image for a staff member; the view is written to the audit log before the bytes leave. */
export async function readDocumentImage(
  db: Db,
  deps: { clock: Clock; files: FileStore },
  actor: StaffPrincipal,
  input: { id: string; side: DocumentImageSide; ip: string },
): Promise<Buffer> {
  const [row] = await db.select().from(identityDocumentReviews).where(eq(identityDocumentReviews.id, input.id));
  if (!row) throw notFound();
  const key = { front: row.frontKey, back: row.backKey, selfie: row.selfieKey }[input.side];
  if (!key) {
    const [owner] = await db.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, row.userId));
    const message = owner?.closedAt ? imagesDeletedTexts.account_closed : documentMessages.imagesDeleted;
    throw new DomainError(documentErrorCodes.imagesDeleted, message, 410);
  }
  const body = await deps.files.get(key);
  if (!body) throw notFound();
  await recordStaffAction(db, deps.clock, actor, {
    action: 'identity_document.view_image',
    targetType: 'identity_document_review',
    targetId: row.id,
    after: { side: input.side, customer_id: row.userId },
    ip: input.ip,
  });
  return body;
}

async function lockPending(tx: Db, id: string): Promise<ReviewRow> {
  const [row] = await tx.select().from(identityDocumentReviews).where(eq(identityDocumentReviews.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== 'pending') throw new DomainError(documentErrorCodes.alreadyDecided, documentMessages.alreadyDecided, 409);
  return row;
}

/** Approves and raises the customer to Tier 2 in one transaction; audited, the customer notified. */
export async function approveDocumentReview(
  db: Db,
  clock: Clock,
  actor: StaffPrincipal,
  input: { id: string; ip: string },
): Promise<AdminDocumentReview> {
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id);
    const now = clock.now();
    await tx
      .update(identityDocumentReviews)
      .set({ status: 'approved', reviewedBy: actor.id, reviewedAt: now })
      .where(eq(identityDocumentReviews.id, row.id));
    const [before] = await tx.select({ tier: users.kycTier }).from(users).where(eq(users.id, row.userId)).for('update');
    // The trigger (0031) accepts Tier 2 only with the approved row just written.
    await tx.update(users).set({ kycTier: 2 }).where(eq(users.id, row.userId));
    await notify(tx, row.userId, documentMessages.approvedNotice, { topic: 'identity' });
    await recordStaffAction(tx, clock, actor, {
      action: 'identity_document.approve',
      targetType: 'identity_document_review',
      targetId: row.id,
      before: { status: 'pending', kyc_tier: before?.tier ?? null },
      after: { status: 'approved', kyc_tier: 2, customer_id: row.userId },
      ip: input.ip,
    });
  });
  return getDocumentReview(db, input.id);
}

/** Rejects with the reason the customer reads (notification and status screen); audited. */
export async function rejectDocumentReview(
  db: Db,
  clock: Clock,
  actor: StaffPrincipal,
  input: { id: string; reason: string; ip: string },
): Promise<AdminDocumentReview> {
  const reason = input.reason.trim();
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id);
    await tx
      .update(identityDocumentReviews)
      .set({ status: 'rejected', reviewedBy: actor.id, reviewedAt: clock.now(), rejectReason: reason })
      .where(eq(identityDocumentReviews.id, row.id));
    const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
    await notify(
      tx,
      row.userId,
      textOf(documentMessages, (t) => t.rejectedNotice(sentence)),
      { topic: 'identity' },
    );
    await recordStaffAction(tx, clock, actor, {
      action: 'identity_document.reject',
      targetType: 'identity_document_review',
      targetId: row.id,
      before: { status: 'pending' },
      after: { status: 'rejected', customer_id: row.userId },
      note: reason,
      ip: input.ip,
    });
  });
  return getDocumentReview(db, input.id);
}

/* ---------- retention ---------- */

/**
 * Deletes the images of requests decided more than `retentionDays` ago; the row and the verdict
 * stay. Files go first, then the row is marked: a crash in between leaves keys whose files are
 * gone, and the next run deletes (nothing) and marks them.
 */
export async function purgeDocumentImages(db: Db, deps: { clock: Clock; files: FileStore; retentionDays: number }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.retentionDays * DAY_MS);
  const due = await db
    .select()
    .from(identityDocumentReviews)
    .where(
      and(
        isNull(identityDocumentReviews.imagesDeletedAt),
        ne(identityDocumentReviews.status, 'pending'),
        lt(identityDocumentReviews.reviewedAt, cutoff),
      ),
    )
    .orderBy(asc(identityDocumentReviews.reviewedAt))
    .limit(200);
  for (const row of due) {
    for (const key of [row.frontKey, row.backKey, row.selfieKey]) if (key) await deps.files.delete(key);
    await db
      .update(identityDocumentReviews)
      .set({ frontKey: null, backKey: null, selfieKey: null, imagesDeletedAt: deps.clock.now() })
      .where(and(eq(identityDocumentReviews.id, row.id), isNull(identityDocumentReviews.imagesDeletedAt)));
  }
  return due.length;
}

/** The provider check after a submission and the daily image clean-up (registered in server.ts). */
export function identityJobs(deps: { files: FileStore; provider: IdentityProvider; retentionDays: number }): JobSet {
  return {
    jobs: [
      {
        name: CHECK_DOCUMENT_JOB,
        payload: z.object({ reviewId: z.uuid() }),
        timeoutMs: 60_000,
        handler: async ({ reviewId }, { db, clock, job }) => {
          await checkDocumentReview(db, { clock, files: deps.files, provider: deps.provider }, reviewId, job.attempts >= job.maxAttempts);
        },
      },
      {
        name: PURGE_DOCUMENT_IMAGES_JOB,
        handler: async (_payload, { db, clock, logger }) => {
          const purged = await purgeDocumentImages(db, { clock, files: deps.files, retentionDays: deps.retentionDays });
          if (purged > 0) logger.info({ purged }, 'ID document and selfie images past retention deleted');
        },
      },
    ],
    schedules: [{ name: PURGE_DOCUMENT_IMAGES_JOB, everyMs: 60 * 60_000, maxAttempts: 1 }],
  };
}
