import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  airtimeScreenTexts,
  billFormTexts,
  billNotificationTexts,
  billPinTexts,
  billRefusalTexts,
  checkoutSheetTexts,
  dashboardTexts,
  registerCatalogue,
  STORAGE_KEYS,
  textsIn,
  transactionStatusTexts,
} from '@wise/shared';
import { pidginCatalogue } from '@wise/shared/i18n/pcm';
import { englishOnlyTexts } from '../packages/shared/test/support/pidgin-words';
import { atEachPhone, axeViolations, clippedText, settle, sidewaysOverflow } from './support/a11y';
import { passwordOf } from './support/credentials';
import { BILL_PIN, billCustomer } from './support/bills';
import { gemBalance } from './support/gems';
import { appRoutes } from './support/routes';

/*
 * "Pidgin all the way" (docs/i18n.md, "Checking a language"): a customer who chose Pidgin reads no
 * English text of the catalogue on any screen, and reads a bill the provider refuses — the failure,
 * the gems coming back — in Pidgin: the toast, the history's chips, the order and the notification.
 * Quiet: no sale, no staff.
 */

registerCatalogue('pcm', pidginCatalogue);
const pcm = <T extends object>(english: T) => textsIn(english, 'pcm');
/** English texts that read otherwise in Pidgin: seen on a Pidgin screen, they are English left over. */
const englishOnly = englishOnlyTexts(pidginCatalogue);
/** Longer English texts are looked for inside a screen's texts too (a sentence inside a paragraph). */
const englishSentences = [...englishOnly].filter((text) => text.split(' ').length >= 4);

/** The account and the device both speak Pidgin, as after choosing it on /profile. */
async function speakPidgin(page: Page) {
  const saved = await page.request.put('/api/profile/language', { data: { language: 'pcm' } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  await page.evaluate((key) => localStorage.setItem(key, 'pcm'), STORAGE_KEYS.language);
}

/** Every text a customer can meet on the screen: text, labels, placeholders, titles, alt texts, the tab's title. */
async function englishLeftOver(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) out.push(walker.currentNode.textContent ?? '');
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) out.push(element.getAttribute(name) ?? '');
    }
    return out.map((text) => text.trim()).filter(Boolean);
  });
  const found = new Set<string>();
  for (const text of shown) {
    if (englishOnly.has(text)) found.add(text);
    else for (const sentence of englishSentences) if (text.includes(sentence)) found.add(sentence);
  }
  return [...found];
}

/** Addresses for the dynamic routes the walk opens; the others are listed by the route table. */
const dynamicAddresses: Record<string, (orderId: string) => string> = {
  '/homepage/history/:id': (orderId) => `/homepage/history/${orderId}`,
  '/data/:provider': () => '/data/mtn',
  '/sellgiftcards/giftcardscatalogue/:card': () => '/sellgiftcards/giftcardscatalogue/amazon',
  '/sellcrypto/cryptocatalogue/:coin': () => '/sellcrypto/cryptocatalogue/btc',
};

/** Screens that only make sense mid-flow (a success without a purchase, an OTP step): they lead elsewhere when opened cold, which the walk checks instead. */
const customerScreens = appRoutes.filter(
  (route) => route.area === 'customer' && (!/[:*]/.test(route.pattern) || route.pattern in dynamicAddresses),
);
const publicScreens = appRoutes.filter((route) => route.area === 'public' && !/[:*]/.test(route.pattern));

async function refusedAirtime(page: Page): Promise<string> {
  const created = await page.request.post('/api/bills/orders', {
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
    data: { kind: 'airtime', network: 'glo', phone: '08051230000', amount: '100' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { order: { id: string } }).order.id;
  const refused = await page.request.post(`/api/bills/orders/${id}/authorise`, { data: { pin: BILL_PIN } });
  expect(refused.status(), await refused.text()).toBe(422);
  return id;
}

test('a Pidgin customer meets no English text of the catalogue on any screen', async ({ page }) => {
  test.setTimeout(120_000 + (customerScreens.length + publicScreens.length) * 8_000);
  await billCustomer(page, 1000, '/home');
  await speakPidgin(page);
  const orderId = await refusedAirtime(page);

  const found: Record<string, string[]> = {};
  for (const route of customerScreens) {
    const address = dynamicAddresses[route.pattern]?.(orderId) ?? route.pattern;
    await page.goto(address);
    await settle(page).catch(() => undefined);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pcm-NG');
    const english = await englishLeftOver(page);
    if (english.length > 0) found[address] = english;
  }

  // Logged out, the device's language holds: the public screens too.
  await page.context().clearCookies();
  await page.evaluate(() => ['auth', 'id', 'fullname'].forEach((key) => localStorage.removeItem(key)));
  for (const route of publicScreens) {
    await page.goto(route.pattern);
    await settle(page).catch(() => undefined);
    const english = await englishLeftOver(page);
    if (english.length > 0) found[route.pattern] = english;
  }
  expect(found).toEqual({});
});

test('a Pidgin customer buys airtime, the provider refuses it: the failure and the refund read in Pidgin', async ({ page }, testInfo) => {
  const customer = await billCustomer(page, 500, '/home');
  // A long first name: the greeting must show whole at 360 px, never "How far, Ch…".
  const renamed = await page.request.put('/api/profile/full-name', {
    data: { first_name: 'Chukwuemekaobinna', surname: 'Okafor', password: passwordOf(page) },
  });
  expect(renamed.ok(), await renamed.text()).toBeTruthy();
  await speakPidgin(page);

  await page.goto('/homepage');
  await settle(page);
  const greeting = page.getByRole('heading', { level: 1, name: pcm(dashboardTexts).greeting('Chukwuemekaobinna') });
  await expect(greeting).toBeVisible();
  await expect(page.getByText(pcm(dashboardTexts).welcome)).toBeVisible();
  await atEachPhone(page, async ({ width }) => {
    // Whole: the heading's text fits its box (it wraps instead of overflowing or ending in "…").
    expect(
      await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis'),
      `at ${width} px`,
    ).toBe(true);
    // Nothing on Home is cut off (the greeting is no longer a deliberate ellipsis: support/a11y.ts).
    expect(await clippedText(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`home-pidgin-${width}.png`) });
  });

  await page.goto('/airtime');
  await settle(page);
  const form = pcm(billFormTexts);
  await expect(page.getByRole('heading', { name: pcm(airtimeScreenTexts).heading })).toBeVisible();
  await page.getByLabel(form.network).selectOption('glo');
  await page.getByLabel(form.phone).fill('+2348051230000');
  await page.getByLabel(form.amount).fill('150');
  await page.getByRole('button', { name: form.proceed }).click();
  const sheet = page.getByRole('dialog', { name: pcm(checkoutSheetTexts).title });
  await sheet.getByRole('button', { name: pcm(checkoutSheetTexts).purchase }).click();
  await expect(page).toHaveURL(/\/airtime\/enterPIN\?order=/);
  await expect(page.getByRole('heading', { name: pcm(billPinTexts).title })).toBeVisible();
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(BILL_PIN);

  // The refusal, in our words and in Pidgin; never the provider's English.
  const toast = page.getByRole('alert').filter({ hasText: pcm(billRefusalTexts).invalid_number });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: billRefusalTexts.invalid_number })).toHaveCount(0);
  await expect(page.getByText('cannot be recharged')).toHaveCount(0);
  await atEachPhone(page, async ({ width }) => {
    await page.screenshot({ path: testInfo.outputPath(`airtime-refused-pidgin-${width}.png`) });
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
  });
  expect(await gemBalance(page)).toBe(500);

  // The history: "failed" and "refunded" chips in Pidgin, and the order's own message.
  await page.goto('/homepage/history');
  await settle(page);
  const row = page.getByTestId('transaction-row').first();
  await expect(row).toContainText(pcm(transactionStatusTexts).failed);
  await expect(row).toContainText(pcm(transactionStatusTexts).refunded);
  await expect(row).not.toContainText(transactionStatusTexts.failed);
  await expect(row).not.toContainText(transactionStatusTexts.refunded);
  expect(await englishLeftOver(page)).toEqual([]);
  await atEachPhone(page, async ({ width }) => {
    await page.screenshot({ path: testInfo.outputPath(`history-pidgin-${width}.png`) });
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
  });
  await row.click();
  await expect(page.getByText(pcm(billRefusalTexts).invalid_number)).toBeVisible();
  expect(await englishLeftOver(page)).toEqual([]);
  await atEachPhone(page, async ({ width }) => expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0));

  // The notification the refusal wrote, in the language of the account.
  await page.goto('/homepage/notifications');
  await settle(page);
  const failedWords = pcm(billNotificationTexts).failed('', 150).split(' for ')[1] ?? '';
  await expect(page.getByTestId('notifications')).toContainText(failedWords.trim());
  expect(await englishLeftOver(page)).toEqual([]);
  await atEachPhone(page, async ({ width }) => {
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`notifications-pidgin-${width}.png`), fullPage: true });
  });
  expect(customer.id).toBeTruthy();
});
