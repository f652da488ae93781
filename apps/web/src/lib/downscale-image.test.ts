import { afterEach, describe, expect, it, vi } from 'vitest';
import { downscaleImage, targetSize } from './downscale-image';

/** A bitmap of the given size, and a canvas that records what was drawn and encodes as told. */
function stubCanvas({ width, height, encodes }: { width: number; height: number; encodes: (type: string) => Blob | null }) {
  const drawn: number[][] = [];
  const encoded: { type: string; quality: number }[] = [];
  const bitmap = { width, height, close: vi.fn() };
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => bitmap),
  );
  class Canvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return {
        fillRect: () => undefined,
        drawImage: (_image: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]),
      };
    }
    async convertToBlob({ type, quality }: { type: string; quality: number }) {
      encoded.push({ type, quality });
      return encodes(type);
    }
  }
  vi.stubGlobal('OffscreenCanvas', Canvas);
  return { drawn, encoded, bitmap };
}

const photo = (bytes: number, name = 'IMG_0001.HEIC', type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

describe('targetSize', () => {
  it('fits the longest side into the limit, keeps the aspect and never enlarges', () => {
    expect(targetSize(4032, 3024, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(targetSize(3024, 4032, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(targetSize(1200, 800, 2000)).toEqual({ width: 1200, height: 800 });
    expect(targetSize(20000, 10, 2000)).toEqual({ width: 2000, height: 1 });
  });
});

describe('downscaleImage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a 12-megapixel photo at 2000 px as WebP at 85 % and frees the bitmap', async () => {
    const { drawn, encoded, bitmap } = stubCanvas({
      width: 4032,
      height: 3024,
      encodes: (type) => new Blob([new Uint8Array(300_000)], { type }),
    });
    const result = await downscaleImage(photo(6_000_000));
    expect(drawn).toEqual([[0, 0, 2000, 1500]]);
    expect(encoded).toEqual([{ type: 'image/webp', quality: 0.85 }]);
    expect(result.type).toBe('image/webp');
    expect(result.name).toBe('IMG_0001.webp');
    expect(result.size).toBe(300_000);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('writes JPEG where the browser cannot write WebP (it hands back PNG)', async () => {
    const { encoded } = stubCanvas({
      width: 3000,
      height: 3000,
      encodes: (type) => new Blob([new Uint8Array(10)], { type: type === 'image/webp' ? 'image/png' : type }),
    });
    const result = await downscaleImage(photo(5_000_000, 'card.png', 'image/png'));
    expect(encoded.map((e) => e.type)).toEqual(['image/webp', 'image/jpeg']);
    expect(result.type).toBe('image/jpeg');
    expect(result.name).toBe('card.jpg');
  });

  it('keeps a small picture that re-encoding would only make heavier', async () => {
    stubCanvas({ width: 800, height: 600, encodes: (type) => new Blob([new Uint8Array(90_000)], { type }) });
    const original = photo(60_000, 'small.jpg');
    expect(await downscaleImage(original)).toBe(original);
  });

  it('sends what it cannot decode as picked (HEIC), and does nothing where there is no canvas API', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('unsupported', 'InvalidStateError');
      }),
    );
    const heic = photo(3_000_000, 'IMG_0002.HEIC', 'image/heic');
    expect(await downscaleImage(heic)).toBe(heic);
    vi.stubGlobal('createImageBitmap', undefined);
    expect(await downscaleImage(heic)).toBe(heic);
  });
});
