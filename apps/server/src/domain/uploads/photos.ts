import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { uploads, users } from '#server/db/schema/index';
import { notFound } from '../errors';
import { processProfilePhoto } from './image';
import type { FileStore } from '#server/providers/file-store/index';

const PHOTO_TYPE = 'image/webp';
export const PHOTO_URL_PREFIX = '/api/profile/photo/';

/** The URL a screen loads the photo from, or '' for the default picture (docs/product.md §3). */
export const photoUrl = (storageKey: string) => (storageKey ? `${PHOTO_URL_PREFIX}${storageKey}` : '');

/** Stores a new profile photo under a random name and points the profile at it; the old one goes. */
export async function replaceProfilePhoto(
  db: Db,
  store: FileStore,
  userId: string,
  file: Buffer,
  onCleanupError: (error: unknown) => void,
): Promise<string> {
  const photo = await processProfilePhoto(file);
  const key = `${randomBytes(16).toString('hex')}.webp`;
  await store.put(key, photo, PHOTO_TYPE);
  let previous: string | undefined;
  try {
    previous = await db.transaction(async (tx) => {
      const [before] = await tx.select({ photo: users.photo }).from(users).where(eq(users.id, userId)).for('update');
      await tx
        .insert(uploads)
        .values({ userId, storageKey: key, purpose: 'profile_photo', contentType: PHOTO_TYPE, sizeBytes: photo.length });
      await tx.update(users).set({ photo: key }).where(eq(users.id, userId));
      if (before?.photo) await tx.delete(uploads).where(and(eq(uploads.userId, userId), eq(uploads.storageKey, before.photo)));
      return before?.photo || undefined;
    });
  } catch (error) {
    await store.delete(key).catch(onCleanupError);
    throw error;
  }
  if (previous) await store.delete(previous).catch(onCleanupError);
  return key;
}

/** The bytes of a stored photo, for its owner only: anyone else gets the same 404 as a missing file. */
export async function readOwnPhoto(db: Db, store: FileStore, userId: string, key: string): Promise<{ body: Buffer; contentType: string }> {
  const [row] = await db
    .select({ contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.storageKey, key), eq(uploads.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  const body = await store.get(key);
  if (!body) throw notFound();
  return { body, contentType: row.contentType };
}
