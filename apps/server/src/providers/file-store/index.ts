import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '#server/config';

/** Where uploaded files live. Keys are random names made by us, never the customer's. */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** undefined when the object does not exist. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Resolves when uploads can be written now (GET /readyz); rejects with what is wrong. */
  ready?(): Promise<void>;
}

/**
 * A write the store refused: `full` (the disk has no room: 507 Insufficient Storage) or
 * `unavailable` (the store could not be reached or refused for another reason: 503). Nothing is
 * left behind by the failed write; the customer is told it is on our side.
 */
export class FileStoreError extends Error {
  constructor(
    readonly reason: 'full' | 'unavailable',
    options: { cause: unknown },
  ) {
    super(reason === 'full' ? 'the upload store is full' : 'the upload store is unavailable', options);
    this.name = 'FileStoreError';
  }
}

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Free space under which /readyz reports the disk store as failing (UPLOAD_MIN_FREE_MB). */
export const DEFAULT_MIN_FREE_BYTES = 100 * 1024 * 1024;

export interface DiskStoreOptions {
  minFreeBytes?: number;
  /** The write itself (tests hand in one that fails as a full disk does). */
  writeFile?: typeof writeFile;
}

const KEY_PATTERN = /^[a-z0-9/_-]{1,100}\.webp$/;
function checkKey(key: string): string {
  // Keys are ours, but a path must never escape the store whatever reaches here.
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;
  constructor(
    private readonly root: string,
    private readonly options: DiskStoreOptions = {},
  ) {}

  private pathOf(key: string) {
    return path.join(this.root, checkKey(key));
  }
  /**
   * Written to a temporary name and renamed into place: a write that fails half-way (a full disk
   * created the file, then had no room for its bytes) leaves neither a 0-byte nor a truncated file
   * under the key, and the temporary one is removed.
   */
  async put(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await (this.options.writeFile ?? writeFile)(partial, body, { mode: 0o600 });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined);
      throw new FileStoreError(FULL_CODES.has((error as NodeJS.ErrnoException).code ?? '') ? 'full' : 'unavailable', { cause: error });
    }
  }
  async ready(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const space = await statfs(this.root);
    const free = space.bavail * space.bsize;
    const needed = this.options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
    if (free < needed)
      throw new Error(`${Math.floor(free / 1024 / 1024)} MB free in ${this.root}, under the ${Math.floor(needed / 1024 / 1024)} MB needed`);
  }
  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const READY_CACHE_MS = 5000;
const READY_TIMEOUT_MS = 3000;

/** Any S3-compatible store (AWS, R2, MinIO, Spaces); objects are private, served through us. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  /** The SDK is loaded with the first file, not at start: ≈ 23 MB of RSS that a disk-store deployment never needs. */
  private sdk?: Promise<{ s3: typeof S3; client: S3.S3Client }>;
  constructor(private readonly options: S3Options) {}

  private connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.options.region,
        endpoint: this.options.endpoint,
        forcePathStyle: this.options.forcePathStyle,
        credentials:
          this.options.accessKeyId && this.options.secretAccessKey
            ? { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey }
            : undefined,
        requestHandler: { requestTimeout: 15_000, connectionTimeout: 5_000 },
      }),
    }));
    return this.sdk;
  }
  /** A put S3 refused or never answered leaves no object (S3 writes are whole or nothing). */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { s3, client } = await this.connect();
    try {
      await client.send(new s3.PutObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key), Body: body, ContentType: contentType }));
    } catch (error) {
      throw new FileStoreError('unavailable', { cause: error });
    }
  }
  private lastReady?: { at: number; result: Promise<void> };
  /** HeadBucket, at most every READY_CACHE_MS: a balancer polling /readyz must not become S3 traffic. */
  ready(): Promise<void> {
    const now = Date.now();
    if (this.lastReady && now - this.lastReady.at < READY_CACHE_MS) return this.lastReady.result;
    const result = this.connect().then(async ({ s3, client }) => {
      await client.send(new s3.HeadBucketCommand({ Bucket: this.options.bucket }), { abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    });
    result.catch(() => undefined);
    this.lastReady = { at: now, result };
    return result;
  }
  async get(key: string): Promise<Buffer | undefined> {
    const { s3, client } = await this.connect();
    try {
      const result = await client.send(new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key) }));
      if (!result.Body) return undefined;
      return Buffer.from(await result.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }
  async delete(key: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: checkKey(key) }));
  }
}

type StoreConfig = Pick<
  Config,
  | 'UPLOAD_DIR'
  | 'UPLOAD_MIN_FREE_MB'
  | 'dataDir'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** S3 when S3_BUCKET is set, otherwise files under UPLOAD_DIR (default <DATA_DIR>/uploads). */
export function createFileStore(config: StoreConfig): FileStore {
  if (config.S3_BUCKET) {
    return new S3FileStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new DiskFileStore(path.resolve(config.UPLOAD_DIR ?? path.join(config.dataDir, 'uploads')), {
    minFreeBytes: config.UPLOAD_MIN_FREE_MB * 1024 * 1024,
  });
}
