import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMessages, type DocumentSubmitResult, type VerificationStatus } from '@wise/shared';
import type { AdminDocumentReview } from '@wise/shared/admin';
import { loadConfig } from '../src/config';
import { CHECK_DOCUMENT_JOB, identityJobs, PURGE_DOCUMENT_IMAGES_JOB } from '../src/domain/identity/tier2';
import { enqueue } from '../src/jobs/queue';
import { JobWorker } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import { createFileStore, type FileStore } from '../src/providers/file-store/index';
import { IdentityProviderError, type IdentityProvider } from '../src/providers/identity/index';
import { SandboxIdentityProvider } from '../src/providers/identity/sandbox';
import { createTestApp, get, post, type TestApp } from './support/app';
import { cardPhoto, multipartForm, type FilePart } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Tier 2 through the API on PostgreSQL (docs/features.md, "Identity verification"): the submission and its
 * refusals, the provider check as a job, the staff queue's approve and reject, who may see the
 * images (and that every view is audited), and the retention clean-up.
 */

const clock = new ManualClock('2026-11-20T09:00:00Z');
let t: TestApp;
let dir: string;
let files: FileStore;
let reviewer: TestStaff;
let admin: TestStaff;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-tier2-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  files = createFileStore({ ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' }), UPLOAD_DIR: dir });
  reviewer = await createStaff(t, { role: 'reviewer' });
  admin = await createStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

let seed = 0;
async function tier1Customer(): Promise<TestUser> {
  const user = await createCustomer(t);
  const dob = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/date-of-birth',
    payload: { date_of_birth: '1994-02-10' },
    headers: { cookie: user.cookie },
  });
  expect(dob.statusCode).toBe(200);
  const verified = await post(t.app, '/api/profile/verification/number', { kind: 'bvn', number: '22222222222' }, user.cookie);
  expect(verified.json<{ tier: number }>().tier).toBe(1);
  return user;
}

async function documentParts(sides: readonly ('front' | 'back' | 'selfie')[] = ['front', 'back', 'selfie']): Promise<FilePart[]> {
  const parts: FilePart[] = [];
  for (const side of sides) {
    seed += 1;
    parts.push({ field: side, data: await cardPhoto('jpeg', seed), filename: `${side}.jpg` });
  }
  return parts;
}

async function submit(user: TestUser, parts?: FilePart[]) {
  const body = multipartForm({}, parts ?? (await documentParts()));
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/verification/document',
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie },
  });
}

async function submitted(user: TestUser): Promise<DocumentSubmitResult> {
  const response = await submit(user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DocumentSubmitResult>();
}

const statusOf = async (user: TestUser) => (await get(t.app, '/api/profile/verification', user.cookie)).json<VerificationStatus>();
const reviewOf = async (id: string) =>
  (await get(t.app, `/api/admin/identity-documents/${id}`, reviewer.cookie)).json<{ review: AdminDocumentReview }>().review;
const worker = (provider: IdentityProvider = new SandboxIdentityProvider(), retentionDays = 90) => {
  const w = new JobWorker(t.database.db, { clock, logger: silent });
  for (const job of identityJobs({ files, provider, retentionDays }).jobs) w.register(job);
  return w;
};
const notices = async (userId: string) =>
  (await t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at', [userId])).map(
    (row) => row.message,
  );
const auditRows = (id: string) =>
  t.database.query<{ action: string; actor: string; after: { side?: string } | null }>(
    "SELECT action, actor, after FROM staff_audit_log WHERE target_type = 'identity_document_review' AND target_id = $1 ORDER BY id",
    [id],
  );

describe('Tier 2: the customer sends an ID and a selfie', () => {
  it('takes the three photos from a Tier 1 customer, shows "under review", and keeps one request open at a time', async () => {
    const user = await tier1Customer();
    expect((await statusOf(user)).document).toBeNull();
    const result = await submitted(user);
    expect(result.message).toBe(documentMessages.submitted);
    expect(result.document).toMatchObject({ status: 'pending', reject_reason: null, decided_at: null });
    expect((await statusOf(user)).document).toMatchObject({ id: result.document.id, status: 'pending' });

    const [row] = await t.database.query<{ front_key: string; back_key: string; selfie_key: string }>(
      'SELECT * FROM identity_document_reviews WHERE id = $1',
      [result.document.id],
    );
    for (const key of [row?.front_key, row?.back_key, row?.selfie_key]) expect(await files.get(key ?? '')).toBeInstanceOf(Buffer);
    // The provider check waits in the queue.
    expect(
      await t.database.query("SELECT 1 FROM jobs WHERE name = $1 AND payload->>'reviewId' = $2", [CHECK_DOCUMENT_JOB, result.document.id]),
    ).toHaveLength(1);

    const again = await submit(user);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(documentMessages.alreadyOpen);
    // The database holds the rule too.
    await expect(
      t.database.query(
        "INSERT INTO identity_document_reviews (user_id, front_key, back_key, selfie_key) VALUES ($1, 'identity/a.webp', 'identity/b.webp', 'identity/c.webp')",
        [user.id],
      ),
    ).rejects.toThrow(/identity_document_reviews_open_key/);
  });

  it('tells a Tier 0 customer to verify the BVN or NIN first', async () => {
    const user = await createCustomer(t);
    const response = await submit(user);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toBe(documentMessages.tier1Required);
  });

  it('names each missing photo, and refuses a file that is no picture under its own field', async () => {
    const user = await tier1Customer();
    const missing = await submit(user, await documentParts(['front']));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toEqual({
      back: documentMessages.backRequired,
      selfie: documentMessages.selfieRequired,
    });
    const parts = await documentParts(['front', 'back']);
    const bad = await submit(user, [...parts, { field: 'selfie', data: Buffer.from('not a picture at all'), filename: 'selfie.jpg' }]);
    expect(bad.statusCode).toBe(415);
    expect(Object.keys(bad.json<{ fields: Record<string, string> }>().fields)).toEqual(['selfie']);
    expect((await statusOf(user)).document).toBeNull();
  });
});

describe('Tier 2: the provider check and the staff decision', () => {
  it('stores the sandbox verdict from the job, and approving raises the tier with the code, audited and notified', async () => {
    const user = await tier1Customer();
    const { document } = await submitted(user);
    expect((await reviewOf(document.id)).verdict).toBeNull();
    await worker().runDue();

    const [row] = await t.database.query<{ selfie_key: string }>('SELECT selfie_key FROM identity_document_reviews WHERE id = $1', [
      document.id,
    ]);
    const selfie = (await files.get(row?.selfie_key ?? '')) ?? Buffer.alloc(0);
    const byte = createHash('sha256').update(selfie).digest()[0] ?? 0;
    const review = await reviewOf(document.id);
    expect(review.verdict).toMatchObject({ kind: byte >= 16 ? 'match' : 'no_match', provider: 'sandbox' });
    expect(review.verdict?.score).toBeGreaterThanOrEqual(0);
    expect(review.verified).toEqual({ name: 'ADA OBI-OKAFOR', date_of_birth: '1994-02-10', kind: 'bvn', last4: '2222' });

    const queue = (await get(t.app, '/api/admin/identity-documents', reviewer.cookie)).json<{ items: AdminDocumentReview[] }>();
    expect(queue.items.map((item) => item.id)).toContain(document.id);

    const wrongCode = await post(
      t.app,
      `/api/admin/identity-documents/${document.id}/approve`,
      { confirm_code: '000000' },
      reviewer.cookie,
    );
    expect(wrongCode.statusCode).toBeGreaterThanOrEqual(400);
    expect((await statusOf(user)).tier).toBe(1);

    const approved = await post(
      t.app,
      `/api/admin/identity-documents/${document.id}/approve`,
      { confirm_code: reviewer.code() },
      reviewer.cookie,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ review: AdminDocumentReview }>().review).toMatchObject({ status: 'approved', decided_by: reviewer.email });
    const status = await statusOf(user);
    expect(status.tier).toBe(2);
    expect(status.document).toMatchObject({ status: 'approved' });
    expect(await notices(user.id)).toContain(documentMessages.approvedNotice);
    expect((await auditRows(document.id)).map((r) => r.action)).toEqual(['identity_document.approve']);

    const twice = await post(t.app, `/api/admin/identity-documents/${document.id}/reject`, { reason: 'Too late' }, admin.cookie);
    expect(twice.statusCode).toBe(409);
    const more = await submit(user);
    expect(more.json<{ error: string }>().error).toBe(documentMessages.alreadyTier2);
  });

  it('stores "unavailable" when the provider cannot answer on the last attempt', async () => {
    const user = await tier1Customer();
    const { document } = await submitted(user);
    const down: IdentityProvider = {
      ...new SandboxIdentityProvider(),
      name: 'sandbox',
      lookup: () => Promise.reject(new Error('unused')),
      holderKey: () => '',
      checkDocument: () => Promise.reject(new IdentityProviderError('unavailable', 'Provider down')),
    };
    await t.database.query("UPDATE jobs SET max_attempts = 1 WHERE name = $1 AND payload->>'reviewId' = $2", [
      CHECK_DOCUMENT_JOB,
      document.id,
    ]);
    await worker(down).runDue();
    expect((await reviewOf(document.id)).verdict).toMatchObject({ kind: 'unavailable', score: null });
  });

  it('rejects with a reason the customer reads, who may then send new photos', async () => {
    const user = await tier1Customer();
    const { document } = await submitted(user);
    const empty = await post(t.app, `/api/admin/identity-documents/${document.id}/reject`, { reason: '  ' }, reviewer.cookie);
    expect(empty.statusCode).toBe(400);
    const rejected = await post(
      t.app,
      `/api/admin/identity-documents/${document.id}/reject`,
      { reason: 'The photo of the front is blurred' },
      admin.cookie,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const status = await statusOf(user);
    expect(status.tier).toBe(1);
    expect(status.document).toMatchObject({ status: 'rejected', reject_reason: 'The photo of the front is blurred' });
    expect(await notices(user.id)).toContain(documentMessages.rejectedNotice('The photo of the front is blurred.'));
    const audit = await auditRows(document.id);
    expect(audit.map((r) => [r.action, r.actor])).toEqual([['identity_document.reject', admin.email]]);
    // A new request after the refusal.
    expect((await submitted(user)).document.status).toBe('pending');
  });
});

describe('Tier 2 images', () => {
  it('are served to staff only, every view audited; never to the customer or anyone else', async () => {
    const user = await tier1Customer();
    const other = await tier1Customer();
    const { document } = await submitted(user);
    const url = (side: string) => `/api/admin/identity-documents/${document.id}/images/${side}`;

    for (const side of ['front', 'back', 'selfie']) {
      const seen = await get(t.app, url(side), reviewer.cookie);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['content-type']).toBe('image/webp');
      expect(seen.headers['cache-control']).toBe('private, no-store');
    }
    expect((await get(t.app, url('selfie'), admin.cookie)).statusCode).toBe(200);
    const audit = await auditRows(document.id);
    expect(audit.map((r) => [r.action, r.after?.side, r.actor])).toEqual([
      ['identity_document.view_image', 'front', reviewer.email],
      ['identity_document.view_image', 'back', reviewer.email],
      ['identity_document.view_image', 'selfie', reviewer.email],
      ['identity_document.view_image', 'selfie', admin.email],
    ]);

    // The customer (owner or not) and the anonymous get no image and leave no audit line.
    expect((await get(t.app, url('front'), user.cookie)).statusCode).toBe(401);
    expect((await get(t.app, url('front'), other.cookie)).statusCode).toBe(401);
    expect((await get(t.app, url('front'))).statusCode).toBe(401);
    expect((await get(t.app, `/api/admin/identity-documents/${document.id}`, user.cookie)).statusCode).toBe(401);
    expect(await auditRows(document.id)).toHaveLength(4);
    expect((await get(t.app, url('passport'), reviewer.cookie)).statusCode).toBe(400);
  });

  it('are deleted KYC_IMAGE_RETENTION_DAYS after the decision; the request and verdict stay', async () => {
    const user = await tier1Customer();
    const { document } = await submitted(user);
    await worker().runDue();
    const [row] = await t.database.query<{ front_key: string; back_key: string; selfie_key: string }>(
      'SELECT * FROM identity_document_reviews WHERE id = $1',
      [document.id],
    );
    const keys = [row?.front_key ?? '', row?.back_key ?? '', row?.selfie_key ?? ''];
    expect(
      (await post(t.app, `/api/admin/identity-documents/${document.id}/reject`, { reason: 'Expired document' }, reviewer.cookie))
        .statusCode,
    ).toBe(200);

    const purge = async () => {
      await enqueue(t.database.db, PURGE_DOCUMENT_IMAGES_JOB, {}, { clock });
      await worker(new SandboxIdentityProvider(), 30).runDue();
    };
    clock.advance(29 * 24 * 60 * 60 * 1000);
    await purge();
    for (const key of keys) expect(await files.get(key)).toBeInstanceOf(Buffer);

    clock.advance(2 * 24 * 60 * 60 * 1000);
    await purge();
    for (const key of keys) expect(await files.get(key)).toBeUndefined();
    expect(await readdir(path.join(dir, 'identity'))).not.toContain(path.basename(keys[0] ?? ''));
    // A month on, the staff sessions of the start have ended: a fresh one looks.
    const later = await createStaff(t, { role: 'reviewer' });
    const review = (await get(t.app, `/api/admin/identity-documents/${document.id}`, later.cookie)).json<{ review: AdminDocumentReview }>()
      .review;
    expect(review).toMatchObject({
      status: 'rejected',
      images_available: false,
      images_deleted: 'retention',
      reject_reason: 'Expired document',
    });
    expect(review.verdict).not.toBeNull();
    const gone = await get(t.app, `/api/admin/identity-documents/${document.id}/images/front`, later.cookie);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ error: string }>().error).toBe(documentMessages.imagesDeleted);
  });
});
