import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { quoteResponseSchema, type CoinId, type Quote } from '@wise/shared';
import { post, type TestApp } from './app';
import { multipartForm, newIdempotencyKey, type FilePart } from './sales';
import type { TestUser } from './users';

/** A quote as the coin page asks for one (POST /api/crypto/quotes). */
export async function quoteFor(t: TestApp, user: TestUser, coin: CoinId, amount: string): Promise<Quote> {
  const response = await post(t.app, '/api/crypto/quotes', { coin, amount }, user.cookie);
  if (response.statusCode !== 201) throw new Error(`quote failed: ${response.statusCode} ${response.body}`);
  return quoteResponseSchema.parse(response.json()).quote;
}

export interface CryptoSellOptions {
  fields: Record<string, string>;
  /** Sent in field "screenshot" unless a part names another. */
  files?: FilePart[];
  key?: string | null;
  cookie?: string;
}

/** POST /api/crypto/sales as the transfer-proof screen sends it. */
export function postCryptoSale(t: TestApp, options: CryptoSellOptions): Promise<LightMyRequestResponse> {
  const files = (options.files ?? []).map((file, i) => ({
    field: 'screenshot',
    filename: `transfer-${i}.png`,
    contentType: 'image/png',
    ...file,
  }));
  const body = multipartForm(options.fields, files);
  const headers: Record<string, string> = { ...body.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const key = options.key === undefined ? newIdempotencyKey() : options.key;
  if (key !== null) headers['idempotency-key'] = key;
  return t.app.inject({ method: 'POST', url: '/api/crypto/sales', payload: body.payload, headers } satisfies InjectOptions);
}

/** Makes the next price read fetch fresh prices from the sandbox at the clock's time (as the refresh job would). */
export async function refreshPrices(t: TestApp): Promise<void> {
  await t.database.query(
    "UPDATE market_data_cache SET payload = NULL, fetched_at = NULL, next_attempt_at = '1970-01-01T00:00:00Z' WHERE dataset = 'markets'",
  );
}
