import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { GiftCard, GiftCardDetailResponse } from '@wise/shared';
import { catalogueMessages, type AdminGiftCard, type AdminSubcategory, type RateHistoryResponse } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { addBankDetails, cardPhoto, multipartForm, postSale } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/** The catalogue as admins run it (docs/decisions.md §8): cards, sub-categories, rates and their history, pictures. */
let t: TestApp;
let dir: string;
let admin: TestStaff;
let reviewer: TestStaff;
let customer: TestUser;
const clock = new ManualClock('2026-11-20T09:00:00Z');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-admin-catalogue-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  admin = await createStaff(t, { role: 'admin', name: 'Ada Admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
  customer = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A rate (new or changed) is sent with the sender's own authenticator code, as the back office does. */
const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, who: TestStaff | string = admin) => {
  const body = payload as Record<string, unknown>;
  const cookie = typeof who === 'string' ? who : who.cookie;
  const confirmed =
    typeof who !== 'string' && 'exchange_rate' in body && !('confirm_code' in body) ? { ...body, confirm_code: who.code() } : body;
  return t.app.inject({ method, url, payload: confirmed, headers: { cookie } });
};

const adminCards = async () => (await get(t.app, '/api/admin/giftcards', admin.cookie)).json<{ cards: AdminGiftCard[] }>().cards;
const cardBySlug = async (slug: string) => {
  const card = (await adminCards()).find((c) => c.slug === slug);
  if (!card) throw new Error(`no card ${slug}`);
  return card;
};
const customerCards = async () => (await get(t.app, '/api/giftcards', customer.cookie)).json<{ cards: GiftCard[] }>().cards;
const customerDetail = (slug: string) => get(t.app, `/api/giftcards/${slug}`, customer.cookie);

async function auditLines(targetId: string) {
  return t.database.query<{
    staff_id: string;
    actor: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    at: Date;
  }>('SELECT staff_id, actor, action, before, after, at FROM staff_audit_log WHERE target_id = $1 ORDER BY id', [targetId]);
}

describe('who may run the catalogue', () => {
  it('is admins only (reviewers may read the list, for the queue filter): no session 401, a customer 401, a reviewer 403 on changes', async () => {
    const urls = ['/api/admin/giftcards'];
    for (const url of urls) {
      expect((await get(t.app, url)).statusCode).toBe(401);
      expect((await get(t.app, url, customer.cookie)).statusCode).toBe(401);
      expect((await get(t.app, url, reviewer.cookie)).statusCode).toBe(200);
      expect((await get(t.app, url, admin.cookie)).statusCode).toBe(200);
    }
    const card = await cardBySlug('amazon');
    const sub = card.subcategories[0];
    if (!sub) throw new Error('no sub-category');
    const writes = [
      send('POST', '/api/admin/giftcards', { name: 'Nope', currency: 'USD', brand_color: '#123456' }, reviewer.cookie),
      send('PATCH', `/api/admin/giftcards/${card.id}`, { enabled: false }, reviewer.cookie),
      send('PATCH', `/api/admin/giftcards/subcategories/${sub.id}`, { exchange_rate: '1' }, reviewer.cookie),
      send('POST', `/api/admin/giftcards/${card.id}/subcategories`, {}, customer.cookie),
      get(t.app, `/api/admin/giftcards/subcategories/${sub.id}/rates`, reviewer.cookie),
    ];
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 401, 403]);
    // Nothing changed.
    expect((await cardBySlug('amazon')).enabled).toBe(true);
    expect((await adminCards()).some((c) => c.name === 'Nope')).toBe(false);
  });
});

describe('gift cards', () => {
  it('lists every card with all its sub-categories, disabled ones included', async () => {
    const cards = await adminCards();
    expect(cards.length).toBeGreaterThanOrEqual(12);
    const amazon = cards.find((c) => c.slug === 'amazon');
    expect(amazon).toMatchObject({
      name: 'Amazon',
      currency: 'USD',
      enabled: true,
      image_url: null,
      customer_image_url: '/api/giftcards/art/amazon.svg',
    });
    expect(amazon?.subcategories.map((s) => s.label)).toEqual([
      'USA physical · $25–$100',
      'USA physical · $101–$500',
      'USA e-code · $25–$500',
      'UK physical · £25–£200',
    ]);
    expect(amazon?.subcategories[0]).toMatchObject({ exchange_rate: '1180.00', min_amount: '25.00', max_amount: '100.00', enabled: true });
  });

  it('refuses an invalid card with 400 and a message per field', async () => {
    const empty = await send('POST', '/api/admin/giftcards', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        name: catalogueMessages.nameRequired,
        currency: catalogueMessages.currencyInvalid,
        brand_color: catalogueMessages.colorInvalid,
      },
    });
    const bad = await send('POST', '/api/admin/giftcards', { name: 'x'.repeat(61), currency: 'NGN', brand_color: 'red' });
    expect(bad.json().fields).toEqual({
      name: catalogueMessages.nameTooLong,
      currency: catalogueMessages.currencyInvalid,
      brand_color: catalogueMessages.colorInvalid,
    });
    const symbols = await send('POST', '/api/admin/giftcards', { name: '***', currency: 'USD', brand_color: '#000000' });
    expect(symbols.json()).toMatchObject({ fields: { name: catalogueMessages.nameNoSlug } });
    const taken = await send('POST', '/api/admin/giftcards', { name: 'AMAZON', currency: 'USD', brand_color: '#000000' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: catalogueMessages.nameTaken, fields: { name: catalogueMessages.nameTaken } });
  });

  it('adds a card with a slug from its name, audited; customers see it once it has a sub-category', async () => {
    const created = await send('POST', '/api/admin/giftcards', { name: '  Best Buy  ', currency: 'USD', brand_color: '#0046BE' });
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json<{ card: AdminGiftCard }>().card;
    expect(card).toMatchObject({ name: 'Best Buy', slug: 'best-buy', brand_color: '#0046be', enabled: true, subcategories: [] });
    const [line] = await auditLines(card.id);
    expect(line).toMatchObject({
      staff_id: admin.id,
      actor: admin.email,
      action: 'giftcard.create',
      before: null,
      after: { name: 'Best Buy', slug: 'best-buy', enabled: true },
    });
    expect((await customerCards()).map((c) => c.slug)).toContain('best-buy');

    // Words the customer routes use, and names that make one slug, still get a slug of their own.
    const search = (await send('POST', '/api/admin/giftcards', { name: 'Search', currency: 'GBP', brand_color: '#112233' })).json<{
      card: AdminGiftCard;
    }>();
    expect(search.card.slug).toBe('search-card');
    const again = (await send('POST', '/api/admin/giftcards', { name: 'Best-Buy!', currency: 'USD', brand_color: '#112233' })).json<{
      card: AdminGiftCard;
    }>();
    expect(again.card.slug).toBe('best-buy-2');
  });

  it('renames, recolours, disables and enables a card; customers follow at once; each change audited with before and after', async () => {
    const amazon = await cardBySlug('amazon');
    const off = await send('PATCH', `/api/admin/giftcards/${amazon.id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ card: AdminGiftCard }>().card.enabled).toBe(false);
    expect((await customerCards()).map((c) => c.slug)).not.toContain('amazon');
    expect((await customerDetail('amazon')).statusCode).toBe(404);
    expect(
      (await get(t.app, '/api/admin/giftcards', admin.cookie)).json<{ cards: AdminGiftCard[] }>().cards.some((c) => c.slug === 'amazon'),
    ).toBe(true);

    const on = await send('PATCH', `/api/admin/giftcards/${amazon.id}`, { enabled: true, name: 'Amazon.com', brand_color: '#FF9901' });
    expect(on.json<{ card: AdminGiftCard }>().card).toMatchObject({
      enabled: true,
      name: 'Amazon.com',
      slug: 'amazon',
      brand_color: '#ff9901',
    });
    const detail = (await customerDetail('amazon')).json<GiftCardDetailResponse>();
    expect(detail.card).toMatchObject({ name: 'Amazon.com', brand_color: '#ff9901' });

    const lines = (await auditLines(amazon.id)).filter((l) => l.action === 'giftcard.update');
    expect(lines.map((l) => [l.before, l.after])).toEqual([
      [{ enabled: true }, { enabled: false }],
      [
        { name: 'Amazon', enabled: false, brand_color: amazon.brand_color },
        { name: 'Amazon.com', enabled: true, brand_color: '#ff9901' },
      ],
    ]);
    await send('PATCH', `/api/admin/giftcards/${amazon.id}`, { name: 'Amazon', brand_color: amazon.brand_color });
  });

  it('refuses an empty change, an unknown card, a malformed id and a taken name', async () => {
    const amazon = await cardBySlug('amazon');
    const empty = await send('PATCH', `/api/admin/giftcards/${amazon.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(catalogueMessages.nothingToChange);
    expect((await send('PATCH', '/api/admin/giftcards/3f1e1c3a-1d5e-4a43-9b8e-1b0f5c1b2a10', { enabled: false })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/admin/giftcards/not-a-uuid', { enabled: false })).statusCode).toBe(400);
    const taken = await send('PATCH', `/api/admin/giftcards/${amazon.id}`, { name: 'steam' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: catalogueMessages.nameTaken });
    const unknownField = await send('PATCH', `/api/admin/giftcards/${amazon.id}`, { slug: 'new-slug' });
    expect(unknownField.statusCode).toBe(400);
  });
});

describe('sub-categories and rates', () => {
  it('refuses an invalid sub-category with a message per field', async () => {
    const amazon = await cardBySlug('amazon');
    const url = `/api/admin/giftcards/${amazon.id}/subcategories`;
    const bad = await send('POST', url, {
      country: 'U',
      kind: 'plastic',
      currency: 'JPY',
      min_amount: '0',
      max_amount: '1.234',
      exchange_rate: 'lots',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      country: catalogueMessages.countryInvalid,
      kind: catalogueMessages.kindInvalid,
      currency: catalogueMessages.currencyInvalid,
      min_amount: catalogueMessages.amountPositive,
      max_amount: catalogueMessages.amountInvalid,
      exchange_rate: catalogueMessages.rateInvalid,
    });
    const inverted = await send('POST', url, {
      country: 'USA',
      kind: 'ecode',
      currency: 'USD',
      min_amount: '200',
      max_amount: '100',
      exchange_rate: '1200',
    });
    expect(inverted.json()).toMatchObject({ code: 'VALIDATION', fields: { max_amount: catalogueMessages.bandInvalid } });
    const duplicate = await send('POST', url, {
      country: 'USA',
      kind: 'physical',
      currency: 'USD',
      min_amount: '25',
      max_amount: '50',
      exchange_rate: '1200',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields).toEqual({ min_amount: catalogueMessages.bandTaken });
    expect(
      (
        await send('POST', '/api/admin/giftcards/3f1e1c3a-1d5e-4a43-9b8e-1b0f5c1b2a10/subcategories', {
          country: 'USA',
          kind: 'ecode',
          currency: 'USD',
          min_amount: '1',
          max_amount: '2',
          exchange_rate: '3',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('adds one with its first rate in the history; customers see it', async () => {
    const card = await cardBySlug('best-buy');
    const created = await send('POST', `/api/admin/giftcards/${card.id}/subcategories`, {
      country: 'USA',
      kind: 'ecode',
      currency: 'USD',
      min_amount: '10',
      max_amount: '200.5',
      exchange_rate: '1100',
      position: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const sub = created.json<{ subcategory: AdminSubcategory }>().subcategory;
    expect(sub).toMatchObject({
      label: 'USA e-code · $10–$200.50',
      min_amount: '10.00',
      max_amount: '200.50',
      exchange_rate: '1100.00',
      rate_updated_at: clock.now().toISOString(),
    });
    const history = (await get(t.app, `/api/admin/giftcards/subcategories/${sub.id}/rates`, admin.cookie)).json<RateHistoryResponse>();
    expect(history.items).toEqual([
      {
        id: expect.any(Number),
        old_rate: null,
        new_rate: '1100.00',
        changed_by: { id: admin.id, name: 'Ada Admin', email: admin.email },
        changed_at: clock.now().toISOString(),
      },
    ]);
    const detail = (await customerDetail('best-buy')).json<GiftCardDetailResponse>();
    expect(detail.subcategories).toEqual([
      expect.objectContaining({ id: sub.id, exchange_rate: '1100.00', subcategory: 'USA e-code · $10–$200.50' }),
    ]);
    const [line] = await auditLines(sub.id);
    expect(line).toMatchObject({
      action: 'giftcard.subcategory_create',
      staff_id: admin.id,
      after: { exchange_rate: '1100.00', country: 'USA' },
    });
  });

  it('changes a rate: the customer sees it at once; the history says who, when, from and to, newest first; audited', async () => {
    const amazon = await cardBySlug('amazon');
    const sub = amazon.subcategories[0];
    if (!sub) throw new Error('no sub-category');
    clock.advance(10 * 60_000);
    const first = await send('PATCH', `/api/admin/giftcards/subcategories/${sub.id}`, { exchange_rate: '1195.5' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ subcategory: AdminSubcategory }>().subcategory).toMatchObject({
      exchange_rate: '1195.50',
      rate_updated_at: clock.now().toISOString(),
    });
    const firstAt = clock.now().toISOString();

    const other = await createStaff(t, { role: 'admin', name: 'Bola Admin' });
    clock.advance(5 * 60_000);
    expect((await send('PATCH', `/api/admin/giftcards/subcategories/${sub.id}`, { exchange_rate: '1210' }, other)).statusCode).toBe(200);
    const secondAt = clock.now().toISOString();

    const detail = (await customerDetail('amazon')).json<GiftCardDetailResponse>();
    expect(detail.subcategories.find((s) => s.id === sub.id)?.exchange_rate).toBe('1210.00');

    const history = (await get(t.app, `/api/admin/giftcards/subcategories/${sub.id}/rates`, admin.cookie)).json<RateHistoryResponse>()
      .items;
    expect(history.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        old_rate: '1195.50',
        new_rate: '1210.00',
        changed_by: { id: other.id, name: 'Bola Admin', email: other.email },
        changed_at: secondAt,
      },
      {
        id: expect.any(Number),
        old_rate: '1180.00',
        new_rate: '1195.50',
        changed_by: { id: admin.id, name: 'Ada Admin', email: admin.email },
        changed_at: firstAt,
      },
    ]);
    const lines = (await auditLines(sub.id)).filter((l) => l.action === 'giftcard.rate_change');
    expect(lines.map((l) => [l.staff_id, l.before, l.after])).toEqual([
      [admin.id, { exchange_rate: '1180.00' }, { exchange_rate: '1195.50' }],
      [other.id, { exchange_rate: '1195.50' }, { exchange_rate: '1210.00' }],
    ]);
  });

  it('prices the next sale at the new rate: the old one is a 409 RATE_CHANGED carrying the new value', async () => {
    const amazon = await cardBySlug('amazon');
    const sub = amazon.subcategories[0];
    if (!sub) throw new Error('no sub-category');
    await addBankDetails(t, customer);
    const images = [{ data: await cardPhoto('jpeg', 9) }];
    const stale = await postSale(t, {
      fields: { subcategory_id: sub.id, amount: '50', expected_rate: '1195.50' },
      files: images,
      cookie: customer.cookie,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'RATE_CHANGED', meta: { exchange_rate: '1210.00', value_kobo: 50 * 1210 * 100 } });
    const fresh = await postSale(t, {
      fields: { subcategory_id: sub.id, amount: '50', expected_rate: '1210.00' },
      files: images,
      cookie: customer.cookie,
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json<{ sale: { value_kobo: number } }>().sale.value_kobo).toBe(50 * 1210 * 100);
  });

  it('records no rate change when the rate stays the same or other fields change', async () => {
    const amazon = await cardBySlug('amazon');
    const sub = amazon.subcategories[1];
    if (!sub) throw new Error('no sub-category');
    const before = (await get(t.app, `/api/admin/giftcards/subcategories/${sub.id}/rates`, admin.cookie)).json<RateHistoryResponse>().items
      .length;
    clock.advance(60_000);
    const same = await send('PATCH', `/api/admin/giftcards/subcategories/${sub.id}`, {
      exchange_rate: sub.exchange_rate.replace(/\.00$/, ''),
      position: 7,
    });
    expect(same.json<{ subcategory: AdminSubcategory }>().subcategory).toMatchObject({ position: 7, rate_updated_at: sub.rate_updated_at });
    const off = await send('PATCH', `/api/admin/giftcards/subcategories/${sub.id}`, { enabled: false });
    expect(off.json<{ subcategory: AdminSubcategory }>().subcategory.enabled).toBe(false);
    const after = (await get(t.app, `/api/admin/giftcards/subcategories/${sub.id}/rates`, admin.cookie)).json<RateHistoryResponse>().items
      .length;
    expect(after).toBe(before);
    const [update] = (await auditLines(sub.id)).filter((l) => l.action === 'giftcard.subcategory_update');
    expect(update).toMatchObject({ before: { position: sub.position }, after: { position: 7 } });
    // A disabled sub-category leaves the customer's sell form.
    const detail = (await customerDetail('amazon')).json<GiftCardDetailResponse>();
    expect(detail.subcategories.map((s) => s.id)).not.toContain(sub.id);
    await send('PATCH', `/api/admin/giftcards/subcategories/${sub.id}`, { enabled: true, position: sub.position });
  });

  it('refuses a band inverted by one edge, a bad rate, an empty change and unknown ids', async () => {
    const amazon = await cardBySlug('amazon');
    const sub = amazon.subcategories[0];
    if (!sub) throw new Error('no sub-category');
    const url = `/api/admin/giftcards/subcategories/${sub.id}`;
    const inverted = await send('PATCH', url, { min_amount: '5000' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().fields).toEqual({ min_amount: catalogueMessages.bandInvalid });
    const rate = await send('PATCH', url, { exchange_rate: '-5' });
    expect(rate.json().fields).toEqual({ exchange_rate: catalogueMessages.rateInvalid });
    expect((await send('PATCH', url, {})).json().error).toBe(catalogueMessages.nothingToChange);
    const unknown = '3f1e1c3a-1d5e-4a43-9b8e-1b0f5c1b2a10';
    expect((await send('PATCH', `/api/admin/giftcards/subcategories/${unknown}`, { enabled: false })).statusCode).toBe(404);
    expect((await get(t.app, `/api/admin/giftcards/subcategories/${unknown}/rates`, admin.cookie)).statusCode).toBe(404);
  });
});

describe('card pictures', () => {
  const upload = (cardId: string, data: Buffer, options: { field?: string; cookie?: string; contentType?: string } = {}) => {
    const form = multipartForm({}, [
      { data, field: options.field ?? 'image', filename: 'card.png', contentType: options.contentType ?? 'image/png' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/giftcards/${cardId}/image`,
      payload: form.payload,
      headers: { ...form.headers, cookie: options.cookie ?? admin.cookie },
    });
  };

  it('re-encodes an upload to WebP (no metadata, card-sized), stores it under catalogue/ and shows it to customers instead of the drawn art', async () => {
    const steam = await cardBySlug('steam');
    const big = await cardPhoto('png', 3, 2400, 1500);
    const response = await upload(steam.id, big);
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json<{ card: AdminGiftCard }>().card;
    expect(card.image_url).toBe(`/api/admin/giftcards/${steam.id}/image`);
    expect(card.customer_image_url).toMatch(/^\/api\/giftcards\/art\/[0-9a-f]{32}\.webp$/);
    const [row] = await t.database.query<{ image_key: string }>('SELECT image_key FROM gift_cards WHERE id = $1', [steam.id]);
    expect(row?.image_key).toMatch(/^catalogue\/[0-9a-f]{32}\.webp$/);

    // Staff read it through the back office…
    const own = await get(t.app, card.image_url ?? '', admin.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 960, height: 600 });
    expect(meta.exif).toBeUndefined();

    // …customers in the catalogue, the card page and wherever the drawn art's URL was kept.
    const listed = (await customerCards()).find((c) => c.slug === 'steam');
    expect(listed?.image_url).toBe(card.customer_image_url);
    expect((await customerDetail('steam')).json<GiftCardDetailResponse>().card.image_url).toBe(card.customer_image_url);
    const served = await get(t.app, card.customer_image_url, customer.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(own.rawPayload)).toBe(true);
    expect((await get(t.app, card.customer_image_url)).statusCode).toBe(401);
    const art = await get(t.app, '/api/giftcards/art/steam.svg', customer.cookie);
    expect(art.statusCode).toBe(302);
    expect(art.headers.location).toBe(card.customer_image_url);

    const [line] = (await auditLines(steam.id)).filter((l) => l.action === 'giftcard.image');
    expect(line).toMatchObject({ staff_id: admin.id, before: { image_key: null }, after: { image_key: row?.image_key } });
  });

  it('replaces a picture: the old one is gone', async () => {
    const steam = await cardBySlug('steam');
    const old = steam.customer_image_url;
    const response = await upload(steam.id, await cardPhoto('jpeg', 5), { contentType: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = response.json<{ card: AdminGiftCard }>().card.customer_image_url;
    expect(fresh).not.toBe(old);
    expect((await get(t.app, old, customer.cookie)).statusCode).toBe(404);
    expect((await get(t.app, fresh, customer.cookie)).statusCode).toBe(200);
  });

  it('refuses what is not a picture, a missing file, a wrong field, a reviewer and an unknown card', async () => {
    const razer = await cardBySlug('razer-gold');
    const text = await upload(razer.id, Buffer.from('just some text, not an image'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(catalogueMessages.imageNotImage);
    const wrongField = await upload(razer.id, await cardPhoto('png'), { field: 'images' });
    expect(wrongField.statusCode).toBe(400);
    const json = await send('POST', `/api/admin/giftcards/${razer.id}/image`, { image: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload(razer.id, await cardPhoto('png'), { cookie: reviewer.cookie })).statusCode).toBe(403);
    expect((await upload('3f1e1c3a-1d5e-4a43-9b8e-1b0f5c1b2a10', await cardPhoto('png'))).statusCode).toBe(404);
    expect((await cardBySlug('razer-gold')).image_url).toBeNull();
    expect((await get(t.app, `/api/admin/giftcards/${razer.id}/image`, admin.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/giftcards/art/0123456789abcdef0123456789abcdef.webp', customer.cookie)).statusCode).toBe(404);
  });
});

describe('hostile text', () => {
  interface Operation {
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string; enum?: unknown[] }> } }> };
  }

  it('every string field of every business back-office JSON body refuses a NUL, naming the field', async () => {
    const doc = (await get(t.app, '/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const params: Record<string, string> = { id: '00000000-0000-4000-8000-000000000000', coin: 'btc', code: '058' };
    let checked = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      if (!/^\/api\/admin\/(giftcards|crypto|banks|bills|dashboard)/.test(route)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        for (const [field, property] of Object.entries(schema?.properties ?? {})) {
          if (property.type !== 'string' || property.enum) continue;
          const url = route.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? 'x');
          const response = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            payload: { [field]: 'abc\u0000def' },
            headers: { cookie: admin.cookie },
          });
          expect(response.statusCode, `${method} ${route} ${field}`).toBe(400);
          expect(response.json().fields?.[field], `${method} ${route} ${field}`).toBeDefined();
          checked += 1;
        }
      }
    }
    // name, brand_color, country, min/max, rate (×2 for create and edit), adjustment, wallet fields, bank fields.
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});
