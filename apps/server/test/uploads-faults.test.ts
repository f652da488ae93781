import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorCodes, httpMessages } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from '../src/providers/file-store/index';
import { createTestApp, get, type TestApp } from './support/app';
import { multipartFile, photo } from './support/fake-images';
import { createCustomer } from './support/users';

/**
 * The upload store failing (docs/RELIABILITY.md, "Faults"): a full disk used to answer 500 and
 * leave a 0-byte file per attempt, with /readyz green.
 */

/** What a full disk does to a write: the file is created, its bytes do not fit. */
const fullDisk = (async (file: Parameters<typeof writeFile>[0]) => {
  await writeFile(file, '');
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
}) as typeof writeFile;

describe('a full upload disk', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wise-uploads-full-'));
    t = await createTestApp({ files: new DiskFileStore(dir, { writeFile: fullDisk }) });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 507 with a message that the problem is ours, and leaves no file behind', async () => {
    const c = await createCustomer(t);
    const body = multipartFile(await photo('jpeg'));
    for (let i = 0; i < 3; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/profile/photo',
        payload: body.payload,
        headers: { ...body.headers, cookie: c.cookie },
      });
      expect(r.statusCode).toBe(507);
      expect(r.json()).toEqual({ error: httpMessages.storageFailed, code: errorCodes.storageFailed });
    }
    expect(await readdir(dir)).toEqual([]);
    expect((await get(t.app, '/api/profile', c.cookie)).json()).toMatchObject({ photo: '' });
  });
});

describe('/readyz and the upload store', () => {
  it('reports the disk store as failing when its free space is under UPLOAD_MIN_FREE_MB', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wise-uploads-space-'));
    // 1 EB: more than any disk here has free.
    const short = await createTestApp({ env: { UPLOAD_DIR: dir, UPLOAD_MIN_FREE_MB: String(1024 ** 4) } });
    const enough = await createTestApp({ env: { UPLOAD_DIR: dir, UPLOAD_MIN_FREE_MB: '1' } });
    try {
      const red = await get(short.app, '/readyz');
      expect(red.statusCode).toBe(503);
      expect(red.json()).toEqual({ status: 'unavailable', failing: ['file_store'] });
      expect((await get(enough.app, '/readyz')).statusCode).toBe(200);
    } finally {
      await short.close();
      await enough.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
