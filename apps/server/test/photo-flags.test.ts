import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleDetail } from '@wise/shared';
import { adminSaleDetailResponseSchema, type RiskFlagCode } from '@wise/shared/admin';
import { hammingDistance, perceptualHash } from '../src/domain/uploads/perceptual-hash';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { postCryptoSale, quoteFor } from './support/crypto-sales';
import { addBankDetails, cardDetail, postSale, saleFields } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * "Photo seen before" by sale kind (migration 0051): a gift card's photo is matched by its
 * perceptual hash, so a re-used card photo is found even re-encoded; a crypto screenshot only by
 * the very same image, so the look-alike confirmation screens of one exchange stay quiet.
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
let t: TestApp;
let dir: string;
let reviewer: TestStaff;

/** An exchange's "withdrawal sent" screen: the same layout every time, only a line of figures differs. */
async function exchangeScreen(figures: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640">
    <rect width="360" height="640" fill="#0b0e11"/><rect x="0" y="0" width="360" height="72" fill="#f0b90b"/>
    <circle cx="180" cy="200" r="48" fill="#0ecb81"/><rect x="40" y="300" width="280" height="28" rx="6" fill="#2b3139"/>
    <text x="60" y="320" font-size="16" fill="#eaecef">${figures}</text>
    <rect x="40" y="360" width="280" height="18" rx="4" fill="#2b3139"/><rect x="40" y="560" width="280" height="48" rx="8" fill="#f0b90b"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A photographed card: random blocks, so its perceptual hash has bits to compare. */
async function cardPhotoOf(seed: number): Promise<Buffer> {
  const bytes: Buffer[] = [];
  for (let block = 0; block * 32 < 12 * 8 * 3; block += 1) bytes.push(createHash('sha256').update(`${seed}:${block}`).digest());
  return sharp(Buffer.concat(bytes).subarray(0, 12 * 8 * 3), { raw: { width: 12, height: 8, channels: 3 } })
    .resize(480, 320, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function customer(): Promise<TestUser> {
  const user = await createCustomer(t);
  await addBankDetails(t, user, `01${randomBytes(4).readUInt32BE(0).toString().padStart(8, '0').slice(0, 8)}`);
  return user;
}

const created = (response: { statusCode: number; body: string; json: <T>() => T }) => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ sale: SaleDetail }>().sale;
};

async function sellCoin(user: TestUser, screenshot: Buffer) {
  const quote = await quoteFor(t, user, 'usdt', '20');
  return created(
    await postCryptoSale(t, {
      cookie: user.cookie,
      fields: { quote_id: quote.id, network: 'tron' },
      files: [{ data: screenshot, contentType: 'image/png' }],
    }),
  );
}

async function sellCard(user: TestUser, photo: Buffer) {
  const sub = (await cardDetail(t, user, 'amazon')).subcategories.find((s) => s.kind === 'physical');
  if (!sub) throw new Error('the demo catalogue has an Amazon physical card');
  return created(await postSale(t, { cookie: user.cookie, fields: saleFields(sub, '50'), files: [{ data: photo }] }));
}

async function photoFlag(saleId: string) {
  const response = await get(t.app, `/api/admin/sales/${saleId}`, reviewer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return adminSaleDetailResponseSchema
    .parse(response.json())
    .sale.risk_flags.find((flag) => flag.code === ('duplicate_photo' satisfies RiskFlagCode));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-photo-flags-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  reviewer = await createStaff(t, { role: 'reviewer' });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('"Photo seen before", by sale kind', () => {
  it('stays quiet on look-alike exchange screenshots of different customers', async () => {
    const first = await exchangeScreen('Amount 20.00 USDT  TRC20');
    const second = await exchangeScreen('Amount 35.50 USDT  TRC20');
    // The premise: to a perceptual hash the two screens are the same picture.
    expect(hammingDistance(await perceptualHash(first), await perceptualHash(second))).toBeLessThanOrEqual(3);
    const a = await sellCoin(await customer(), first);
    const b = await sellCoin(await customer(), second);
    expect(await photoFlag(a.id)).toBeUndefined();
    expect(await photoFlag(b.id)).toBeUndefined();
  });

  it('flags the very same screenshot sent again by another customer, with a link to the first', async () => {
    const screenshot = await exchangeScreen('Amount 99.00 USDT  TRC20  0x5e1f');
    const owner = await sellCoin(await customer(), screenshot);
    const copy = await sellCoin(await customer(), screenshot);
    expect((await photoFlag(copy.id))?.related_sales.map((sale) => sale.id)).toEqual([owner.id]);
    expect(await photoFlag(owner.id)).toBeDefined();
  });

  it("still finds a re-used card photo, re-encoded, in another customer's gift-card sale", async () => {
    const original = await cardPhotoOf(5150);
    const owner = await sellCard(await customer(), original);
    const copy = await sellCard(await customer(), await sharp(original).resize(400).jpeg({ quality: 60 }).toBuffer());
    expect((await photoFlag(copy.id))?.related_sales.map((sale) => sale.id)).toEqual([owner.id]);
  });
});
