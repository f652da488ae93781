import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@wise/shared';
import { createTestApp, get, type TestApp } from './support/app';
import { createStaff } from './support/staff';
import { multipartFile, photo } from './support/fake-images';
import { createCustomer, type TestUser } from './support/users';

/**
 * What the fuzz suite (test/fuzz.test.ts, `npm run fuzz`) found, one test each, so the fix stays
 * without the generator having to land on the same request again.
 */
let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

describe("the router's own refusals answer in the error body", () => {
  it('a path that is not valid percent-encoding → 400 { error, code }, not Fastify’s body', async () => {
    for (const url of ['/api/transactions/%', '/api/transactions/%zz', '/api/admin/customers/%E0%A4%A']) {
      const response = await get(t.app, url, customer.cookie);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(errorBodySchema.strict().parse(response.json()), url).toEqual({
        error: 'The request could not be understood',
        code: 'VALIDATION',
      });
    }
  });

  it('a path parameter past the router’s length limit → 414 { error, code }', async () => {
    const response = await get(t.app, `/api/transactions/${'a'.repeat(500)}`, customer.cookie);
    expect(response.statusCode).toBe(414);
    expect(errorBodySchema.strict().parse(response.json())).toEqual({ error: 'The request could not be understood', code: 'VALIDATION' });
  });
});

describe('multipart that is not well-formed → 400 with the error body, not 500', () => {
  const routes = ['/api/profile/photo', '/api/giftcards/sales', '/api/crypto/sales'];

  async function bodies() {
    const good = multipartFile(await photo('png', 40, 30));
    const payload = good.payload as Buffer;
    const boundary = /boundary=(.+)$/.exec(good.headers['content-type'])?.[1] ?? '';
    return [
      { what: 'no boundary', contentType: 'multipart/form-data', payload },
      { what: 'cut short', contentType: good.headers['content-type'], payload: payload.subarray(0, payload.length - 30) },
      {
        what: 'no closing boundary',
        contentType: good.headers['content-type'],
        payload: payload.subarray(0, payload.indexOf(`--${boundary}--`)),
      },
      { what: 'a boundary of 300 characters', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload },
    ];
  }

  it('on every upload route', async () => {
    for (const url of routes) {
      for (const body of await bodies()) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { cookie: customer.cookie, 'content-type': body.contentType, 'idempotency-key': `fz-${body.what.replaceAll(' ', '-')}` },
        });
        expect(response.statusCode, `${url}, ${body.what}: ${response.body}`).toBe(400);
        expect(errorBodySchema.strict().parse(response.json()).code, `${url}, ${body.what}`).toBe('VALIDATION');
      }
    }
  });
});

describe('a crypto quote for an amount worth more than kobo can count', () => {
  it('→ 400 "amount too large", not 500 (found by the fuzz run: 566757535 BTC)', async () => {
    for (const [coin, amount] of [
      ['btc', '566757535'],
      ['sol', '792318369.145549612'],
      ['btc', '99999999999999999999'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/crypto/quotes',
        payload: { coin, amount },
        headers: { cookie: customer.cookie },
      });
      expect(response.statusCode, `${amount} ${coin}: ${response.body}`).toBe(400);
      expect(response.json(), amount).toMatchObject({ code: 'VALIDATION', fields: { amount: expect.any(String) } });
    }
  });
});

describe("names that reach Object.prototype (found by the fuzz run: 'constructor')", () => {
  it("a coin glyph for 'constructor' and other Object.prototype names is drawn as lettered art, not a 500", async () => {
    for (const id of ['constructor', 'hasownproperty', 'tostring', 'valueof']) {
      const response = await get(t.app, `/api/crypto/art/${id}.svg`);
      expect(response.statusCode, id).toBe(200);
      expect(response.body, id).toContain('<svg');
    }
  });

  it("a wallet on the network 'constructor' is refused as an unknown network (400), not a 500", async () => {
    const admin = await createStaff(t, { role: 'admin' });
    for (const network of ['constructor', '__proto__', 'toString']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/crypto/wallets',
        payload: {
          coin: 'btc',
          network,
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          enabled: true,
          sort_order: 1,
          confirm_code: admin.code(),
        },
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, `${network}: ${response.body}`).toBe(400);
      expect(response.json(), network).toMatchObject({ code: 'VALIDATION' });
    }
  });
});
