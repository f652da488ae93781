import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cryptoMessages, saleErrorCodes, saleMessages, transactionIdMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { quote } from '#web/features/crypto/test-data';
import { rememberQuote } from '#web/features/crypto/quote-store';
import { FakeXhr } from '#web/testing/fake-xhr';
import { renderRoutes } from '#web/testing/render';
import { saleDetail } from '#web/testing/sales';
import { CryptoSellSuccessRoute } from './sell-success';
import { CryptoWalletConfirmRoute } from './wallet-confirm';

const routes = [
  { path: paths.cryptoWalletConfirm, Component: CryptoWalletConfirmRoute },
  { path: paths.cryptoSuccess, Component: CryptoSellSuccessRoute },
];
const confirmPath = '/sellcrypto/cryptocatalogue/btc/walletaddress/confirm';
const screenshot = () => new File([new Uint8Array(4096)], 'sent.png', { type: 'image/png' });

async function openProofStep(id: string) {
  const requests = FakeXhr.install();
  const view = renderRoutes(routes, { path: confirmPath });
  await act(async () => {
    await view.router.navigate(`${confirmPath}?quote=${id}`);
  });
  return { ...view, requests };
}

async function attachScreenshot() {
  await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('crypto-screenshot-input'), screenshot());
  await waitFor(() => {
    expect(screen.getAllByRole('img', { name: /^Image 1:/ })).toHaveLength(1);
    expect(screen.queryByLabelText('Preparing image')).toBeNull();
  });
}

const txHex = '9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f';

afterEach(() => sessionStorage.clear());

describe('/sellcrypto/cryptocatalogue/:coin/walletaddress/confirm', () => {
  it('asks for the screenshot first; sends quote, transaction ID and screenshot with an Idempotency-Key; goes to success', async () => {
    const given = quote();
    rememberQuote(given);
    const { user, requests, router } = await openProofStep(given.id);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(saleMessages.screenshotRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);

    await attachScreenshot();
    // Not a Bitcoin ID (a Cyrillic а in it): the field says what one looks like, and nothing is sent.
    const field = screen.getByLabelText('Transaction ID (optional)');
    await user.type(field, `${txHex.slice(0, 63)}\u0430`);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(transactionIdMessages.btc)).toBeTruthy();
    expect(requests).toHaveLength(0);
    // The explorer link pasted instead: its ID is what is sent.
    await user.clear(field);
    await user.type(field, `  https://mempool.space/tx/${txHex.toUpperCase()}  `);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const sent = requests[0] as FakeXhr;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/crypto/sales');
    expect(sent.formFields()).toEqual({ quote_id: given.id, transaction_id: txHex, network: 'bitcoin', screenshot: 'sent.png' });
    expect(sent.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    sent.progress(2048, 4096);
    expect(await screen.findByRole('progressbar')).toBeTruthy();

    const sale = saleDetail({ kind: 'crypto', transaction_type: 'crypto', amount_kobo: given.value_kobo });
    sent.respond(201, { sale });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sellcrypto/cryptocatalogue/btc/success'));
    expect(router.state.location.search).toBe(`?sale=${sale.id}`);
    expect((await screen.findByTestId('sale-submitted')).textContent).toBe(saleMessages.submitted);
    expect(screen.getByRole('link', { name: 'View transaction' }).getAttribute('href')).toBe(`/homepage/history/${sale.id}`);
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe(paths.homepage);
  });

  it('on QUOTE_EXPIRED shows the fresh value to confirm, then submits it under a new key; a dropped connection retries with the same key', async () => {
    const given = quote();
    rememberQuote(given);
    const { user, requests, router } = await openProofStep(given.id);
    await attachScreenshot();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const first = requests[0] as FakeXhr;
    const firstKey = first.headers['idempotency-key'];

    const fresh = quote({
      id: '0c9b8a7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
      price_usd: '66000',
      value_kobo: 104_280_000,
      value_ngn: '1042800.00',
    });
    first.respond(409, { error: cryptoMessages.quoteExpired, code: 'QUOTE_EXPIRED', meta: { quote: fresh } });
    const changed = await screen.findByTestId('quote-changed');
    expect(changed.textContent).toContain('₦1,042,800.00');
    expect(changed.textContent).toContain('₦1,062,299.10');
    // No failure toast for an expired quote: the new value is the answer.
    expect(screen.queryByText(saleMessages.submitFailed)).toBeNull();
    expect(router.state.location.search).toBe(`?quote=${fresh.id}`);
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await user.click(within(changed).getByRole('button', { name: 'Confirm new value' }));
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    await waitFor(() => expect(requests).toHaveLength(2));
    const second = requests[1] as FakeXhr;
    expect(second.formFields().quote_id).toBe(fresh.id);
    const secondKey = second.headers['idempotency-key'];
    expect(secondKey).not.toBe(firstKey);

    second.fail();
    expect(await screen.findByText(saleMessages.submitFailed)).toBeTruthy();
    expect(screen.getByText(/never makes a second one/)).toBeTruthy();
    await user.click(submit);
    await waitFor(() => expect(requests).toHaveLength(3));
    expect((requests[2] as FakeXhr).headers['idempotency-key']).toBe(secondKey);
    expect((requests[2] as FakeXhr).formFields()).toEqual(second.formFields());
  });

  it("shows any other refusal as docs/product.md §8's toast, and the server's screenshot message under the picker", async () => {
    const given = quote();
    rememberQuote(given);
    const { user, requests } = await openProofStep(given.id);
    await attachScreenshot();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    (requests[0] as FakeXhr).respond(400, {
      error: 'Invalid',
      code: 'VALIDATION',
      fields: { screenshot: saleMessages.screenshotUnreadable },
    });
    expect(await screen.findByText(saleMessages.submitFailed)).toBeTruthy();
    expect(screen.getByText(saleMessages.screenshotUnreadable)).toBeTruthy();
  });

  it('says under the transaction ID that the deposit was already sold (409 TRANSACTION_ID_USED)', async () => {
    const given = quote();
    rememberQuote(given);
    const { user, requests } = await openProofStep(given.id);
    await attachScreenshot();
    await user.type(screen.getByLabelText('Transaction ID (optional)'), txHex);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    (requests[0] as FakeXhr).respond(409, {
      error: saleMessages.transactionIdUsed,
      code: saleErrorCodes.transactionIdUsed,
      fields: { transaction_id: saleMessages.transactionIdUsed },
    });
    expect(await screen.findByText(saleMessages.submitFailed)).toBeTruthy();
    const field = screen.getByLabelText('Transaction ID (optional)');
    expect(screen.getByText(saleMessages.transactionIdUsed)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
