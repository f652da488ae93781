import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { pwaTexts } from '@wise/shared';
import { apiCustomer } from './support/account';

// The service worker precaches the screens' files: this journey plays a client without it, the
// one a deploy can break.
test.use({ serviceWorkers: 'block' });

const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');

/** The hashed file name of one screen's own chunk, from the build's manifest. */
function screenChunk(source: string): string {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build's manifest`);
  return path.basename(chunk.file);
}

/**
 * A deploy removes the live-chat screen's file under an open page: for this page only, the server
 * answers that file 404 (as an instance whose build and archive lack it would), so the journeys
 * running beside it, which open every screen, are not touched. The server's archive of earlier
 * builds is proven in apps/server/test/web-asset-archive.test.ts.
 */
test('a screen whose file a deploy removed: the app reloads once, then offers the new version on the same route', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/support');
  await expect(page.getByRole('link', { name: /Live chat/ })).toBeVisible();

  const chunk = screenChunk('src/app/routes/app/support/live-chat.tsx');
  const gone = `**/assets/${chunk}`;
  await page.route(gone, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
  // Page loads only: the click's own client-side navigation is no load.
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.getByRole('link', { name: /Live chat/ }).click();
  await expect(page.getByRole('heading', { name: pwaTexts.updateAvailable })).toBeVisible();
  await expect(page).toHaveURL(/\/support\/livechat$/);
  // One reload, on the route the customer asked for; none of the raw browser error.
  expect(loads).toEqual([expect.stringMatching(/\/support\/livechat$/)]);
  await expect(page.getByText(/dynamically imported module/)).toHaveCount(0);

  // With the file back (the new version's files in place), "Update" opens the screen.
  await page.unroute(gone);
  await page.getByRole('button', { name: pwaTexts.updateAction }).click();
  await expect(page).toHaveURL(/\/support\/livechat$/);
  await expect(page.getByRole('heading', { name: pwaTexts.updateAvailable })).toHaveCount(0);
  await expect(page.getByText(/Live chat/).first()).toBeVisible();
});
