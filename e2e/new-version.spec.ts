import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { pwaTexts } from '@wise/shared';
import { apiCustomer } from './support/account';

// The service worker precaches the screens' files: this journey plays a client without it, the
// one a deploy can break.
test.use({ serviceWorkers: 'block' });

const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
const archive = path.join(process.env.E2E_DATA_DIR ?? '', 'web-assets');

/** The files of one screen's own chunk (with its precompressed copies) in the build and the archive. */
function screenFiles(source: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build's manifest`);
  const name = path.basename(chunk.file);
  return [dist + '/assets', archive]
    .flatMap((folder) => ['', '.br', '.gz'].map((suffix) => path.join(folder, name + suffix)))
    .filter((file) => existsSync(file));
}

test('a screen whose file a deploy removed: the app reloads once, then offers the new version on the same route', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/support');
  await expect(page.getByRole('link', { name: /Live chat/ })).toBeVisible();

  // Nobody else's journey opens live chat: its file can go for a moment.
  const files = screenFiles('src/app/routes/app/support/live-chat.tsx');
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) renameSync(file, `${file}.gone`);
  try {
    // Page loads only: the click's own client-side navigation is no load.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.getByRole('link', { name: /Live chat/ }).click();
    await expect(page.getByRole('heading', { name: pwaTexts.updateAvailable })).toBeVisible();
    await expect(page).toHaveURL(/\/support\/livechat$/);
    // One reload, on the route the customer asked for; none of the raw browser error.
    expect(loads).toEqual([expect.stringMatching(/\/support\/livechat$/)]);
    await expect(page.getByText(/dynamically imported module/)).toHaveCount(0);
  } finally {
    for (const file of files) renameSync(`${file}.gone`, file);
  }

  // With the file back (the new version's files in place), "Update" opens the screen.
  await page.getByRole('button', { name: pwaTexts.updateAction }).click();
  await expect(page).toHaveURL(/\/support\/livechat$/);
  await expect(page.getByRole('heading', { name: pwaTexts.updateAvailable })).toHaveCount(0);
  await expect(page.getByText(/Live chat/).first()).toBeVisible();
});
