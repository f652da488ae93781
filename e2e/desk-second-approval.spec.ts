import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations } from './support/a11y';
import { setBankDetails } from './support/giftcards';
import { sellCryptoByApi, sellGiftCardByApi, signInNewStaff, type StaffMember } from './support/staff';

/**
 * Two admins clear a queue at 1280×800 from the keyboard alone (docs/back-office.md, "The review
 * desk"; docs/separation-of-duties.md): the first approves, and asks for a second approval of the
 * sale above APPROVAL_LIMIT_NAIRA; that sale leaves "Waiting" for its own section, which the keys
 * pass over for the admin who asked, and `a` does nothing on it for them; the second admin lands on
 * it first and confirms it with `a` and their code. The toasts hide neither the next sale's title
 * nor the shortcut bar.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const shots = process.env.DESK_SCREENSHOTS;

/** The queue narrowed to this journey's customer, from the keyboard: `/`, their username, Escape. */
async function searchQueue(page: Page, username: string): Promise<void> {
  await page.goto('/admin/sales');
  await expect(page.getByRole('table', { name: 'Sales' }).or(page.getByText('No sales here'))).toBeVisible();
  await page.locator('body').press('/');
  await expect(page.getByLabel('Search sales')).toBeFocused();
  await page.keyboard.type(username);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${username}`));
  await page.keyboard.press('Escape');
}

const selectedRow = (page: Page) => page.locator('tr[aria-selected="true"]');

/** Neither box overlaps the other (a toast must hide nothing it lands near). */
async function apart(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return true;
  return x.x + x.width <= y.x || y.x + y.width <= x.x || x.y + x.height <= y.y || y.y + y.height <= x.y;
}

/** `a`, the code typed into the dialog that opens, Enter: the dialog closes. */
async function decideWithA(staff: StaffMember, dialogName: RegExp | string): Promise<void> {
  // The sale's page is loaded (work mode listens) before the key is pressed.
  await expect(staff.page.getByRole('region', { name: 'Work mode' })).toContainText(/a (approve|confirm)/);
  await staff.page.keyboard.press('a');
  const dialog = staff.page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await staff.page.keyboard.type(staff.code());
  await staff.page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

test('two admins clear a queue with a second approval in it, from the keyboard alone', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const customer = await apiCustomer(page);
  await setBankDetails(page);
  const first = await sellGiftCardByApi(page, '25');
  // Far above APPROVAL_LIMIT_NAIRA (₦500,000 by default): one admin alone does not pay it.
  const big = await sellCryptoByApi(page, 'usdt', '1000');
  expect(big.value_kobo).toBeGreaterThan(500_000 * 100);
  const last = await sellGiftCardByApi(page, '30');
  await page.close();

  const ada = await signInNewStaff(browser, 'admin', { workTheQueue: true });
  const tunde = await signInNewStaff(browser, 'admin', { workTheQueue: true });

  // Ada: the queue oldest first; Enter opens the first sale in work mode.
  await searchQueue(ada.page, customer.username);
  await expect(ada.page.locator('.desk-row')).toHaveCount(3);
  await ada.page.keyboard.press('j');
  await expect(selectedRow(ada.page)).toHaveAttribute('data-sale-id', first.id);
  await ada.page.keyboard.press('Enter');
  await expect(ada.page).toHaveURL(new RegExp(`/admin/sales/${first.id}$`));
  await decideWithA(ada, 'Approve and pay');

  // The next sale opens; the toast hides neither its title nor the shortcut bar.
  await expect(ada.page).toHaveURL(new RegExp(`/admin/sales/${big.id}$`));
  const toast = ada.page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  const title = ada.page.getByRole('heading', { level: 1 });
  const bar = ada.page.getByRole('region', { name: 'Work mode' });
  await expect(title).toContainText(big.title);
  if (shots) await ada.page.screenshot({ path: `${shots}/desk-toast-next-sale.png` });
  expect(await apart(toast, title)).toBe(true);
  expect(await apart(toast, bar)).toBe(true);

  // Above the limit, `a` asks for a second approval instead of paying.
  await decideWithA(ada, 'Ask for a second approval');
  await expect(ada.page).toHaveURL(new RegExp(`/admin/sales/${last.id}$`));
  // The next sale's page is loaded (work mode listens) before `q` is pressed.
  await expect(ada.page.getByRole('heading', { level: 1 })).toContainText(last.title);
  await expect(ada.page.getByRole('region', { name: 'Work mode' })).toContainText(/a approve/);

  // Back on the queue: the sale has its own section, marked as Ada's request; j passes over it.
  await ada.page.keyboard.press('q');
  await expect(ada.page).toHaveURL(/\/admin\/sales(\?|$)/);
  const section = ada.page.locator('tbody[data-section="second-approval"]');
  await expect(section.locator(`tr[data-sale-id="${big.id}"]`)).toContainText('Asked by you');
  await expect(ada.page.locator('tbody[data-section="waiting"] .desk-row')).toHaveCount(1);
  await expect(ada.page.getByRole('tab', { name: /Second approval/ })).toBeVisible();
  // At 1280 px every figure and name is whole, and a flag's label shows on focus and on hover.
  const clipped = await ada.page
    .locator('.desk-header__cell, .desk-row td.desk-num, .desk-row td.desk-customer')
    .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
  expect(clipped).toEqual([]);
  const flags = ada.page.locator(`tr[data-sale-id="${last.id}"]`).getByRole('list', { name: 'Risk flags' }).getByRole('img');
  expect(await flags.count()).toBeGreaterThan(1);
  await flags.first().focus();
  await expect(flags.first().locator('.desk-flag__tip')).toBeVisible();
  if (shots) await ada.page.screenshot({ path: `${shots}/desk-flag-focus.png` });
  await flags.last().hover();
  await expect(flags.last().locator('.desk-flag__tip')).toBeVisible();
  await flags.first().blur();
  await ada.page.keyboard.press('j');
  await expect(selectedRow(ada.page)).toHaveAttribute('data-sale-id', last.id);
  if (shots) await ada.page.screenshot({ path: `${shots}/desk-asker-queue.png` });
  await ada.page.keyboard.press('Enter');
  await expect(ada.page).toHaveURL(new RegExp(`/admin/sales/${last.id}$`));
  await decideWithA(ada, 'Approve and pay');

  // Only her own request is left: the keys open nothing.
  await expect(ada.page).toHaveURL(/\/admin\/sales(\?|$)/);
  await expect(ada.page.getByText('Nothing else waits.')).toBeVisible();
  await ada.page.keyboard.press('j');
  await ada.page.keyboard.press('Enter');
  await expect(selectedRow(ada.page)).toHaveCount(0);
  await expect(ada.page).toHaveURL(/\/admin\/sales(\?|$)/);

  // On the sale's own page `a` opens nothing for her: `q` right after still reaches the queue
  // (a dialog would have kept it).
  await ada.page.goto(`/admin/sales/${big.id}`);
  await expect(ada.page.getByRole('region', { name: 'Work mode' })).toContainText('You asked for this approval');
  await ada.page.keyboard.press('a');
  await ada.page.keyboard.press('q');
  await expect(ada.page).toHaveURL(/\/admin\/sales(\?|$)/);
  await expect(ada.page.getByRole('dialog')).toHaveCount(0);

  // Tunde: the sale to confirm comes first for him; `a` and his code pay it.
  await searchQueue(tunde.page, customer.username);
  await expect(tunde.page.locator(`tr[data-sale-id="${big.id}"]`)).toContainText('Confirm · asked by');
  if (shots) await tunde.page.screenshot({ path: `${shots}/desk-second-approver-queue.png` });
  // The queue with both sections passes the back office's accessibility checks.
  expect(await axeViolations(tunde.page)).toEqual([]);
  await tunde.page.keyboard.press('j');
  await expect(selectedRow(tunde.page)).toHaveAttribute('data-sale-id', big.id);
  await tunde.page.keyboard.press('Enter');
  await expect(tunde.page).toHaveURL(new RegExp(`/admin/sales/${big.id}$`));
  await expect(tunde.page.getByRole('region', { name: 'Work mode' })).toContainText('a confirm');
  if (shots) await tunde.page.screenshot({ path: `${shots}/desk-second-approver-sale.png` });
  await decideWithA(tunde, 'Confirm the second approval');

  // The queue is clear for both.
  await expect(tunde.page).toHaveURL(/\/admin\/sales(\?|$)/);
  await expect(tunde.page.getByText('No sales here')).toBeVisible();
  if (shots) await tunde.page.screenshot({ path: `${shots}/desk-cleared-toast.png` });
  for (const sale of [first, big, last]) {
    const detail = (await (await tunde.page.request.get(`/api/admin/sales/${sale.id}`)).json()) as {
      sale: { status: string; decision: { decided_by: { name: string } | null } | null };
    };
    expect(['approved', 'paid']).toContain(detail.sale.status);
  }
  await searchQueue(ada.page, customer.username);
  await expect(ada.page.getByText('No sales here')).toBeVisible();
});
