import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { profileMessages } from '@wise/shared';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImage } from '../src/domain/uploads/image';
import { createTestApp, get, type TestApp } from './support/app';
import { multipartFile, photo, pngBomb } from './support/fake-images';
import { createCustomer, type TestUser } from './support/users';

const upload = (app: TestApp, cookie: string, body: ReturnType<typeof multipartFile>) =>
  app.app.inject({ method: 'POST', url: '/api/profile/photo', payload: body.payload, headers: { ...body.headers, cookie } });

async function expectStoredPhoto(app: TestApp, c: TestUser, url: string) {
  const served = await get(app.app, url, c.cookie);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cache-control']).toContain('private');
  const meta = await sharp(served.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
  expect(meta.exif).toBeUndefined();
  expect(served.rawPayload.includes('SECRET-EXIF-MARKER')).toBe(false);
}

describe('profile photo on local disk', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wise-uploads-'));
    t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts JPEG, PNG and WebP, re-encoded to a square WebP without metadata, under a random name', async () => {
    const c = await createCustomer(t);
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const r = await upload(
        t,
        c.cookie,
        multipartFile(await photo(format), { filename: `../../etc/passwd.${format}`, contentType: `image/${format}` }),
      );
      expect(r.statusCode, format).toBe(200);
      const { photo: url, message } = r.json<{ photo: string; message: string }>();
      expect(message).toBe(profileMessages.photoUpdated);
      expect(url).toMatch(/^\/api\/profile\/photo\/[a-f0-9]{32}\.webp$/);
      await expectStoredPhoto(t, c, url);
      expect((await get(t.app, '/api/profile', c.cookie)).json()).toMatchObject({ photo: url });
    }
    // Only the newest photo is kept: replaced ones are deleted from the store.
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect((await readFile(path.join(dir, files[0] ?? ''))).subarray(8, 12).toString()).toBe('WEBP');
  });

  it('the upload clears the dashboard prompt and the old URL stops working', async () => {
    const c = await createCustomer(t);
    const before = (await get(t.app, '/api/dashboard', c.cookie)).json<{ pending_actions: string[]; photo: string }>();
    expect(before.photo).toBe('');
    expect(before.pending_actions).toContain('upload_photo');
    const first = (await upload(t, c.cookie, multipartFile(await photo('png')))).json<{ photo: string }>().photo;
    const after = (await get(t.app, '/api/dashboard', c.cookie)).json<{ pending_actions: string[]; photo: string }>();
    expect(after.photo).toBe(first);
    expect(after.pending_actions).not.toContain('upload_photo');
    const second = (await upload(t, c.cookie, multipartFile(await photo('jpeg')))).json<{ photo: string }>().photo;
    expect(second).not.toBe(first);
    expect((await get(t.app, first, c.cookie)).statusCode).toBe(404);
  });

  it('is served only to its owner', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const url = (await upload(t, owner.cookie, multipartFile(await photo('jpeg')))).json<{ photo: string }>().photo;
    expect((await get(t.app, url, other.cookie)).statusCode).toBe(404);
    expect((await get(t.app, url)).statusCode).toBe(401);
    expect((await get(t.app, '/api/profile/photo/..%2F..%2Fetc%2Fpasswd', owner.cookie)).statusCode).toBe(400);
  });

  it('refuses a text file named .jpg, an oversized file, a decompression bomb and a broken image, with clear messages', async () => {
    const c = await createCustomer(t);
    const text = await upload(
      t,
      c.cookie,
      multipartFile(Buffer.from('just some text, honestly a photo'), { filename: 'holiday.jpg', contentType: 'image/jpeg' }),
    );
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: profileMessages.photoNotImage });

    const html = await upload(
      t,
      c.cookie,
      multipartFile(Buffer.from('<svg onload="alert(1)"></svg>'), { filename: 'a.png', contentType: 'image/png' }),
    );
    expect(html.json()).toMatchObject({ error: profileMessages.photoNotImage });

    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10, 7)]);
    const oversized = await upload(t, c.cookie, multipartFile(huge));
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toMatchObject({ error: profileMessages.photoTooLarge });

    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const bombed = await upload(t, c.cookie, multipartFile(bomb, { filename: 'bomb.png', contentType: 'image/png' }));
    // Refused from its header, before a pixel is decoded: only the header check answers 413 with
    // this message (decoding it would fail at sharp's pixel limit and answer "unreadable", 400).
    expect(bombed.statusCode).toBe(413);
    expect(bombed.json()).toMatchObject({ error: profileMessages.photoTooManyPixels });

    const jpeg = await photo('jpeg');
    const broken = await upload(t, c.cookie, multipartFile(jpeg.subarray(0, 200)));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: profileMessages.photoUnreadable });

    const wrongField = await upload(t, c.cookie, multipartFile(jpeg, { field: 'avatar' }));
    expect(wrongField.json()).toMatchObject({ error: profileMessages.photoMissing });
    const json = await t.app.inject({ method: 'POST', url: '/api/profile/photo', payload: { photo: 'x' }, headers: { cookie: c.cookie } });
    expect(json.statusCode).toBe(400);

    expect((await get(t.app, '/api/profile', c.cookie)).json()).toMatchObject({ photo: '' });
  });

  it('recognises formats by content only', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });
});

describe('profile photo on an S3-compatible store', () => {
  let t: TestApp;
  let s3: S3rver;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wise-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'wise-photos' }] });
    const { port } = await s3.run();
    t = await createTestApp({
      env: {
        S3_BUCKET: 'wise-photos',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        UPLOAD_DIR: path.join(dir, 'must-stay-empty'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores, serves to the owner and replaces photos in the bucket', async () => {
    const c = await createCustomer(t);
    const other = await createCustomer(t);
    const first = (await upload(t, c.cookie, multipartFile(await photo('png')))).json<{ photo: string }>().photo;
    await expectStoredPhoto(t, c, first);
    expect((await get(t.app, first, other.cookie)).statusCode).toBe(404);
    const second = (await upload(t, c.cookie, multipartFile(await photo('webp')))).json<{ photo: string }>().photo;
    await expectStoredPhoto(t, c, second);
    expect((await get(t.app, first, c.cookie)).statusCode).toBe(404);
    const bucketFiles = await readdir(path.join(dir, 'wise-photos'));
    expect(bucketFiles.some((f) => second.endsWith(f.replace(/\._S3rver.*$/, '')))).toBe(true);
    await expect(readdir(path.join(dir, 'must-stay-empty'))).rejects.toThrow();
  });
});
