import sharp from 'sharp';
import { PHOTO_MAX_BYTES, profileMessages } from '@wise/shared';
import { DomainError } from '../errors';

export const uploadErrorCodes = {
  notImage: 'UPLOAD_NOT_IMAGE',
  tooLarge: 'UPLOAD_TOO_LARGE',
  tooManyPixels: 'UPLOAD_TOO_MANY_PIXELS',
  unreadable: 'UPLOAD_UNREADABLE',
  missing: 'UPLOAD_MISSING',
} as const;

/** A phone's 50-megapixel camera passes; a "decompression bomb" claiming more does not. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored photos are square WebP of this side. */
export const PHOTO_SIDE_PX = 512;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Recognises an image by its first bytes, never by its name or declared type. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const refuse = (code: string, message: string, status = 400) => new DomainError(code, message, status);

/**
 * Turns an uploaded file into the stored profile photo: a square WebP, auto-rotated, with all
 * metadata (EXIF, GPS, ICC) dropped because sharp writes none unless asked. The header is read
 * before any pixel is decoded, so a small file that claims huge dimensions is refused cheaply.
 */
export async function processProfilePhoto(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw refuse(uploadErrorCodes.missing, profileMessages.photoMissing);
  if (input.length > PHOTO_MAX_BYTES) throw refuse(uploadErrorCodes.tooLarge, profileMessages.photoTooLarge, 413);
  const kind = sniffImage(input);
  if (!kind) throw refuse(uploadErrorCodes.notImage, profileMessages.photoNotImage, 415);

  let width: number | undefined;
  let height: number | undefined;
  let format: string | undefined;
  try {
    ({ width, height, format } = await sharp(input, { pages: 1, limitInputPixels: false }).metadata());
  } catch {
    throw refuse(uploadErrorCodes.unreadable, profileMessages.photoUnreadable);
  }
  // Only the header was read above (no pixel decoded), so the size check below is cheap.
  // The decoder must agree with the magic bytes (a PNG header on a JPEG body is not a photo).
  if (format !== kind || !width || !height) throw refuse(uploadErrorCodes.unreadable, profileMessages.photoUnreadable);
  if (width * height > MAX_INPUT_PIXELS) throw refuse(uploadErrorCodes.tooManyPixels, profileMessages.photoTooManyPixels, 413);

  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(PHOTO_SIDE_PX, PHOTO_SIDE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refuse(uploadErrorCodes.unreadable, profileMessages.photoUnreadable);
  }
}
