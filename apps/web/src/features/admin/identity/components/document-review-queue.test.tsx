import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { documentMessages } from '@wise/shared';
import { documentReviewTexts, imagesDeletedTexts, type AdminDocumentReview } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { requestBody, stubFetch } from '#web/testing/render';
import { DocumentReviewQueue } from './document-review-queue';

/** The Tier 2 queue: the facts to compare, images only on request, approve with a code, reject with a reason. */

const ID = '3f1c6c1e-8a4e-4a57-9d7e-0b6a2c1d9e10';
const review: AdminDocumentReview = {
  id: ID,
  status: 'pending',
  submitted_at: '2026-11-21T09:00:00.000Z',
  customer: { id: '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21', full_name: 'Ada Obi-Okafor', username: 'adaobi', tier: 1 },
  verified: { name: 'ADA OBI-OKAFOR', date_of_birth: '1994-02-10', kind: 'bvn', last4: '2222' },
  verdict: {
    kind: 'match',
    score: 93,
    summary: 'Sandbox: the selfie matches the document (93%)',
    provider: 'sandbox',
    at: '2026-11-21T09:00:05.000Z',
  },
  images_available: true,
  decided_at: null,
  decided_by: null,
  reject_reason: null,
};

function renderQueue() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <DocumentReviewQueue /> }], { initialEntries: ['/admin/identity-documents'] });
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone="Africa/Lagos">
        <RouterProvider router={router} />
      </BusinessTimeZoneProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the Tier 2 queue', () => {
  it('says where the photos went when they no longer exist, and offers no broken images', async () => {
    stubFetch({ status: 200, body: { items: [{ ...review, images_available: false, images_deleted: 'account_closed' }] } });
    renderQueue();
    const deleted = await screen.findByTestId('deleted-images');
    expect([...deleted.querySelectorAll('li')].map((tile) => tile.textContent)).toEqual(Array(3).fill(imagesDeletedTexts.account_closed));
    expect(screen.queryByRole('button', { name: /Show the ID and selfie/ })).toBeNull();
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('shows the Tier 1 facts and the verdict, loads the images only when asked, and rejects with a reason', async () => {
    const decided = {
      ...review,
      status: 'rejected',
      reject_reason: 'Blurred',
      decided_at: '2026-11-21T10:00:00.000Z',
      decided_by: 'r@wise.test',
    };
    const fetch = stubFetch(
      { status: 200, body: { items: [review] } },
      { status: 200, body: { review: decided } },
      { status: 200, body: { items: [] } },
    );
    const user = renderQueue();
    expect(await screen.findByText('ADA OBI-OKAFOR')).toBeTruthy();
    expect(screen.getByText('1994-02-10')).toBeTruthy();
    expect(screen.getByText(`${documentReviewTexts.verdictLabels.match} · 93%`)).toBeTruthy();
    expect(document.querySelectorAll('img')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Show the ID and selfie/ }));
    expect([...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(
      ['front', 'back', 'selfie'].map((side) => `/api/admin/identity-documents/${ID}/images/${side}`),
    );

    // The faces side by side at full size: the ID's front beside the selfie, closed with Escape.
    await user.click(screen.getByRole('button', { name: 'Compare the ID and the selfie side by side' }));
    const compare = await screen.findByTestId('compare-viewer');
    expect([...compare.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(
      ['front', 'selfie'].map((side) => `/api/admin/identity-documents/${ID}/images/${side}`),
    );
    expect(compare.classList.contains('admin-compare--fitted')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Fit to the screen' }));
    expect(compare.classList.contains('admin-compare--fitted')).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('compare-viewer')).toBeNull();

    await user.click(screen.getByRole('button', { name: documentReviewTexts.reject }));
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText(documentMessages.reasonRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(documentReviewTexts.reasonLabel), 'Blurred');
    await user.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText(documentReviewTexts.empty)).toBeTruthy();
    expect(requestBody(fetch, 1)).toEqual({ reason: 'Blurred' });
  });
});
