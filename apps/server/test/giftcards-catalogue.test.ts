import { giftCardMessages, type GiftCard, type GiftCardDetailResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/** The gift-card catalogue (docs/product.md §7 get_gift_cards, search_cards, get_gift_card_subcategories.php). */
let t: TestApp;
let c: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  c = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

const cards = async () => (await get(t.app, '/api/giftcards', c.cookie)).json<{ cards: GiftCard[] }>().cards;

describe('the catalogue', () => {
  it('is seeded with at least 12 well-known cards, by name, each with its drawn artwork', async () => {
    const list = await cards();
    expect(list.length).toBeGreaterThanOrEqual(12);
    const names = list.map((card) => card.name);
    for (const brand of [
      'Amazon',
      'Apple / iTunes',
      'Steam',
      'Google Play',
      'Razer Gold',
      'Sephora',
      'Nordstrom',
      'eBay',
      'Walmart',
      'Vanilla',
      'American Express',
      'Xbox',
    ]) {
      expect(names).toContain(brand);
    }
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const card of list) {
      expect(card.image_url).toBe(`/api/giftcards/art/${card.slug}.svg`);
      expect(card.brand_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(['USD', 'GBP', 'EUR', 'CAD', 'AUD']).toContain(card.currency);
    }
  });

  it('gives every card several sub-categories with plausible naira rates and bands', async () => {
    for (const card of await cards()) {
      const detail = (await get(t.app, `/api/giftcards/${card.slug}`, c.cookie)).json<GiftCardDetailResponse>();
      expect(detail.card).toEqual(card);
      expect(detail.subcategories.length, card.name).toBeGreaterThanOrEqual(2);
      for (const sub of detail.subcategories) {
        expect(sub.exchange_rate).toMatch(/^\d+\.\d{2}$/);
        const rate = Number(sub.exchange_rate);
        // ₦ per unit: dollars around ₦900-1,500, pounds and euros more, Canadian and Australian dollars less.
        expect(rate, `${card.name} ${sub.subcategory}`).toBeGreaterThanOrEqual(700);
        expect(rate).toBeLessThanOrEqual(2000);
        expect(Number(sub.min_amount)).toBeLessThanOrEqual(Number(sub.max_amount));
        expect(['physical', 'ecode']).toContain(sub.kind);
      }
    }
    const amazon = (await get(t.app, '/api/giftcards/amazon', c.cookie)).json<GiftCardDetailResponse>();
    expect(amazon.subcategories.map((s) => s.subcategory)).toEqual([
      'USA physical · $25–$100',
      'USA physical · $101–$500',
      'USA e-code · $25–$500',
      'UK physical · £25–£200',
    ]);
    expect(amazon.subcategories[0]).toMatchObject({
      exchange_rate: '1180.00',
      min_amount: '25.00',
      max_amount: '100.00',
      country: 'USA',
      currency: 'USD',
    });
  });

  it('answers an unknown card with 404 GIFTCARD_NOT_FOUND, and a malformed slug with 400', async () => {
    const unknown = await get(t.app, '/api/giftcards/no-such-card', c.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'GIFTCARD_NOT_FOUND', error: giftCardMessages.cardUnavailable });
    expect((await get(t.app, '/api/giftcards/..%2Fetc', c.cookie)).statusCode).toBe(400);
  });

  it('is private', async () => {
    for (const url of ['/api/giftcards', '/api/giftcards/search?query=amazon', '/api/giftcards/amazon', '/api/giftcards/art/amazon.svg']) {
      expect((await get(t.app, url)).statusCode, url).toBe(401);
    }
  });
});

describe('search', () => {
  it('matches a substring of the name in any case', async () => {
    const hit = await get(t.app, '/api/giftcards/search?query=GOO', c.cookie);
    expect(hit.statusCode).toBe(200);
    expect(hit.json<{ cards: GiftCard[] }>().cards.map((card) => card.name)).toEqual(['Google Play']);
    const several = (await get(t.app, '/api/giftcards/search?query=a', c.cookie)).json<{ cards: GiftCard[] }>().cards;
    expect(several.length).toBeGreaterThan(3);
    expect(several.every((card) => card.name.toLowerCase().includes('a'))).toBe(true);
    const spaced = (await get(t.app, `/api/giftcards/search?query=${encodeURIComponent(' / itunes ')}`, c.cookie)).json<{
      cards: GiftCard[];
    }>();
    expect(spaced.cards.map((card) => card.slug)).toEqual(['apple-itunes']);
  });

  it('answers no match with its text (docs/product.md §8 shows it as a toast), treating wildcards literally', async () => {
    for (const query of ['zzz', '%', '_']) {
      const miss = await get(t.app, `/api/giftcards/search?query=${encodeURIComponent(query)}`, c.cookie);
      expect(miss.statusCode, query).toBe(404);
      expect(miss.json()).toEqual({ error: `No gift card matches "${query}"`, code: 'GIFTCARD_NOT_FOUND' });
    }
  });

  it('refuses an empty, overlong or control-character query with a clear message', async () => {
    const cases: [string, string][] = [
      ['', giftCardMessages.queryRequired],
      ['%20%20', giftCardMessages.queryRequired],
      ['a'.repeat(41), giftCardMessages.queryTooLong],
      ['ama%00zon', 'Invalid characters'],
    ];
    for (const [query, message] of cases) {
      const response = await get(t.app, `/api/giftcards/search?query=${query}`, c.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ fields: { query: message } });
    }
    expect((await get(t.app, '/api/giftcards/search', c.cookie)).json()).toMatchObject({
      fields: { query: giftCardMessages.queryRequired },
    });
  });
});

describe('a disabled card', () => {
  it('leaves the list, the search and its page; an empty catalogue is 404 "Couldn\'t fetch gift cards"', async () => {
    await t.database.query("UPDATE gift_cards SET enabled = false WHERE slug = 'steam'");
    expect((await cards()).map((card) => card.slug)).not.toContain('steam');
    expect((await get(t.app, '/api/giftcards/search?query=steam', c.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/giftcards/steam', c.cookie)).json()).toMatchObject({ code: 'GIFTCARD_NOT_FOUND' });
    // A disabled sub-category leaves its card's page too.
    const [first] = (await get(t.app, '/api/giftcards/ebay', c.cookie)).json<GiftCardDetailResponse>().subcategories;
    await t.database.query('UPDATE gift_card_subcategories SET enabled = false WHERE id = $1', [first?.id]);
    const ebay = (await get(t.app, '/api/giftcards/ebay', c.cookie)).json<GiftCardDetailResponse>();
    expect(ebay.subcategories.map((s) => s.id)).not.toContain(first?.id);

    await t.database.query('UPDATE gift_cards SET enabled = false');
    const empty = await get(t.app, '/api/giftcards', c.cookie);
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ error: "Couldn't fetch gift cards", code: 'GIFTCARD_NOT_FOUND' });
    await t.database.query('UPDATE gift_cards SET enabled = true');
    await t.database.query('UPDATE gift_card_subcategories SET enabled = true');
  });
});

describe('card artwork', () => {
  it('is an SVG drawn by us: the brand colour and name in type, nothing that runs or loads', async () => {
    const art = await get(t.app, '/api/giftcards/art/american-express.svg', c.cookie);
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(art.headers['content-security-policy']).toContain("default-src 'none'");
    expect(art.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(art.body).toContain('fill="#2e77bb"');
    expect(art.body).toContain('>American Express</text>');
    expect(art.body).not.toMatch(/<script|<image|href=|onload|<foreignObject/i);
  });

  it("escapes a card's name and picks readable ink on light colours", async () => {
    const macys = await get(t.app, '/api/giftcards/art/macys.svg', c.cookie);
    expect(macys.body).toContain('>Macy&apos;s</text>');
    await t.database.query(
      `INSERT INTO gift_cards (slug, name, currency, brand_color) VALUES ('xss-test', '<script>alert(1)</script>', 'USD', '#fafafa')`,
    );
    const hostile = await get(t.app, '/api/giftcards/art/xss-test.svg', c.cookie);
    expect(hostile.body).not.toContain('<script>');
    expect(hostile.body).toContain('&lt;script&gt;');
    expect(hostile.body).toContain('fill="#111827"');
    await t.database.query(`UPDATE gift_cards SET enabled = false WHERE slug = 'xss-test'`);
  });

  it('is 404 for an unknown card and 400 for a name that is not a card file', async () => {
    expect((await get(t.app, '/api/giftcards/art/nope.svg', c.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/giftcards/art/amazon.png', c.cookie)).statusCode).toBe(400);
    expect((await get(t.app, '/api/giftcards/art/..%2F..%2Fpasswd.svg', c.cookie)).statusCode).toBe(400);
  });
});
