import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { saleImages, sales, uploads } from '#server/db/schema/index';
import type { FileStore } from '#server/providers/file-store/index';
import { notFound } from '../errors';

/**
 * A sale's card images in the upload store: already re-encoded (processSaleImage), stored under
 * random names, served to their owner only. Files are written before the sale's transaction and
 * deleted again if it fails, so neither a half-written sale nor an orphan file is left behind.
 */

export const SALE_IMAGE_TYPE = 'image/webp';
export const SALE_IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.webp$/;

export const saleImageUrl = (saleId: string, storageKey: string) => `/api/sales/${saleId}/images/${storageKey}`;

export interface StoredImage {
  key: string;
  sizeBytes: number;
}

/** Deletes what was written; a failed delete is reported, never thrown over the original error. */
export async function deleteStoredImages(
  store: FileStore,
  keys: readonly string[],
  onCleanupError: (error: unknown) => void,
): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(key).catch(onCleanupError)));
}

/** Writes every image or none: on a failure the ones already written are deleted before rethrowing. */
export async function storeSaleImages(
  store: FileStore,
  images: readonly Buffer[],
  onCleanupError: (error: unknown) => void,
): Promise<StoredImage[]> {
  const written: StoredImage[] = [];
  try {
    // One at a time: a store that fails half-way leaves a short, known list to undo.
    for (const body of images) {
      const key = `${randomBytes(16).toString('hex')}.webp`;
      await store.put(key, body, SALE_IMAGE_TYPE);
      written.push({ key, sizeBytes: body.length });
    }
    return written;
  } catch (error) {
    await deleteStoredImages(
      store,
      written.map((image) => image.key),
      onCleanupError,
    );
    throw error;
  }
}

/** The bytes of one of a sale's images, for the sale's owner only; anyone else gets the same 404. */
export async function readOwnSaleImage(
  db: Db,
  store: FileStore,
  userId: string,
  saleId: string,
  name: string,
): Promise<{ body: Buffer; contentType: string }> {
  const [row] = await db
    .select({ contentType: uploads.contentType })
    .from(saleImages)
    .innerJoin(sales, and(eq(sales.id, saleImages.saleId), eq(sales.userId, saleImages.userId)))
    .innerJoin(uploads, eq(uploads.id, saleImages.uploadId))
    .where(and(eq(saleImages.saleId, saleId), eq(sales.userId, userId), eq(uploads.storageKey, name), eq(uploads.purpose, 'sale_image')))
    .limit(1);
  if (!row) throw notFound();
  const body = await store.get(name);
  if (!body) throw notFound();
  return { body, contentType: row.contentType };
}
