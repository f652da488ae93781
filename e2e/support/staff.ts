import { randomBytes } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { StaffRole } from '@wise/shared/admin';
import { createStaffMember } from '../../apps/server/src/domain/staff/management';
import { totpAt } from '../../apps/server/src/domain/staff/totp';
import { systemClock } from '../../apps/server/src/lib/clock';
import { e2eDatabase } from './database';

export interface StaffMember {
  page: Page;
  email: string;
  /** The password they chose at the first sign-in. */
  password: string;
  /** The authenticator app's code now. */
  code(): string;
}

/**
 * A staff member as `npm run admin:create` makes one (a one-time password), who then signs in
 * at /admin/login on a desktop screen: password, authenticator enrolment from the secret the
 * page shows, and the forced password change.
 */
export async function signInNewStaff(
  browser: Browser,
  role: StaffRole = 'reviewer',
  options: { workTheQueue?: boolean } = {},
): Promise<StaffMember> {
  const email = `reviewer.${randomBytes(4).toString('hex')}@wise.test`;
  const { row, password: oneTimePassword } = await createStaffMember(
    e2eDatabase().db,
    systemClock,
    { id: null, email: 'cli' },
    { email, name: 'Ada Reviewer', role },
  );
  // Long-standing: a sign-in under a day old gives no second approval and raises no limit
  // (docs/separation-of-duties.md), which would stop the journeys that need one.
  await e2eDatabase().query("UPDATE staff SET credentials_at = created_at - interval '30 days' WHERE id = $1", [row.id]);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (!options.workTheQueue) {
    // After a decision the desk opens the next waiting sale and claims it; journeys run side by
    // side, so that sale may be another journey's, which would then find it held by this reviewer.
    // Here a reviewer claims only the sales the journey itself opened (a page load of the sale).
    const opened = new Set<string>();
    page.on('request', (request) => {
      const id = /\/admin\/sales\/([0-9a-f-]{36})$/.exec(new URL(request.url()).pathname)?.[1];
      if (id && request.isNavigationRequest()) opened.add(id);
    });
    await page.route(/\/api\/admin\/sales\/[0-9a-f-]{36}\/claim$/, async (route) => {
      const id = /sales\/([0-9a-f-]{36})\/claim$/.exec(route.request().url())?.[1] ?? '';
      if (opened.has(id)) await route.continue();
      else
        await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Not this journey’s sale' }) });
    });
  }
  await page.goto('/admin/login');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(oneTimePassword);
  await page.getByRole('button', { name: /sign in/i }).click();

  // First sign-in: the authenticator is set up from the QR code (or its secret, typed by hand).
  const secretBox = page.getByLabel('Secret key');
  await expect(secretBox).toBeVisible();
  const secret = ((await secretBox.textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: /QR/i })).toBeVisible();
  await page.getByLabel('Authenticator code').fill(totpAt(secret, new Date()));
  await page.getByRole('button', { name: /confirm|verify|continue/i }).click();

  // A password someone else chose is replaced at once.
  await page.getByLabel('Current password').fill(oneTimePassword);
  const chosen = `my own staff password ${randomBytes(4).toString('hex')}`;
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Repeat the new password').fill(chosen);
  await page.getByRole('button', { name: /change|save/i }).click();
  await expect(page).toHaveURL(/\/admin(\/)?$/);
  return { page, email, password: chosen, code: () => totpAt(secret, new Date()) };
}

const TOTP_STEP_MS = 30_000;

/**
 * An authenticator code the server has not accepted yet. A login code is single-use, so a second
 * sign-in inside the 30-second step of the first takes the next step's code (the server allows
 * one step either side) instead of failing whenever the steps between them were quick.
 */
export function freshTotp(secret: string, lastUsedAt: Date, now = new Date()): string {
  const step = (at: Date) => Math.floor(at.getTime() / TOTP_STEP_MS);
  return step(now) > step(lastUsedAt) ? totpAt(secret, now) : totpAt(secret, new Date((step(lastUsedAt) + 1) * TOTP_STEP_MS));
}

/** A gift-card sale made through the API (the selling screens have their own journey). */
export async function sellGiftCardByApi(page: Page, amount = '50'): Promise<{ id: string; value_kobo: number; title: string }> {
  const detail = (await (await page.request.get('/api/giftcards/amazon')).json()) as {
    subcategories: { id: string; exchange_rate: string }[];
  };
  const sub = detail.subcategories[0];
  if (!sub) throw new Error('no Amazon sub-category');
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ff9900' } })
    .jpeg()
    .toBuffer();
  const response = await page.request.post('/api/giftcards/sales', {
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
    multipart: {
      subcategory_id: sub.id,
      amount,
      expected_rate: sub.exchange_rate,
      comment: 'Card from my birthday',
      images: { name: 'card.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { sale } = (await response.json()) as { sale: { id: string; value_kobo: number; title: string } };
  return sale;
}

/** A crypto sale made through the API: a quote for `amount` of `coin`, then the sale with a screenshot. */
export async function sellCryptoByApi(
  page: Page,
  coin = 'usdt',
  amount = '100',
): Promise<{ id: string; value_kobo: number; title: string }> {
  const quote = await page.request.post('/api/crypto/quotes', { data: { coin, amount } });
  expect(quote.status(), await quote.text()).toBe(201);
  const { quote: priced } = (await quote.json()) as { quote: { id: string } };
  const screenshot = await sharp({ create: { width: 390, height: 844, channels: 3, background: '#12b886' } })
    .png()
    .toBuffer();
  const response = await page.request.post('/api/crypto/sales', {
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
    multipart: {
      quote_id: priced.id,
      ...(coin === 'usdt' ? { network: 'tron' } : {}),
      screenshot: { name: 'sent.png', mimeType: 'image/png', buffer: screenshot },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { sale } = (await response.json()) as { sale: { id: string; value_kobo: number; title: string } };
  return sale;
}

/** Rejects a sale from its back-office page with the reason of that label (and an optional message). */
export async function rejectInBackOffice(staff: StaffMember, saleId: string, reason: RegExp, message?: string): Promise<void> {
  await staff.page.goto(`/admin/sales/${saleId}`);
  const reject = staff.page.getByRole('form', { name: 'Reject' });
  await reject.getByRole('radio', { name: reason }).check();
  if (message) await reject.getByLabel('Message to the customer (optional)').fill(message);
  await reject.getByRole('button', { name: 'Reject sale' }).click();
  await staff.page
    .getByRole('dialog')
    .getByRole('button', { name: /reject/i })
    .click();
  await expect(staff.page.getByRole('dialog')).toBeHidden();
  // The desk opens the next waiting sale after a decision: this sale's own page says it is rejected.
  await staff.page.goto(`/admin/sales/${saleId}`);
  await expect(staff.page.getByRole('heading', { name: 'Rejected', exact: true })).toBeVisible();
}
