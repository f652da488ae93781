import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  DATA_EXPORT_INTERVAL_MS,
  DATA_EXPORT_LINK_TTL_MS,
  dataExportEmail,
  privacyErrorCodes,
  privacyMessages,
  type DataRightsResponse,
  textsIn,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { dataExports, users } from '#server/db/schema/index';
import { enqueue } from '#server/jobs/queue';
import type { JobSet } from '#server/jobs/worker';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import { randomToken, sha256 } from '#server/lib/secrets';
import type { Messenger } from '#server/providers/messaging/index';
import { DomainError } from '../errors';
import { exportSections } from './sections';

/**
 * "Download my data" (docs/features.md, "Your data (NDPA 2023)"; docs/decisions.md §3.15). A request makes a
 * `building` row and a job; the job gathers every section, seals the JSON under a key derived from
 * a fresh random token (AES-256-GCM; only the token's SHA-256 is stored, so the database alone
 * cannot open it) and e-mails the link. The link works once, for its owner's session only, for
 * DATA_EXPORT_LINK_TTL_MS; downloading drops the payload.
 */

export const BUILD_EXPORT_JOB = 'privacy.build_export';

const sealKey = (token: string, exportId: string) => Buffer.from(hkdfSync('sha256', token, exportId, 'wise data export v1', 32));

export function sealExport(json: string, token: string, exportId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token, exportId), iv);
  const body = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function openExport(payload: string, token: string, exportId: string): string {
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(token, exportId), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Everything held about the customer, section by section (sections.ts). */
export async function collectExport(db: Db, userId: string, now: Date): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { generated_at: now.toISOString(), format: 'Wise data export, version 1' };
  for (const section of exportSections) data[section.name] = await section.collect(db, userId);
  return data;
}

/** Starts an export: refused while one is being built, and more often than once a day. */
export async function requestDataExport(db: Db, clock: Clock, userId: string): Promise<void> {
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ status: dataExports.status, requestedAt: dataExports.requestedAt })
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.requestedAt))
        .limit(1);
      if (last?.status === 'building') throw inProgress();
      if (last && now.getTime() - last.requestedAt.getTime() < DATA_EXPORT_INTERVAL_MS) {
        throw new DomainError(privacyErrorCodes.exportTooSoon, privacyMessages.exportTooSoon, 429);
      }
      const [row] = await tx.insert(dataExports).values({ userId, requestedAt: now }).returning({ id: dataExports.id });
      if (!row) throw new Error('data export row was not inserted');
      await enqueue(tx, BUILD_EXPORT_JOB, { exportId: row.id }, { clock, maxAttempts: 8, singletonKey: `${BUILD_EXPORT_JOB}:${row.id}` });
    });
  } catch (error) {
    // Two taps at once: the partial unique index lets one build.
    if (uniqueViolation(error) !== undefined) throw inProgress();
    throw error;
  }
}

const inProgress = () => new DomainError(privacyErrorCodes.exportInProgress, privacyMessages.exportInProgress, 409);
const linkInvalid = () => new DomainError(privacyErrorCodes.exportLinkInvalid, privacyMessages.exportLinkInvalid, 404);

export interface ExportJobDeps {
  messenger: Messenger;
  appUrl: string;
  clock: Clock;
}

export const downloadLink = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/profile/data/download?token=${token}`;

/**
 * The job's work. Sealed and stored first, then e-mailed; a failed send puts the row back to
 * `building` (the token was never seen by anyone) so the retry makes a new one.
 */
export async function buildDataExport(db: Db, deps: ExportJobDeps, exportId: string): Promise<void> {
  const [row] = await db
    .select({
      userId: dataExports.userId,
      status: dataExports.status,
      email: users.email,
      closedAt: users.closedAt,
      language: users.language,
    })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, exportId))
    .limit(1);
  if (!row || row.status !== 'building') return;
  if (row.closedAt) {
    await db.update(dataExports).set({ status: 'expired' }).where(eq(dataExports.id, exportId));
    return;
  }
  const now = deps.clock.now();
  const token = randomToken();
  const payload = sealExport(JSON.stringify(await collectExport(db, row.userId, now), null, 2), token, exportId);
  const ready = await db
    .update(dataExports)
    .set({ status: 'ready', tokenHash: sha256(token), payload, readyAt: now, expiresAt: new Date(now.getTime() + DATA_EXPORT_LINK_TTL_MS) })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'building')))
    .returning({ id: dataExports.id });
  if (ready.length === 0) return;
  try {
    const t = textsIn(dataExportEmail, row.language);
    await deps.messenger.send({ channel: 'email', to: row.email, subject: t.subject, text: t.text(downloadLink(deps.appUrl, token)) });
  } catch (error) {
    await db
      .update(dataExports)
      .set({ status: 'building', tokenHash: null, payload: null, readyAt: null, expiresAt: null })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'ready')));
    throw error;
  }
}

/**
 * The file behind a link, once: the token must be this customer's, unused and unexpired. The row
 * is marked downloaded and its payload dropped in the same statement that claims it, so two
 * parallel downloads cannot both succeed.
 */
export async function downloadDataExport(
  db: Db,
  clock: Clock,
  userId: string,
  token: string,
): Promise<{ json: string; generatedAt: Date }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: dataExports.id, payload: dataExports.payload, readyAt: dataExports.readyAt })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.tokenHash, sha256(token)),
          eq(dataExports.userId, userId),
          eq(dataExports.status, 'ready'),
          gt(dataExports.expiresAt, now),
        ),
      )
      .for('update')
      .limit(1);
    if (!row?.payload || !row.readyAt) throw linkInvalid();
    await tx.update(dataExports).set({ status: 'downloaded', downloadedAt: now, payload: null }).where(eq(dataExports.id, row.id));
    return { json: openExport(row.payload, token, row.id), generatedAt: row.readyAt };
  });
}

export async function dataExportState(db: Db, clock: Clock, userId: string): Promise<DataRightsResponse['export']> {
  const [last] = await db
    .select({ status: dataExports.status, requestedAt: dataExports.requestedAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  if (!last) return { state: 'none', requested_at: null, expires_at: null };
  const live = last.status === 'building' || (last.status === 'ready' && last.expiresAt !== null && last.expiresAt > clock.now());
  return {
    state: live ? (last.status as 'building' | 'ready') : 'none',
    requested_at: last.requestedAt.toISOString(),
    expires_at: live && last.expiresAt ? last.expiresAt.toISOString() : null,
  };
}

/**
 * The clean-up (auth.purge_expired): a link past its time loses its payload; rows older than the
 * rate window after that are deleted. At most `batchSize` rows a run.
 */
export async function purgeExpiredExports(db: Db, now: Date, batchSize: number): Promise<number> {
  const expired = await db
    .update(dataExports)
    .set({ status: 'expired', payload: null })
    .where(
      inArray(
        dataExports.id,
        db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)))
          .limit(batchSize),
      ),
    )
    .returning({ id: dataExports.id });
  const old = new Date(now.getTime() - DATA_EXPORT_LINK_TTL_MS - DATA_EXPORT_INTERVAL_MS);
  const deleted = await db
    .delete(dataExports)
    .where(
      inArray(
        dataExports.id,
        db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(and(or(eq(dataExports.status, 'downloaded'), eq(dataExports.status, 'expired')), lt(dataExports.requestedAt, old)))
          .limit(batchSize),
      ),
    )
    .returning({ id: dataExports.id });
  return expired.length + deleted.length;
}

const buildPayload = z.object({ exportId: z.uuid() });

/** server.ts hands in the messenger and the app's address. */
export function dataRightsJobs(deps: ExportJobDeps): JobSet {
  return {
    jobs: [
      {
        name: BUILD_EXPORT_JOB,
        payload: buildPayload,
        handler: async (payload: z.infer<typeof buildPayload>, { db }) => {
          await buildDataExport(db, deps, payload.exportId);
        },
      },
    ],
    schedules: [],
  };
}

/** Used by the closure: nothing of a closed account is waiting to be downloaded. */
export async function dropExports(tx: Db, userId: string): Promise<void> {
  await tx.delete(dataExports).where(eq(dataExports.userId, userId));
}
