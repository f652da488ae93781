import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GiftCard } from '@wise/shared';
import { paths } from '#web/config/paths';
import { applyLanguage } from '#web/lib/i18n';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { amazon, bankDetails } from '#web/testing/sales';
import { GiftCardCatalogueRoute } from './catalogue';
import { GiftCardSellRoute } from './sell';

const cards: GiftCard[] = [amazon.card];

describe('the gift-card screens in Pidgin', () => {
  beforeEach(async () => {
    await applyLanguage('pcm');
  });
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('reads the catalogue and a missed search in Pidgin, the query quoted back as typed', async () => {
    routeFetch({
      'GET /api/giftcards': () => ({ status: 200, body: { cards } }),
      'GET /api/giftcards/search?query=zzz': () => ({
        status: 404,
        body: { error: 'No gift card matches "zzz"', code: 'GIFTCARD_NOT_FOUND' },
      }),
    });
    const { user } = renderRoutes([{ path: paths.giftCards, Component: GiftCardCatalogueRoute }], { path: paths.giftCards });
    expect(screen.getByRole('heading', { name: 'Choose gift card' })).toBeTruthy();
    expect(screen.getByLabelText('Gift cards dey load')).toBeTruthy();
    await screen.findByRole('link', { name: 'Amazon' });
    await user.type(screen.getByRole('searchbox', { name: 'Find gift cards' }), 'zzz');
    expect((await screen.findAllByText('No gift card match "zzz"')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Clear wetin you search' })).toBeTruthy();
  });

  it('says what is missing on the sell form in Pidgin, the schema’s words included', async () => {
    routeFetch({
      'GET /api/giftcards/amazon': () => ({ status: 200, body: amazon }),
      'GET /api/bank': () => ({ status: 200, body: bankDetails }),
    });
    const { user } = renderRoutes([{ path: paths.giftCardSell, Component: GiftCardSellRoute }], {
      path: '/sellgiftcards/giftcardscatalogue/amazon',
    });
    await screen.findByLabelText('Di type');
    expect(screen.getByText('You dey sell')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send am' }));
    expect(await screen.findByText('Choose sub-category', { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByText('Attach at least one picture of the card')).toBeTruthy();
  });
});
