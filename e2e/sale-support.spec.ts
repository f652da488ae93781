import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { setBankDetails } from './support/giftcards';
import { rejectInBackOffice, sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * A rejected sale is never paid: its screen names no account "to be paid to", says why first, and
 * opens support on WhatsApp or by e-mail with the sale's reference already written.
 */

test('a customer opens a rejected sale and contacts support about it, at 360 and 390 px', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellGiftCardByApi(page);
  const staff = await signInNewStaff(browser);
  await rejectInBackOffice(staff, sale.id, /^Used card/);
  await staff.page.context().close();

  // WhatsApp is outside the app: answered here, so the new tab's address can be read.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'WhatsApp' }));
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/homepage/history/${sale.id}`);
    await settle(page);
    await expect(page.getByTestId('rejection-reason')).toContainText('Why it was rejected');
    await expect(page.getByText('To be paid to')).toHaveCount(0);
    await expect(page.getByTestId('transaction-bank')).toHaveCount(0);
    const support = page.getByRole('region', { name: 'Contact support about this sale' });
    await expect(support).toContainText(`Reference: ${sale.id}`);
    const whatsapp = support.getByRole('link', { name: 'Contact support about this sale on WhatsApp' });
    const email = support.getByRole('link', { name: 'Contact support about this sale by e-mail' });
    await expect(whatsapp).toBeVisible();
    const message = `Hello Wise support, I need help with my sale "${sale.title}" (reference ${sale.id}).`;
    const emailHref = new URL((await email.getAttribute('href')) ?? '');
    expect(emailHref.protocol).toBe('mailto:');
    expect(emailHref.searchParams.get('subject')).toBe(`Sale ${sale.id}`);
    expect(emailHref.searchParams.get('body')).toBe(message);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/rejected-sale-support-${viewport.width}.png`, fullPage: true });

    const [chat] = await Promise.all([page.waitForEvent('popup'), whatsapp.click()]);
    await chat.waitForLoadState();
    const opened = new URL(chat.url());
    expect(opened.host).toBe('wa.me');
    expect(opened.searchParams.get('text')).toBe(message);
    await chat.close();
  }
});
