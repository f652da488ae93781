import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { passwordOf } from './credentials';

/**
 * Bank details through the API (GTBank's sandbox account), so a customer can sell; a first
 * account with no PIN needs the password (docs/identity.md).
 */
export async function setBankDetails(page: Page, password: string = passwordOf(page)): Promise<void> {
  const response = await page.request.put('/api/bank', { data: { bank_code: '058', bank_account: '0123456789', password } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/**
 * A camera-sized photo of a "card" (smooth colour bands, like a real photo rather than noise):
 * 4032×3024 JPEG at 92 %, a couple of MB, so the browser's downscaling has something to do.
 */
export async function cameraPhoto(hue: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (hue + Math.round(127 + 120 * Math.sin(x / 97 + y / 311))) % 256;
      pixels[i + 1] = Math.round(127 + 120 * Math.sin(y / 53 + x / 700));
      pixels[i + 2] = Math.round(127 + 120 * Math.cos((x + y) / 173));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Slows the page's uploads to `bytesPerSecond` (Chromium's own throttling), so progress can be seen. */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

/** Naira as the app writes it: ₦73,160.00. */
export const naira = (kobo: bigint) => {
  const text = kobo.toString().padStart(3, '0');
  return `₦${text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${text.slice(-2)}`;
};

export interface SentFile {
  name: string;
  type: string;
  size: number;
}

/**
 * Notes the files of every multipart XMLHttpRequest the page sends (Chromium does not hand
 * Playwright multipart bodies). Takes effect from the next navigation; read with `sentFiles`.
 */
export async function recordUploads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) {
        const files = [...body.values()].filter((value): value is File => value instanceof File);
        const store = window as unknown as { __sentFiles?: SentFile[][] };
        store.__sentFiles = [...(store.__sentFiles ?? []), files.map((file) => ({ name: file.name, type: file.type, size: file.size }))];
      }
      send.call(this, body);
    };
  });
}

export async function sentFiles(page: Page): Promise<SentFile[][]> {
  return page.evaluate(() => (window as unknown as { __sentFiles?: SentFile[][] }).__sentFiles ?? []);
}
