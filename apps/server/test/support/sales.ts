import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { GiftCardDetailResponse, SaleResponse, SubCategory } from '@wise/shared';
import { get, type TestApp } from './app';
import type { TestUser } from './users';

/** A small card photo (sharp-made, so it decodes); `seed` varies its pixels so two are different files. */
export async function cardPhoto(format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg', seed = 0, width = 320, height = 200): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: (40 + seed * 37) % 256, g: 120, b: 200 } } }).withExif({
    IFD0: { Copyright: 'SECRET-EXIF-MARKER' },
  });
  return format === 'avif' ? image.heif({ compression: 'av1', quality: 50 }).toBuffer() : image.toFormat(format).toBuffer();
}

/** A JPEG whose EXIF carries a GPS position (Lagos), as a phone camera writes it. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#33aa66' } })
    .withExif({
      IFD0: { Copyright: 'SECRET-EXIF-MARKER', Make: 'PhoneCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 4567/100' },
    })
    .jpeg()
    .toBuffer();
}

/** Whether EXIF bytes hold a GPS IFD pointer (tag 0x8825), in either byte order. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const littleEndian = exif.includes(Buffer.from('II*\0', 'latin1'));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

export interface FilePart {
  data: Buffer;
  field?: string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body with text fields (in order) and file parts, as a browser's FormData sends it. */
export function multipartForm(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----wise${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  files.forEach((file, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.filename ?? `card-${i}.jpg`}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const newIdempotencyKey = () => `sale-${randomBytes(12).toString('hex')}`;

export interface SellOptions {
  fields: Record<string, string>;
  files?: FilePart[];
  key?: string | null;
  cookie?: string;
}

/** POST /api/giftcards/sales as the browser sends it. */
export function postSale(t: TestApp, options: SellOptions): Promise<LightMyRequestResponse> {
  const body = multipartForm(options.fields, options.files ?? []);
  const headers: Record<string, string> = { ...body.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const key = options.key === undefined ? newIdempotencyKey() : options.key;
  if (key !== null) headers['idempotency-key'] = key;
  return t.app.inject({ method: 'POST', url: '/api/giftcards/sales', payload: body.payload, headers } satisfies InjectOptions);
}

/** Sets bank details through the API (the sandbox lookup resolves the name). */
export async function addBankDetails(t: TestApp, user: TestUser, account = '0123456789'): Promise<void> {
  const payload = { bank_code: '058', bank_account: account, password: user.password };
  const response = await t.app.inject({ method: 'PUT', url: '/api/bank', payload, headers: { cookie: user.cookie } });
  if (response.statusCode !== 200) throw new Error(`bank details failed: ${response.body}`);
}

/** A card's detail as the sell form loads it. */
export async function cardDetail(t: TestApp, user: TestUser, slug: string): Promise<GiftCardDetailResponse> {
  const response = await get(t.app, `/api/giftcards/${slug}`, user.cookie);
  if (response.statusCode !== 200) throw new Error(`card ${slug}: ${response.body}`);
  return response.json<GiftCardDetailResponse>();
}

/** The valid fields of a sale of `amount` in a sub-category, at the rate the screen showed. */
export const saleFields = (sub: SubCategory, amount = '50', extra: Record<string, string> = {}) => ({
  subcategory_id: sub.id,
  amount,
  expected_rate: sub.exchange_rate,
  ...extra,
});

/** One successful gift-card sale for a customer who has bank details. */
export async function sellGiftCard(
  t: TestApp,
  user: TestUser,
  options: { slug?: string; amount?: string; comment?: string; seed?: number } = {},
) {
  const detail = await cardDetail(t, user, options.slug ?? 'amazon');
  const sub = detail.subcategories[0];
  if (!sub) throw new Error('no sub-category');
  const fields = saleFields(sub, options.amount ?? '50', options.comment ? { comment: options.comment } : {});
  const response = await postSale(t, { fields, files: [{ data: await cardPhoto('jpeg', options.seed ?? 0) }], cookie: user.cookie });
  if (response.statusCode !== 201) throw new Error(`sale failed: ${response.statusCode} ${response.body}`);
  return response.json<SaleResponse>().sale;
}

/** For tests that only need a customer to own a sale (access matrix): the customer has bank details. */
export const seedSale = (t: TestApp, user: TestUser) => sellGiftCard(t, user, { comment: 'seeded sale' });
