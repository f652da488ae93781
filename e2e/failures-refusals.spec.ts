import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { readResetLink } from './support/auth';
import { billCustomer, enterBillPin } from './support/bills';
import { apiCustomer, gemBalance } from './support/gems';

/**
 * Each refusal shows the server's own words (docs/operations.md, "Deploying a new version": a toast whose library cannot load is drawn as
 * a plain alert), and leaves the customer a way on. Played at 390 px with the toast library loaded
 * and at 360 px with its files gone, as after a deploy under an open app.
 */

// The service worker would answer the toast files from its cache, past the page's routes.
test.use({ serviceWorkers: 'block' });

const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');

/** The toast container's chunk and the toast library's, from the build's manifest. */
function toastFiles(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const files = Object.entries(manifest)
    .filter(([source]) => source.endsWith('src/components/ui/toast-container.tsx') || source.includes('node_modules/react-toastify/'))
    .map(([, chunk]) => path.basename(chunk.file));
  if (files.length < 2) throw new Error('the toast chunks are not in the build manifest');
  return files;
}

async function loseToastFiles(page: Page) {
  const gone = new Set(toastFiles());
  await page.route(
    (url) => gone.has(path.basename(url.pathname)),
    (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  );
}

/** The server's words on screen: the library's toast, or its plain stand-in when the library is gone. */
const refusal = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
async function expectRefusal(page: Page, toasts: 'loaded' | 'missing', text: string) {
  await expect(refusal(page, text)).toBeVisible();
  await expect(page.locator(toasts === 'loaded' ? '.Toastify' : '.toast-fallback').getByText(text)).toBeVisible();
}

async function expectCleanScreen(page: Page) {
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
}

const cases = [
  { width: 390, toasts: 'loaded' },
  { width: 360, toasts: 'missing' },
] as const;

for (const { width, toasts } of cases) {
  test.describe(`at ${width} px, toast library ${toasts}`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.beforeEach(async ({ page }) => {
      if (toasts === 'missing') await loseToastFiles(page);
    });

    test('a wrong PIN on electricity: the server text, the PIN screen stays, nothing charged', async ({ page }) => {
      await billCustomer(page, 5000, '/electricity');
      await page.getByLabel('Provider').selectOption('ikeja');
      await page.getByLabel('Meter type').selectOption('prepaid');
      await page.getByLabel('Meter number').fill('45012345678');
      await page.getByLabel('Amount').fill('1000');
      await page.getByLabel('Phone number').fill('08031234567');
      await page.getByRole('button', { name: 'Proceed' }).click();
      await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Purchase' }).click();
      await enterBillPin(page, '1357');

      await expectRefusal(page, toasts, 'Incorrect PIN. 4 attempts left before your PIN is locked');
      await expect(page).toHaveURL(/\/electricity\/enterPIN\?order=/);
      await expect(page.getByLabel('Digit 1 of 4')).toHaveValue('');
      expect(await gemBalance(page)).toBe(5000);
      await expectCleanScreen(page);

      await enterBillPin(page);
      await expect(page.getByTestId('success-message')).toHaveText('Electricity purchased successfully');
      expect(await gemBalance(page)).toBe(4000);
    });

    test('a profile photo the server refuses (415): its message', async ({ page }) => {
      await apiCustomer(page, '/profile');
      await expect(page.getByRole('button', { name: 'Upload profile photo' })).toBeVisible();
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/profile/photo') && r.request().method() === 'POST');
      await page
        .getByTestId('photo-input')
        .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('not really a photo') });
      expect((await answer).status()).toBe(415);
      await expectRefusal(page, toasts, 'This file is not a supported image. Upload a JPEG, PNG or WebP photo');
      await expect(page.getByRole('button', { name: 'Upload profile photo' })).toBeEnabled();
      await expectCleanScreen(page);
    });

    test('a reset link already used: the server text, then a way to a new link', async ({ page }) => {
      const customer = await apiCustomer(page, '/home');
      await page.context().clearCookies();
      const request = await page.request.post('/api/auth/password-reset', { data: { email: customer.email } });
      expect(request.ok(), await request.text()).toBeTruthy();
      const link = await readResetLink(page.request, customer.email);
      const token = new URL(link, 'http://x').searchParams.get('token');
      const used = await page.request.post('/api/auth/password-reset/confirm', {
        data: { token, new_password: 'brandnew123', confirm_password: 'brandnew123' },
      });
      expect(used.ok(), await used.text()).toBeTruthy();

      await page.goto(link);
      await page.getByLabel('New password').fill('another1234');
      await page.getByLabel('Confirm password').fill('another1234');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectRefusal(page, toasts, 'This reset link is invalid or has expired. Request a new one');
      await expect(page.getByText('This link no longer works')).toBeVisible();
      await expect(page.getByLabel('New password')).toHaveCount(0);
      await expectCleanScreen(page);
      await page.getByRole('link', { name: 'Request a new link' }).click();
      await expect(page).toHaveURL(/\/passwordreset$/);
    });

    test('Collect Rewards with nothing to collect: disabled with its reason; the server still refuses with its message', async ({
      page,
    }) => {
      await apiCustomer(page, '/rewards');
      await expect(page.getByTestId('rewards-total')).toHaveText('0');
      const collect = page.getByRole('button', { name: 'Collect Rewards' });
      await expect(collect).toBeDisabled();
      await expect(collect).toHaveAccessibleDescription('Nothing to collect yet. Sales we approve earn you gems');
      await expect(page.getByText('Nothing to collect yet. Sales we approve earn you gems')).toBeVisible();
      await expectCleanScreen(page);

      const claim = await page.request.post('/api/rewards/claim', { data: {}, headers: { 'Idempotency-Key': `nothing-${width}` } });
      expect(claim.status()).toBe(409);
      expect(await claim.json()).toMatchObject({ error: 'You have no rewards to claim yet. Rewards arrive when your sales are approved' });
      expect(await gemBalance(page)).toBe(0);
    });
  });
}
