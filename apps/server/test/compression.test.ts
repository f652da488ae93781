import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/** API answers of 1 KB or more leave compressed when the browser accepts it (plugins/compression.ts). */

let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

const trending = (acceptEncoding?: string) =>
  t.app.inject({
    url: '/api/crypto/trending',
    headers: { cookie: customer.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed answers', () => {
  it('sends a large answer as brotli or gzip, whichever the browser takes, with the same JSON inside', async () => {
    const plain = await trending();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await trending('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await trending('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a kept catalogue answer compressed as any other, the same bytes each time (compressed once: plugins/compression.ts)', async () => {
    const coins = (acceptEncoding?: string) =>
      t.app.inject({
        url: '/api/crypto/coins',
        headers: { cookie: customer.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await coins();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const first = await coins('gzip, deflate, br');
    const second = await coins('gzip, deflate, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(second.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await coins('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync((await coins('gzip')).rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('leaves a small answer as it is', async () => {
    const response = await t.app.inject({ url: '/api/gems/balance', headers: { cookie: customer.cookie, 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('total_points');
  });

  it('never inflates a compressed request body: it is refused with the error body', async () => {
    const body = gzipSync(JSON.stringify({ identifier: 'someone@example.com', password: 'x'.repeat(20) }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('code');
  });
});
