/**
 * Shrinks a photo in the browser before it is uploaded: on a cheap phone and a slow network a
 * 12-megapixel camera picture (4-8 MB) goes up as a few hundred KB. The server decodes and
 * re-encodes every image again, so this is only about bytes on the wire; anything the browser
 * cannot decode (HEIC on most browsers) is sent as picked and the server decides.
 *
 * Load it with `import()` from the screens that attach images, so no other screen pays for it.
 */

export interface DownscaleOptions {
  /** The longest side of the result. */
  maxSidePx?: number;
  /** Encoder quality, 0-1. */
  quality?: number;
}

export const DOWNSCALE_MAX_SIDE_PX = 2000;
export const DOWNSCALE_QUALITY = 0.85;

/** The size an image of `width`×`height` is drawn at: never enlarged, aspect kept, at least 1 px. */
export function targetSize(width: number, height: number, maxSidePx: number): { width: number; height: number } {
  const scale = Math.min(1, maxSidePx / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

interface Surface {
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  encode: (type: string, quality: number) => Promise<Blob | null>;
}

/** An OffscreenCanvas where there is one (no layout, works in workers), else a detached canvas. */
function surface(width: number, height: number): Surface | undefined {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }).catch(() => null) };
  }
  if (typeof document === 'undefined') return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  return { context, encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)) };
}

const extensionFor = (type: string) => (type === 'image/webp' ? 'webp' : 'jpg');
const renamed = (name: string, type: string) => `${name.replace(/\.[^./\\]*$/, '') || 'image'}.${extensionFor(type)}`;

/**
 * The picture at most `maxSidePx` on its longest side, as WebP (or JPEG where the browser cannot
 * write WebP, e.g. Safari), EXIF orientation applied and metadata (GPS) dropped. The original
 * comes back unchanged when it cannot be decoded, or when it is already small and re-encoding
 * would not make it lighter.
 */
export async function downscaleImage(file: File, options: DownscaleOptions = {}): Promise<File> {
  const maxSidePx = options.maxSidePx ?? DOWNSCALE_MAX_SIDE_PX;
  const quality = options.quality ?? DOWNSCALE_QUALITY;
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = targetSize(bitmap.width, bitmap.height, maxSidePx);
    const shrunk = size.width < bitmap.width || size.height < bitmap.height;
    const target = surface(size.width, size.height);
    if (!target) return file;
    const { context } = target;
    // JPEG has no transparency: a transparent PNG would turn black without a white ground.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    let blob = await target.encode('image/webp', quality);
    // Browsers that cannot write WebP quietly hand back PNG: JPEG is far lighter for photos.
    if (!blob || blob.type !== 'image/webp') blob = await target.encode('image/jpeg', quality);
    if (!blob || (blob.type !== 'image/webp' && blob.type !== 'image/jpeg')) return file;
    if (!shrunk && blob.size >= file.size) return file;
    return new File([blob], renamed(file.name, blob.type), { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
