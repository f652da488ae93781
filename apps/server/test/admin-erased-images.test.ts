import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentMessages } from '@wise/shared';
import {
  imagesDeletedTexts,
  reviewMessages,
  type AdminDocumentReview,
  type AdminSaleDetail,
  type AdminSaleListResponse,
} from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { insertStaff } from './support/review';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { setKycTier } from './support/tiers';
import { createCustomer, type TestUser } from './support/users';

/**
 * A closed account's photos (docs/closed-accounts.md; docs/decisions.md §3.16): the erasure deletes
 * the sale images' files and the ID photos, so the back office's API says they were deleted with
 * the account instead of handing out addresses that no longer answer.
 */

const clock = new ManualClock('2026-06-01T12:00:00Z');
let t: TestApp;
let dir: string;
let staff: TestStaff;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-erased-images-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  staff = await createStaff(t, { role: 'reviewer' });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A customer with a decided (rejected) gift-card sale and a decided ID review, so the account may close. */
async function customerWithRecords(): Promise<{ customer: TestUser; saleId: string; reviewId: string }> {
  const customer = await createCustomer(t);
  await addBankDetails(t, customer);
  const sale = await sellGiftCard(t, customer);
  const reviewer = await insertStaff(t, 'reviewer');
  await t.database.query(
    "UPDATE sales SET status = 'rejected', status_changed_at = $2, decided_at = $2, decided_by = $3, rejection_code = 'used_card', rejection_reason = 'The card has already been used' WHERE id = $1",
    [sale.id, clock.now().toISOString(), reviewer.id],
  );
  await setKycTier(t.database, customer.id, 1);
  const [review] = await t.database.query<{ id: string }>(
    "INSERT INTO identity_document_reviews (user_id, front_key, back_key, selfie_key) VALUES ($1, 'identity/f.webp', 'identity/b.webp', 'identity/s.webp') RETURNING id",
    [customer.id],
  );
  await t.database.query(
    "UPDATE identity_document_reviews SET status = 'rejected', reject_reason = 'Blurred', reviewed_by = $2, reviewed_at = now() WHERE id = $1",
    [review?.id, reviewer.id],
  );
  return { customer, saleId: sale.id, reviewId: review?.id ?? '' };
}

async function close(customer: TestUser) {
  expect((await post(t.app, '/api/profile/password/confirm', { password: customer.password }, customer.cookie)).statusCode).toBe(200);
  const closed = await post(t.app, '/api/profile/close', { confirm: true }, customer.cookie);
  expect(closed.statusCode, closed.body).toBe(200);
}

const saleFor = async (id: string) => (await get(t.app, `/api/admin/sales/${id}`, staff.cookie)).json<{ sale: AdminSaleDetail }>().sale;
const reviewFor = async (id: string) =>
  (await get(t.app, `/api/admin/identity-documents/${id}`, staff.cookie)).json<{ review: AdminDocumentReview }>().review;

describe('photos of a closed account, in the back office', () => {
  it('a sale lists its images while the account is open, and says they were deleted with it once closed', async () => {
    const { customer, saleId } = await customerWithRecords();
    const open = await saleFor(saleId);
    expect(open.images).toEqual([{ position: 0, url: `/api/admin/sales/${saleId}/images/0` }]);
    expect(open.images_deleted).toBeNull();
    expect((await get(t.app, `/api/admin/sales/${saleId}/images/0`, staff.cookie)).statusCode).toBe(200);

    await close(customer);
    const closed = await saleFor(saleId);
    expect(closed.images).toEqual([]);
    expect(closed.images_deleted).toEqual({ reason: 'account_closed', count: 1 });
    const image = await get(t.app, `/api/admin/sales/${saleId}/images/0`, staff.cookie);
    expect(image.statusCode).toBe(410);
    expect(image.json<{ error: string }>().error).toBe(reviewMessages.imageDeletedWithAccount);

    // The queue asks for no thumbnail it cannot have.
    const list = (await get(t.app, `/api/admin/sales?status=rejected&q=${saleId}`, staff.cookie)).json<AdminSaleListResponse>();
    expect(list.items.map((item) => [item.id, item.has_image])).toEqual([[saleId, false]]);
  });

  it('an ID review says its photos went with the account, not with the retention period', async () => {
    const { customer, reviewId } = await customerWithRecords();
    expect(await reviewFor(reviewId)).toMatchObject({ images_available: true, images_deleted: null });
    await close(customer);
    expect(await reviewFor(reviewId)).toMatchObject({ images_available: false, images_deleted: 'account_closed' });
    const front = await get(t.app, `/api/admin/identity-documents/${reviewId}/images/front`, staff.cookie);
    expect(front.statusCode).toBe(410);
    expect(front.json<{ error: string }>().error).toBe(imagesDeletedTexts.account_closed);
    expect(front.json<{ error: string }>().error).not.toBe(documentMessages.imagesDeleted);
  });
});
