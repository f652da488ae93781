import { loadSharp } from './image';

/**
 * A 64-bit difference hash (dHash) of a picture: grey, shrunk to 9×8, and one bit per pair of
 * neighbours in a row (1 when the left pixel is brighter). It survives re-encoding, resizing and
 * small colour changes, so the same photo sent again — screenshotted, recompressed by a chat app,
 * converted to PNG — hashes to the same or a nearby value, while different photos differ in about
 * half their bits. Computed from the image as stored (already re-encoded and auto-rotated).
 */

/** Two images at most this many differing bits apart are "the same photo" (0017's bands assume ≤ 3). */
export const PHASH_NEAR_DISTANCE = 3;

/** The hash as PostgreSQL's bigint holds it (signed two's complement). */
export async function perceptualHash(image: Buffer): Promise<bigint> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image, { failOn: 'none' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // greyscale() keeps three identical channels: read the first of each pixel.
  const at = (row: number, column: number) => data[(row * 9 + column) * info.channels] ?? 0;
  let hash = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = at(row, column);
      const right = at(row, column + 1);
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let difference = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (difference > 0n) {
    count += Number(difference & 1n);
    difference >>= 1n;
  }
  return count;
}
