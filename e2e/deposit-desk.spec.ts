import { expect, test } from '@playwright/test';
import { depositDeskMessages, depositDeskReasonLabels } from '@wise/shared/admin';
import { apiCustomer } from './support/account';
import type { Quote } from './support/crypto';
import { e2eDatabase } from './support/database';
import { setBankDetails } from './support/giftcards';
import { signInNewStaff } from './support/staff';

/**
 * A deposit the watcher cannot sell by itself, decided by two people (docs/back-office.md,
 * "Deposits that wait for a person"): a customer quoted 0.0002 BTC sends 0.0004, far beyond the
 * tolerance, so the deposit waits for a reviewer (Bitcoin's two confirmations: the shortest wait).
 * Reviewer A prices it into a sale at /admin/deposits and cannot approve that sale; reviewer B
 * approves it at the desk, and the customer's open screen follows the deposit from "in review" to
 * Successful without a reload.
 */

test('a deposit far from its quote: priced by one reviewer, approved by another, paid', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The two reviewers sign in while the customer sells (each is a browser context of its own).
  const reviewers = Promise.all([signInNewStaff(browser), signInNewStaff(browser)]);
  const customer = await apiCustomer(page);
  await setBankDetails(page);

  // A quote for 0.0002 BTC, then the screen with the customer's own address, which follows what
  // arrives there.
  await page.goto('/sellcrypto/cryptocatalogue/btc');
  await page.getByLabel('Amount in BTC').fill('0.0002');
  const quoted = page.waitForResponse((r) => r.url().endsWith('/api/crypto/quotes') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const { quote } = (await (await quoted).json()) as { quote: Quote };
  expect(quote.amount).toBe('0.0002');
  await page.getByRole('link', { name: 'Continue' }).click();
  const address = (await page.getByTestId('deposit-address-text').textContent())!;
  expect(address).toMatch(/^(bc|tb|bcrt)1q/);

  // Twice the quote: far beyond CRYPTO_DEPOSIT_TOLERANCE_PERCENT, so a person decides.
  const sent = await page.request.post('/api/dev/chain/send', { data: { network: 'bitcoin', to: address, amount: '0.0004' } });
  expect(sent.status(), await sent.text()).toBe(201);
  const { txid } = (await sent.json()) as { txid: string };
  const status = page.getByTestId('deposit-status');
  await expect(status).toHaveAttribute('data-stage', 'in_review', { timeout: 30_000 });
  // Priced only once the chain has given all its confirmations (the watcher keeps counting a
  // deposit in review): wait for it to have them.
  await expect
    .poll(
      async () => {
        const [row] = await e2eDatabase().query<{ done: boolean }>(
          'SELECT confirmations >= required_confirmations AS done FROM chain_deposits WHERE txid = $1',
          [txid],
        );
        return row?.done;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);

  // Reviewer A: the deposit waits with its reason; A prices it with their code.
  const [a, b] = await reviewers;
  await a.page.goto('/admin/deposits');
  const card = a.page.getByTestId('deposit').filter({ hasText: customer.email });
  await expect(card).toContainText(depositDeskReasonLabels.amount_mismatch);
  await expect(card.getByRole('heading')).toHaveText('0.0004 BTC on Bitcoin');
  await expect(card).toContainText('2 of 2');
  await card.getByRole('button', { name: 'Price into a sale' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Price this deposit into a sale?' });
  await expect(dialog).toContainText('another reviewer must approve it');
  await dialog.getByLabel('Authenticator code').fill(a.code());
  const priced = a.page.waitForResponse((r) => r.url().endsWith('/price') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Price into a sale' }).click();
  const answer = await priced;
  expect(answer.status(), await answer.text()).toBe(201);
  const { sale } = (await answer.json()) as { sale: { id: string } };
  await expect(dialog).toBeHidden();
  const notice = a.page.getByTestId('priced-notice');
  await expect(notice).toContainText(depositDeskMessages.priced);
  // The deposit has left the waiting view.
  await expect(card).toHaveCount(0);

  // A cannot approve the sale they priced: the server refuses, and says why in the dialog. (A opens
  // it from the notice, in the page: signInNewStaff's reviewer claims only sales opened by a page
  // load, so A holds no claim that would keep B out.)
  await notice.getByRole('link', { name: 'Open the sale' }).click();
  await expect(a.page).toHaveURL(new RegExp(`/admin/sales/${sale.id}$`));
  // The desk says why A cannot approve it, and offers no way to (the server refuses it too:
  // apps/server/test/deposit-desk.test.ts).
  await expect(a.page.getByText(depositDeskMessages.pricerCannotApprove)).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Approve and pay' })).toBeDisabled();

  // Reviewer B approves it at the desk; the customer's open screen shows it paid.
  await b.page.goto(`/admin/sales/${sale.id}`);
  await b.page.getByRole('button', { name: 'Approve and pay' }).click();
  const approve = b.page.getByRole('dialog', { name: 'Approve and pay' });
  await approve.getByLabel('Authenticator code').fill(b.code());
  await approve.getByLabel('Authenticator code').press('Enter');
  await expect(approve).toBeHidden({ timeout: 15_000 });
  await expect(status).toHaveAttribute('data-stage', 'successful', { timeout: 30_000 });
  await expect(status.getByText('Successful', { exact: true })).toBeVisible();
});
