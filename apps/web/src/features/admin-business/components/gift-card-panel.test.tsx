import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminGiftCard, AdminSubcategory } from '@wise/shared/admin';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { GiftCardPanel } from './gift-card-panel';

/** One card in the back office: its details, its sub-categories with their rates, and the dialogs its buttons open. */

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
  enabled: false,
  image_url: null,
  customer_image_url: '/api/giftcards/art/amazon.svg',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  subcategories: [band],
};

describe('GiftCardPanel', () => {
  it("shows the card's details and its sub-categories, and opens the rate history and the card's edit", async () => {
    routeFetch({ [`GET /api/admin/giftcards/subcategories/${band.id}/rates`]: () => ({ status: 200, body: { items: [] } }) });
    const { user } = renderRoutes([{ path: '/', Component: () => <GiftCardPanel card={card} /> }]);

    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('amazon').tagName).toBe('DD');
    expect(screen.getByText('USD ($)')).toBeTruthy();
    expect(screen.getByText('#ff9900')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Sub-categories of Amazon' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('USA · Physical');
    expect(rows[1]!.textContent).toContain('$25.00 – $100.00 USD');
    expect(screen.getByText('Sub-categories (1)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rate history of USA physical · $25–$100' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: /Edit card/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
