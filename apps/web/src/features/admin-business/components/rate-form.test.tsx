import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueMessages, type AdminGiftCard, type AdminSubcategory } from '@wise/shared/admin';
import { renderRoutes, routeFetch, stubFetch, requestBody } from '#web/testing/render';
import { RateForm } from './rate-form';
import { SubcategoryFormDialog } from './subcategory-form-dialog';

const band: AdminSubcategory = {
  id: '5d0c8a52-8d4b-4c4f-9d43-3f1f0c7f5b10',
  gift_card_id: 'c5a4b0c6-98a4-4b3b-8d5e-0a3c6a1e2f01',
  label: 'USA physical · $25–$100',
  country: 'USA',
  kind: 'physical',
  currency: 'USD',
  min_amount: '25.00',
  max_amount: '100.00',
  exchange_rate: '1450.00',
  enabled: true,
  position: 0,
  rate_updated_at: '2026-11-20T10:00:00.000Z',
};

const card: AdminGiftCard = {
  id: band.gift_card_id,
  name: 'Amazon',
  slug: 'amazon',
  currency: 'USD',
  brand_color: '#ff9900',
  enabled: true,
  image_url: null,
  customer_image_url: '/api/giftcards/art/amazon.svg',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  subcategories: [band],
};

const patchPath = `PATCH /api/admin/giftcards/subcategories/${band.id}`;

function renderRateForm() {
  const view = renderRoutes([{ path: '/', Component: () => <RateForm subcategory={band} /> }]);
  const input = screen.getByLabelText('Rate for USA physical · $25–$100 (naira per $1)');
  const save = screen.getByRole('button', { name: 'Save' });
  return { ...view, input, save };
}

async function typeRate(view: ReturnType<typeof renderRateForm>, text: string) {
  await view.user.clear(view.input);
  if (text) await view.user.type(view.input, text);
  await view.user.click(view.save);
}

/** A rate change asks for the admin's own code first (docs/separation-of-duties.md). */
async function confirmWithCode(view: ReturnType<typeof renderRateForm>, code = '135790') {
  const dialog = await screen.findByRole('dialog');
  await view.user.type(within(dialog).getByLabelText('Authenticator code'), code);
  await view.user.click(within(dialog).getByRole('button', { name: 'Save the rate' }));
}

describe('RateForm (a sub-category rate changed in place)', () => {
  it('starts from the current rate, with Save off until the rate is changed', () => {
    const view = renderRateForm();
    expect((view.input as HTMLInputElement).value).toBe('1450.00');
    expect((view.save as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['', catalogueMessages.rateInvalid],
    ['abc', catalogueMessages.rateInvalid],
    ['1450.505', catalogueMessages.rateInvalid],
    ['-5', catalogueMessages.rateInvalid],
    ['1,450', catalogueMessages.rateInvalid],
    ['12345678901', catalogueMessages.rateInvalid],
    ['0', catalogueMessages.amountPositive],
    ['0.00', catalogueMessages.amountPositive],
  ])('refuses %j with the rule under the field, asking the server nothing', async (text, message) => {
    const calls = routeFetch({});
    const view = renderRateForm();
    await typeRate(view, text);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(view.input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('clears the error as soon as the rate is edited again', async () => {
    routeFetch({});
    const view = renderRateForm();
    await typeRate(view, 'abc');
    await screen.findByRole('alert');
    await view.user.type(view.input, '1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends only the new rate as the decimal text typed, then shows the saved one', async () => {
    const fetchMock = stubFetch({ status: 200, body: { subcategory: { ...band, exchange_rate: '1500.50' } } });
    const view = renderRateForm();
    await typeRate(view, ' 1500.50 ');
    expect(fetchMock).not.toHaveBeenCalled();
    await confirmWithCode(view);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/admin/giftcards/subcategories/${band.id}`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PATCH');
    expect(requestBody(fetchMock)).toEqual({ exchange_rate: '1500.50', confirm_code: '135790' });
    await waitFor(() => expect((view.input as HTMLInputElement).value).toBe('1500.50'));
    expect((view.save as HTMLButtonElement).disabled).toBe(true);
  });

  it("puts the server's message for the rate under the field", async () => {
    routeFetch({
      [patchPath]: () => ({ status: 400, body: { error: 'Invalid request', fields: { exchange_rate: 'Rate refused by the server' } } }),
    });
    const view = renderRateForm();
    await typeRate(view, '1600');
    await confirmWithCode(view);
    expect(await screen.findByText('Rate refused by the server')).toBeTruthy();
    expect(view.input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('SubcategoryFormDialog (band and rate)', () => {
  it('checks the band and the rate before anything is sent', async () => {
    const calls = routeFetch({});
    const view = renderRoutes([{ path: '/', Component: () => <SubcategoryFormDialog card={card} onClose={() => undefined} /> }]);
    await view.user.type(screen.getByLabelText('Country'), 'UK');
    await view.user.type(screen.getByLabelText('Smallest card value'), '100');
    await view.user.type(screen.getByLabelText('Largest card value'), '50');
    await view.user.type(screen.getByLabelText('Rate (naira per unit)'), '12.345');
    await view.user.click(screen.getByRole('button', { name: 'Add sub-category' }));
    expect(await screen.findByText(catalogueMessages.rateInvalid)).toBeTruthy();
    await view.user.clear(screen.getByLabelText('Rate (naira per unit)'));
    await view.user.type(screen.getByLabelText('Rate (naira per unit)'), '1200');
    await view.user.click(screen.getByRole('button', { name: 'Add sub-category' }));
    expect(await screen.findByText(catalogueMessages.bandInvalid)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends an edit with only the fields that changed (an unchanged rate writes no history line)', async () => {
    const fetchMock = stubFetch({ status: 200, body: { subcategory: { ...band, max_amount: '200.00' } } });
    let closed = false;
    const view = renderRoutes([
      {
        path: '/',
        Component: () => (
          <SubcategoryFormDialog
            card={card}
            subcategory={band}
            onClose={() => {
              closed = true;
            }}
          />
        ),
      },
    ]);
    await view.user.clear(screen.getByLabelText('Largest card value'));
    await view.user.type(screen.getByLabelText('Largest card value'), '200.00');
    await view.user.click(screen.getByRole('button', { name: 'Save sub-category' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(requestBody(fetchMock)).toEqual({ max_amount: '200.00' });
  });
});
