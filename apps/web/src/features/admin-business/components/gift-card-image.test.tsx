import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { catalogueMessages, type AdminGiftCard } from '@wise/shared/admin';
import { renderRoutes, stubFetch } from '#web/testing/render';
import { GiftCardImage } from './gift-card-image';

const card: AdminGiftCard = {
  id: 'c5a4b0c6-98a4-4b3b-8d5e-0a3c6a1e2f01',
  name: 'Amazon',
  slug: 'amazon',
  currency: 'USD',
  brand_color: '#ff9900',
  enabled: true,
  image_url: null,
  customer_image_url: '/api/giftcards/art/amazon.svg',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  subcategories: [],
};

function pick(file: File) {
  fireEvent.change(screen.getByTestId('gift-card-image-input'), { target: { files: [file] } });
}

describe('GiftCardImage', () => {
  it('draws the artwork until a picture is uploaded', () => {
    renderRoutes([{ path: '/', Component: () => <GiftCardImage card={card} /> }]);
    expect(screen.getByText('Drawn artwork (no picture uploaded)')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses what the server would not take, before any upload', () => {
    const fetchMock = stubFetch();
    renderRoutes([{ path: '/', Component: () => <GiftCardImage card={card} /> }]);
    pick(new File(['%PDF'], 'card.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(catalogueMessages.imageNotImage);
    pick(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(catalogueMessages.imageTooLarge);
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews the chosen picture, then uploads it as multipart', async () => {
    // The DOM here makes no object URLs: a stand-in for this test only.
    const real = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = real.create;
      URL.revokeObjectURL = real.revoke;
    });
    const fetchMock = stubFetch({ status: 200, body: { card: { ...card, image_url: `/api/admin/giftcards/${card.id}/image` } } });
    const { user } = renderRoutes([{ path: '/', Component: () => <GiftCardImage card={card} /> }]);
    pick(new File(['png'], 'amazon.png', { type: 'image/png' }));
    const preview = screen.getByRole('img', { name: 'New picture for Amazon (not saved yet)' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(screen.getByText('Preview — not saved yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/admin/giftcards/${card.id}/image`);
    const body = fetchMock.mock.calls[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('image') as File).name).toBe('amazon.png');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull());
  });
});
