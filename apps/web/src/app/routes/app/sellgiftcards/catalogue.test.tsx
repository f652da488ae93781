import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchMessages, type GiftCard } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { amazon } from '#web/testing/sales';
import { GiftCardCatalogueRoute } from './catalogue';

const card = (name: string, slug: string): GiftCard => ({
  ...amazon.card,
  id: `${slug}-id`,
  name,
  slug,
  image_url: `/api/giftcards/art/${slug}.svg`,
});
const cards = [card('Amazon', 'amazon'), card('Apple / iTunes', 'apple-itunes'), card('Steam', 'steam')];
const routes = [{ path: paths.giftCards, Component: GiftCardCatalogueRoute }];

describe('/sellgiftcards/giftcardscatalogue', () => {
  it('shows the cards in a grid, each leading to the confirm step for that card', async () => {
    routeFetch({ 'GET /api/giftcards': () => ({ status: 200, body: { cards } }) });
    renderRoutes(routes, { path: paths.giftCards });
    expect(screen.getByLabelText('Loading gift cards')).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: /Amazon|Apple|Steam/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon',
      '/sellgiftcards/giftcardscatalogue/confirmaccount?card=apple-itunes',
      '/sellgiftcards/giftcardscatalogue/confirmaccount?card=steam',
    ]);
  });

  it('asks the server once typing pauses; no match is the server’s text once, as a toast, with a way to clear the search', async () => {
    const calls = routeFetch({
      'GET /api/giftcards': () => ({ status: 200, body: { cards } }),
      'GET /api/giftcards/search?query=st': () => ({ status: 200, body: { cards: [cards[2]] } }),
      'GET /api/giftcards/search?query=zzz': () => ({
        status: 404,
        body: { error: 'No gift card matches "zzz"', code: 'GIFTCARD_NOT_FOUND' },
      }),
    });
    const { user } = renderRoutes(routes, { path: paths.giftCards });
    await screen.findByRole('link', { name: 'Steam' });
    const search = screen.getByRole('searchbox', { name: 'Search gift cards' });
    await user.type(search, 'st');
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Amazon' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Steam' })).toBeTruthy();
    });
    // One request for "st", none for the "s" typed on the way.
    expect(calls.filter((call) => call.includes('/search'))).toEqual(['GET /api/giftcards/search?query=st']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByRole('button', { name: 'Clear search' })).toBeTruthy();
    // docs/product.md §8's toast, and not the same words again on the screen behind it.
    expect(await screen.findAllByText('No gift card matches "zzz"')).toHaveLength(1);
    expect(screen.getByText('No gift card matches "zzz"').closest('.Toastify')).toBeTruthy();
    expect(screen.queryByTestId('gift-cards')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: 'Amazon' })).toBeTruthy();
  });

  it('says "Couldn\'t fetch gift cards" with a retry when the catalogue does not load', async () => {
    let fail = true;
    routeFetch({ 'GET /api/giftcards': () => (fail ? { status: 500, body: { error: 'down' } } : { status: 200, body: { cards } }) });
    const { user } = renderRoutes(routes, { path: paths.giftCards });
    expect(await screen.findByText(fetchMessages.giftCards)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('link', { name: 'Amazon' })).toBeTruthy();
  });
});
