import { expect, test } from '@playwright/test';
import { atEachPhone, axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { apiCustomer } from './support/account';
import { allowClipboard, readClipboard, type Quote } from './support/crypto';
import { e2eDatabase } from './support/database';
import { setBankDetails } from './support/giftcards';
import { expectPaid } from './support/payouts';

/**
 * A crypto sale that settles itself (docs/crypto-settlement.md): a Tier 1 customer sells USDT on
 * TRON, copies their own deposit address, "sends" on the sandbox chain, and the open screen follows
 * the confirmations up to Successful without a reload; the system approves it, the payout sandbox
 * pays the naira, and the receipt carries the chain's transaction ID and the payout reference.
 * The journeys' server mines a sandbox block every 400 ms and reads the chains every second
 * (playwright.config.ts), so TRON's 20 confirmations take seconds, not minutes. The counting and
 * the outcome are judged at both phone widths.
 */

interface SentTransfer {
  txid: string;
}

test('a USDT deposit on TRON: own address copied, confirmations counted, paid by itself', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await apiCustomer(page);
  await setBankDetails(page);
  // Tier 1, which automatic approval requires: the sandbox's own-number BVN (docs/sandbox.md).
  expect((await page.request.put('/api/profile/date-of-birth', { data: { date_of_birth: '1993-05-17' } })).ok()).toBeTruthy();
  const verified = await page.request.post('/api/profile/verification/number', { data: { kind: 'bvn', number: '22222222222' } });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  await allowClipboard(page);

  await page.goto('/sellcrypto/cryptocatalogue');
  await page
    .getByTestId('coin-list')
    .getByRole('link', { name: /Tether/ })
    .click();
  await page.getByLabel('Amount in USDT').fill('20');
  const quoted = page.waitForResponse((r) => r.url().endsWith('/api/crypto/quotes') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const { quote } = (await (await quoted).json()) as { quote: Quote };
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByTestId('network-choice').getByRole('button', { name: /TRC20/ }).click();

  // Their own TRON address (not the shared one), and no screenshot to upload.
  const addressText = page.getByTestId('deposit-address-text');
  await expect(addressText).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  const address = (await addressText.textContent())!;
  const mine = await e2eDatabase().query<{ user_id: string }>(
    "SELECT user_id FROM deposit_addresses WHERE network = 'tron' AND address = $1",
    [address],
  );
  expect(mine.map((row) => row.user_id)).toEqual([customer.id]);
  await expect(page.getByRole('button', { name: 'I have sent it' })).toHaveCount(0);
  await expect(page.getByRole('note')).toContainText('Send only USDT on TRON');
  const status = page.getByTestId('deposit-status');
  await expect(status).toHaveAttribute('data-stage', 'waiting');

  await page.getByRole('button', { name: 'Copy address' }).click();
  expect(await readClipboard(page)).toBe(address);

  // Marks this document: still there at the end means the screen followed the deposit without a reload.
  await page.evaluate(() => {
    (window as unknown as { depositJourney?: boolean }).depositJourney = true;
  });
  const sent = await page.request.post('/api/dev/chain/send', { data: { network: 'tron', to: address, amount: quote.amount } });
  expect(sent.status(), await sent.text()).toBe(201);
  const { txid } = (await sent.json()) as SentTransfer;

  // Seen, then counted up: two different counts below 20 read from the screen as it changes.
  const bar = status.getByRole('progressbar');
  const counts = new Set<number>();
  await expect
    .poll(
      async () => {
        const now = await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null);
        if (now !== null && Number(now) < 20) counts.add(Number(now));
        return counts.size;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(2);
  await expect(status).toHaveAttribute('data-stage', 'seen');
  await expect(status.getByText(/^Seen on the blockchain: \d+ of 20 confirmations$/)).toBeVisible();
  // Priced at the quote, it took it: the countdown and the address are gone.
  await expect(page.getByTestId('quote-countdown')).toHaveCount(0);
  await expect(page.getByTestId('deposit-address')).toHaveCount(0);
  // At the top of the screen, where a customer back from their wallet looks, with no scrolling.
  await atEachPhone(page, async (phone) => {
    await expect(status).toBeInViewport();
    expect((await status.boundingBox())!.y, `at ${phone.width} px`).toBeLessThan(400);
    await page.screenshot({ path: `test-results/crypto-deposit-confirmations-${phone.width}.png`, fullPage: true });
  });

  await expect(status).toHaveAttribute('data-stage', 'successful', { timeout: 60_000 });
  await expect(status.getByText('Successful', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { depositJourney?: boolean }).depositJourney)).toBe(true);
  // Still no countdown, no screenshot for the old address, and a new sale to sell more.
  await expect(page.getByTestId('quote-countdown')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sent to our old address? Upload proof' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sell again' })).toBeVisible();
  await settle(page);
  await atEachPhone(page, async (phone) => {
    expect(await sidewaysOverflow(page), `at ${phone.width} px`).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/crypto-deposit-successful-${phone.width}.png`, fullPage: true });
  });

  // Approved by the system, never by a person, and paid by the payout sandbox.
  const [sale] = await e2eDatabase().query<{ id: string; status: string; system: boolean; reference: string }>(
    `SELECT s.id, s.status, st.system, s.payout_reference AS reference
         FROM chain_deposits d JOIN sales s ON s.id = d.sale_id JOIN staff st ON st.id = s.decided_by
        WHERE d.txid = $1`,
    [txid],
  );
  await expectPaid(page, sale!.id);
  expect(sale).toMatchObject({ system: true, reference: expect.stringMatching(/\S/) });

  await status.getByRole('link', { name: 'See receipt' }).click();
  await expect(page).toHaveURL(new RegExp(`/homepage/history/${sale!.id}$`));
  const detail = page.getByTestId('transaction-detail');
  await expect(detail).toContainText(txid);
  await expect(detail).toContainText(sale!.reference);
});
