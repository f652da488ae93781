import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { limitErrorCodes, payoutLimitMessage, saleErrorCodes, saleMessages, VERIFICATION_PATH } from '@wise/shared';
import { paths } from '#web/config/paths';
import { FakeXhr } from '#web/testing/fake-xhr';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { amazon, bankDetails, noBankDetails, saleDetail } from '#web/testing/sales';
import { GiftCardConfirmAccountRoute } from './confirm-account';
import { GiftCardSellRoute } from './sell';
import { GiftCardSellSuccessRoute } from './sell-success';

const routes = [
  { path: paths.giftCardConfirmAccount, Component: GiftCardConfirmAccountRoute },
  { path: paths.giftCardSuccess, Component: GiftCardSellSuccessRoute },
  { path: paths.giftCardSell, Component: GiftCardSellRoute },
];
const [physical, ecode] = amazon.subcategories as [(typeof amazon.subcategories)[number], (typeof amazon.subcategories)[number]];
const photo = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

function openSellForm(bank: object = bankDetails, limits?: object) {
  const requests = FakeXhr.install();
  routeFetch({
    'GET /api/giftcards/amazon': () => ({ status: 200, body: amazon }),
    'GET /api/bank': () => ({ status: 200, body: bank }),
    ...(limits ? { 'GET /api/profile/limits': () => ({ status: 200, body: limits }) } : {}),
  });
  const view = renderRoutes(routes, { path: '/sellgiftcards/giftcardscatalogue/amazon' });
  return { ...view, requests };
}

async function attach(...files: File[]) {
  await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('sale-images-input'), files);
}

/** Every attached picture has been prepared (downscaled) and shows as a thumbnail. */
async function thumbnailsReady(count: number) {
  await waitFor(() => {
    expect(screen.getAllByRole('img', { name: /^Image \d+:/ })).toHaveLength(count);
    expect(screen.queryByLabelText('Preparing image')).toBeNull();
  });
}

describe('/sellgiftcards/giftcardscatalogue/:card', () => {
  it('shows the exact value as the amount is typed, with the real rate of the chosen sub-category', async () => {
    const { user } = openSellForm();
    const subcategory = await screen.findByLabelText('Sub-category');
    expect(within(subcategory).getByRole('option', { name: 'USA physical · $25–$100 · ₦1,450/$' })).toBeTruthy();
    expect(screen.getByTestId('chosen-card').textContent).toContain('Amazon');
    expect(screen.getByRole('link', { name: 'Change Card' }).getAttribute('href')).toBe(paths.giftCards);
    await user.selectOptions(subcategory, physical.id);
    await user.type(screen.getByLabelText('Amount ($)'), '62.5');
    expect(screen.getByTestId('sale-value-amount').textContent).toBe('₦90,625.00');
    expect(screen.getByTestId('sale-rate').textContent).toBe('₦1,450.00/$');
    expect(screen.getByText('Between $25.00 and $100.00')).toBeTruthy();
    // Only e-code sub-categories ask for the code.
    expect(screen.queryByLabelText('Card code (optional)')).toBeNull();
    await user.selectOptions(subcategory, ecode.id);
    expect(screen.getByLabelText('Card code (optional)')).toBeTruthy();
    expect(screen.getByTestId('sale-value-amount').textContent).toBe('₦68,750.00');
  });

  it('checks the form on submit with the server’s rules and needs at least one photo', async () => {
    const { user, requests } = openSellForm();
    await screen.findByLabelText('Sub-category');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // The select's placeholder says the same as its error: the error is the alert.
    expect(await screen.findByText(saleMessages.subcategoryRequired, { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByText(saleMessages.amountRequired)).toBeTruthy();
    expect(screen.getByText(saleMessages.imagesRequired)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Sub-category'), physical.id);
    await user.type(screen.getByLabelText('Amount ($)'), '150');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const outOfRange = 'Enter an amount between $25.00 and $100.00 for this card';
    expect(await screen.findByText(outOfRange, { selector: '[role="alert"]' })).toBeTruthy();
    // Editing a field clears its error (docs/product.md §4); the value panel still gives the range, not a value.
    await user.type(screen.getByLabelText('Amount ($)'), '{Backspace}');
    expect(screen.queryByText(outOfRange, { selector: '[role="alert"]' })).toBeNull();
    expect(screen.getByText(outOfRange)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('refuses pictures that break the rules as they are picked: type, 10 MB, at most 10', async () => {
    openSellForm();
    await screen.findByLabelText('Sub-category');
    await attach(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(saleMessages.imageNotImage)).toBeTruthy();
    await attach(photo('huge.jpg', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText(saleMessages.imageTooLarge)).toBeTruthy();
    await attach(...Array.from({ length: 11 }, (_, i) => photo(`card-${i}.jpg`)));
    expect(await screen.findByText(saleMessages.imagesTooMany)).toBeTruthy();
    await thumbnailsReady(10);
    // Full: no way to add an eleventh; removing one makes room again.
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove image 3' }));
    await thumbnailsReady(9);
    expect(screen.getByRole('button', { name: /Add more/ })).toBeTruthy();
  });

  it('uploads with progress; a changed rate is shown in place; a dropped connection retries the same sale', async () => {
    const { user, requests, router } = openSellForm();
    await user.selectOptions(await screen.findByLabelText('Sub-category'), physical.id);
    await user.type(screen.getByLabelText('Amount ($)'), '25');
    await user.type(screen.getByLabelText('Comment (optional)'), 'Front and back');
    await attach(photo('front.jpg'), photo('back.jpg'));
    await thumbnailsReady(2);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const first = requests[0] as FakeXhr;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/giftcards/sales');
    expect(first.formFields()).toEqual({
      subcategory_id: physical.id,
      gift_card_id: amazon.card.id,
      amount: '25',
      expected_rate: '1450.00',
      comment: 'Front and back',
      images: ['front.jpg', 'back.jpg'],
    });
    const firstKey = first.headers['idempotency-key'];
    expect(firstKey).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    first.progress(512, 1024);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByTestId('upload-progress').textContent).toContain('50%');
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeTruthy();

    // 409 RATE_CHANGED: the new rate and value, in place; nothing is sent until the customer submits again.
    first.respond(409, {
      error: 'The rate has changed to ₦1,460.00/$. Check the new value and submit again.',
      code: 'RATE_CHANGED',
      meta: { exchange_rate: '1460.00', value_kobo: 3_650_000 },
    });
    expect((await screen.findByTestId('rate-changed')).textContent).toContain('The rate has changed to ₦1,460.00/$');
    expect(screen.getByTestId('sale-value-amount').textContent).toBe('₦36,500.00');
    expect(screen.getByTestId('sale-rate').textContent).toBe('₦1,460.00/$');
    expect(requests).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    const second = requests[1] as FakeXhr;
    expect(second.formFields().expected_rate).toBe('1460.00');
    const secondKey = second.headers['idempotency-key'];
    expect(secondKey).not.toBe(firstKey);

    // The connection drops: docs/product.md §8's toast, and the same submission goes again with the same key.
    second.fail();
    expect(await screen.findByText(saleMessages.submitFailed)).toBeTruthy();
    expect(screen.getByText(/never makes a second one/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    const third = requests[2] as FakeXhr;
    expect(third.headers['idempotency-key']).toBe(secondKey);
    expect(third.formFields()).toEqual(second.formFields());

    const sale = saleDetail({ amount_kobo: 3_650_000, exchange_rate: '1460.00' });
    third.respond(201, { sale });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.giftCardSuccess));
    expect(router.state.location.search).toBe(`?sale=${sale.id}`);
    expect((await screen.findByTestId('sale-submitted')).textContent).toBe(saleMessages.submitted);
    expect(screen.getByRole('link', { name: 'View transaction' }).getAttribute('href')).toBe(`/homepage/history/${sale.id}`);
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe(paths.homepage);
  });

  it('cancels an upload without a failure toast, and a new try keeps the key; field errors from the server show under their fields', async () => {
    const { user, requests } = openSellForm();
    await user.selectOptions(await screen.findByLabelText('Sub-category'), ecode.id);
    await user.type(screen.getByLabelText('Amount ($)'), '30');
    await user.type(screen.getByLabelText('Card code (optional)'), 'ABCD-1234');
    await attach(photo('receipt.jpg'));
    await thumbnailsReady(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const first = requests[0] as FakeXhr;
    expect(first.formFields().card_code).toBe('ABCD-1234');
    first.progress(100, 1000);
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(first.aborted).toBe(true);
    expect(await screen.findByText(/Upload cancelled/)).toBeTruthy();
    expect(screen.queryByText(saleMessages.submitFailed)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    const second = requests[1] as FakeXhr;
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    second.respond(400, {
      error: 'Attach a clearer photo',
      fields: { images: 'One of the images could not be read. Attach it again as JPEG or PNG' },
    });
    expect(await screen.findByText(saleMessages.submitFailed)).toBeTruthy();
    expect(screen.getByText('One of the images could not be read. Attach it again as JPEG or PNG')).toBeTruthy();
  });

  it('says under the card code that it was already submitted in another sale (409 CARD_CODE_USED)', async () => {
    const { user, requests } = openSellForm();
    await user.selectOptions(await screen.findByLabelText('Sub-category'), ecode.id);
    await user.type(screen.getByLabelText('Amount ($)'), '30');
    await user.type(screen.getByLabelText('Card code (optional)'), 'ABCD-1234');
    await attach(photo('card.jpg'));
    await thumbnailsReady(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    (requests[0] as FakeXhr).respond(409, {
      error: saleMessages.cardCodeUsed,
      code: saleErrorCodes.cardCodeUsed,
      fields: { card_code: saleMessages.cardCodeUsed },
    });
    expect(await screen.findByText(saleMessages.submitFailed)).toBeTruthy();
    expect(screen.getByText(saleMessages.cardCodeUsed)).toBeTruthy();
  });

  it('says the payout limit, what is left today and the way up when the sale would pass it (409 PAYOUT_LIMIT_EXCEEDED)', async () => {
    const { user, requests } = openSellForm();
    await user.selectOptions(await screen.findByLabelText('Sub-category'), physical.id);
    await user.type(screen.getByLabelText('Amount ($)'), '60');
    await attach(photo('card.jpg'));
    await thumbnailsReady(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const message = payoutLimitMessage('daily', 10_000_000, 4_100_000, 0);
    (requests[0] as FakeXhr).respond(409, {
      error: message,
      code: limitErrorCodes.exceeded,
      meta: { limit: 'daily', limit_kobo: 10_000_000, remaining_kobo: 4_100_000, tier: 0 },
    });
    const notice = await screen.findByTestId('payout-limit');
    expect(notice.textContent).toBe(
      'Your daily selling limit is ₦100,000.00, and you have ₦41,000.00 left today. Verify your identity to raise it.',
    );
    expect(within(notice).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(VERIFICATION_PATH);
    // The error toast (docs/product.md §8) carries the same words.
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(screen.queryByText(saleMessages.submitFailed)).toBeNull();
  });

  it('says what can be sold today before anything is typed, and at once when the typed card would pass it, before any photo', async () => {
    const tier0 = {
      tier: 0,
      daily_limit_kobo: 10_000_000,
      used_today_kobo: 0,
      pending_kobo: 0,
      remaining_today_kobo: 10_000_000,
      total_limit_kobo: 30_000_000,
      used_total_kobo: 0,
    };
    const { user, requests } = openSellForm(bankDetails, tier0);
    const left = await screen.findByTestId('limit-left');
    expect(left.textContent).toBe('You can sell up to ₦100,000.00 today. Verify your identity to raise it.');
    expect(within(left).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(VERIFICATION_PATH);
    await user.selectOptions(screen.getByLabelText('Sub-category'), physical.id);
    // A $100 card at ₦1,450/$ is ₦145,000: told at the last key press, with the way up, no photo picked yet.
    await user.type(screen.getByLabelText('Amount ($)'), '100');
    const over = screen.getByTestId('limit-over');
    expect(over.textContent).toBe(
      'This sale is worth ₦145,000.00, more than the ₦100,000.00 you can sell today. Verify your identity to raise it.',
    );
    expect(within(over).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(VERIFICATION_PATH);
    expect(screen.queryByTestId('limit-left')).toBeNull();
    // Submitting sends nothing.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(requests).toHaveLength(0);
    // Back within the limit, the hint returns.
    await user.clear(screen.getByLabelText('Amount ($)'));
    await user.type(screen.getByLabelText('Amount ($)'), '60');
    expect(screen.queryByTestId('limit-over')).toBeNull();
    expect(screen.getByTestId('limit-left')).toBeTruthy();
  });

  it('sends a customer without bank details to the confirm step, which asks for them first', async () => {
    const { router } = openSellForm(noBankDetails);
    expect(await screen.findByTestId('bank-missing')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.giftCardConfirmAccount);
    expect(screen.getByText(saleMessages.bankDetailsRequired)).toBeTruthy();
    const add = screen.getByRole('link', { name: 'Add bank details' });
    expect(add.getAttribute('href')).toBe(
      `/account/updatebank?returnTo=${encodeURIComponent('/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon')}`,
    );
  });
});
