import { expect, test } from '@playwright/test';
import { pwaTexts } from '@wise/shared';

/**
 * The installable app (docs/decisions.md §9.36) in chromium: the manifest is served and complete, the service
 * worker registers and takes control, and with the network gone a reload still draws the app from
 * the precached shell while an API call fails rather than being answered from a cache.
 */

// The service worker is what this file checks (the other journeys block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** A PNG's width and height from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test('the web manifest is linked, served as application/manifest+json and lists every icon at its size', async ({ page, request }) => {
  await page.goto('/home');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as WebManifest;
  expect(manifest).toMatchObject({ name: 'Wise', short_name: 'Wise', start_url: '/', display: 'standalone', theme_color: '#3B2BD6' });
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => Number(icon.sizes.split('x')[0]));
  expect(sizes('any')).toEqual([48, 72, 96, 128, 144, 152, 192, 256, 384, 512]);
  expect(sizes('maskable')).toEqual([192, 512]);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const side = Number(icon.sizes.split('x')[0]);
    expect(pngSize(await image.body()), icon.src).toEqual({ width: side, height: side });
  }
});

test('the service worker registers after the page settles; offline, a reload still shows the app and the API is not answered from a cache', async ({
  page,
  context,
}) => {
  // Installing precaches the customer screens (≈ 225 files): seconds on a phone, longer on a busy CI machine.
  test.setTimeout(180_000);
  await page.goto('/home');
  const landing = page.getByRole('link', { name: /log ?in/i }).first();
  await expect(landing).toBeVisible();
  // Registered a moment after the first screen settled, then active and in control of the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);
  // Online, the API answers (and a worker that cached /api would have kept these answers). The
  // browser's own HTTP cache is bypassed: what is tested is the worker.
  expect(await page.evaluate(async () => (await fetch('/api/app-info', { cache: 'no-store' })).status)).toBe(200);
  expect(await page.evaluate(async () => (await fetch('/api/auth/me', { cache: 'no-store' })).status)).toBe(401);

  await context.setOffline(true);
  await page.reload();
  await expect(landing).toBeVisible();
  const offlineApi = await page.evaluate(async () =>
    Promise.all(
      ['/api/app-info', '/api/auth/me'].map(async (url) => {
        try {
          return String((await fetch(url, { cache: 'no-store' })).status);
        } catch {
          return 'network error';
        }
      }),
    ),
  );
  expect(offlineApi).toEqual(['network error', 'network error']);
  // Nothing from /api in any of the worker's caches.
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return { total: urls.length, api: urls.filter((path) => path.startsWith('/api')) };
  });
  expect(cachedApi.total).toBeGreaterThan(10);
  expect(cachedApi.api).toEqual([]);
  // The offline banner appears once the page has settled, with its retry.
  await expect(page.getByText(pwaTexts.offlineTitle)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: pwaTexts.offlineRetry })).toBeVisible();
  // Another page of the app opens offline too (the navigation fallback).
  await page.goto('/login');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByText(pwaTexts.offlineTitle)).toBeVisible({ timeout: 15_000 });

  // Back online, the banner goes by itself.
  await context.setOffline(false);
  await expect(page.getByText(pwaTexts.offlineTitle)).toBeHidden();
});
