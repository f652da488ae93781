import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { PHOTO_MAX_BYTES, profileMessages, SALE_IMAGE_MAX_BYTES, saleMessages } from '@wise/shared';
import { DomainError } from '../errors';

let sharpModule: Promise<typeof SharpModule> | undefined;

/**
 * sharp, loaded with the first image rather than at start: libvips costs ≈ 30 MB of RSS, and most
 * requests, and some deployments' whole life, never see an image (the RSS goal of docs/PERFORMANCE.md).
 *
 * libvips keeps up to 50 MB of recent operations for reuse, but every upload is a different image,
 * so the cache never hits and only holds memory: in the 200-customer soak (a sale with an image
 * every few seconds) the server's RSS grew 13 % over three minutes with it on. The setting is
 * process-wide, so the back office's card pictures (domain/admin/catalogue.ts) follow it too.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

export const uploadErrorCodes = {
  notImage: 'UPLOAD_NOT_IMAGE',
  tooLarge: 'UPLOAD_TOO_LARGE',
  tooManyPixels: 'UPLOAD_TOO_MANY_PIXELS',
  unreadable: 'UPLOAD_UNREADABLE',
  missing: 'UPLOAD_MISSING',
  heicUnsupported: 'UPLOAD_HEIC_UNSUPPORTED',
} as const;

/** A phone's 50-megapixel camera passes; a "decompression bomb" claiming more does not. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored photos are square WebP of this side. */
export const PHOTO_SIDE_PX = 512;
/** Sale images keep their shape, scaled down to fit this box: staff must still read a card's code. */
export const SALE_IMAGE_SIDE_PX = 2000;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heif';

/** ISO-BMFF major brands of HEIF images (HEIC from phones, AVIF). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);

/** Recognises an image by its first bytes, never by its name or declared type. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12))) return 'heif';
  return undefined;
}

/** The customer-facing texts of one kind of upload. */
export interface ImageMessages {
  missing: string;
  tooLarge: string;
  notImage: string;
  tooManyPixels: string;
  unreadable: string;
  /** A HEIF container whose codec this build of sharp cannot decode (HEVC). */
  heicUnsupported: string;
}

interface ImageRules {
  maxBytes: number;
  kinds: readonly ImageKind[];
  messages: ImageMessages;
}

const refuse = (code: string, message: string, status = 400) => new DomainError(code, message, status);

/**
 * The checks every stored image passes before any pixel is decoded: present, within the size
 * limit, an allowed format by its magic bytes, a header the decoder agrees with, and a pixel
 * count that is not a decompression bomb. Returns the decoder's view of it.
 */
async function checkImage(input: Buffer, rules: ImageRules): Promise<ImageKind> {
  const { messages } = rules;
  if (input.length === 0) throw refuse(uploadErrorCodes.missing, messages.missing);
  if (input.length > rules.maxBytes) throw refuse(uploadErrorCodes.tooLarge, messages.tooLarge, 413);
  const kind = sniffImage(input);
  if (!kind || !rules.kinds.includes(kind)) throw refuse(uploadErrorCodes.notImage, messages.notImage, 415);

  let width: number | undefined;
  let height: number | undefined;
  let format: string | undefined;
  const sharp = await loadSharp();
  try {
    ({ width, height, format } = await sharp(input, { pages: 1, limitInputPixels: false }).metadata());
  } catch {
    throw unreadable(kind, messages);
  }
  // Only the header was read above (no pixel decoded), so the size check below is cheap.
  // The decoder must agree with the magic bytes (a PNG header on a JPEG body is not a photo).
  if (format !== kind || !width || !height) throw unreadable(kind, messages);
  if (width * height > MAX_INPUT_PIXELS) throw refuse(uploadErrorCodes.tooManyPixels, messages.tooManyPixels, 413);
  return kind;
}

const unreadable = (kind: ImageKind, messages: ImageMessages) =>
  kind === 'heif'
    ? refuse(uploadErrorCodes.heicUnsupported, messages.heicUnsupported, 415)
    : refuse(uploadErrorCodes.unreadable, messages.unreadable);

/** Decodes and re-encodes; a decoding failure becomes the kind's customer message. */
async function reencode(input: Buffer, kind: ImageKind, messages: ImageMessages, shape: (image: Sharp) => Sharp): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    // sharp writes no metadata (EXIF, GPS, ICC, XMP) unless asked: none of the customer's survives.
    return await shape(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate()).toBuffer();
  } catch {
    throw unreadable(kind, messages);
  }
}

const photoRules: ImageRules = {
  maxBytes: PHOTO_MAX_BYTES,
  kinds: ['jpeg', 'png', 'webp'],
  messages: {
    missing: profileMessages.photoMissing,
    tooLarge: profileMessages.photoTooLarge,
    notImage: profileMessages.photoNotImage,
    tooManyPixels: profileMessages.photoTooManyPixels,
    unreadable: profileMessages.photoUnreadable,
    heicUnsupported: profileMessages.photoNotImage,
  },
};

/**
 * Turns an uploaded file into the stored profile photo: a square WebP, auto-rotated, with all
 * metadata (EXIF, GPS, ICC) dropped because sharp writes none unless asked. The header is read
 * before any pixel is decoded, so a small file that claims huge dimensions is refused cheaply.
 */
export async function processProfilePhoto(input: Buffer): Promise<Buffer> {
  const kind = await checkImage(input, photoRules);
  return reencode(input, kind, photoRules.messages, (image) =>
    image.resize(PHOTO_SIDE_PX, PHOTO_SIDE_PX, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }),
  );
}

export const saleImageRules: ImageRules = {
  maxBytes: SALE_IMAGE_MAX_BYTES,
  // HEIF is accepted by content; whether it decodes depends on the codec (sharp's prebuilt
  // libheif reads AVIF but not HEVC), and an undecodable one gets its own clear message.
  kinds: ['jpeg', 'png', 'webp', 'heif'],
  messages: {
    missing: saleMessages.imagesRequired,
    tooLarge: saleMessages.imageTooLarge,
    notImage: saleMessages.imageNotImage,
    tooManyPixels: saleMessages.imageTooManyPixels,
    unreadable: saleMessages.imageUnreadable,
    heicUnsupported: saleMessages.heicUnsupported,
  },
};

/**
 * A picture of a card (or of a crypto transfer) for staff to review: WebP, auto-rotated, its shape
 * kept and scaled down to fit SALE_IMAGE_SIDE_PX, metadata (EXIF with GPS included) dropped.
 * `messages` name the picture as the sale's form does (the card images by default).
 */
export async function processSaleImage(input: Buffer, messages: ImageMessages = saleImageRules.messages): Promise<Buffer> {
  const kind = await checkImage(input, { ...saleImageRules, messages });
  return reencode(input, kind, messages, (image) =>
    image.resize(SALE_IMAGE_SIDE_PX, SALE_IMAGE_SIDE_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
  );
}
