import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '../../../../lib/business-time-zone';
import { requestBody, stubFetch } from '../../../../testing/render';
import { ApproveForm } from './approve-form';
import { RejectForm } from './reject-form';

const SALE_ID = '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21';
const sale = {
  id: SALE_ID,
  title: 'Apple · USD 50',
  value_kobo: 7_250_000,
  bank: { bank_code: '058', bank_name: 'GTBank', account_number: '0123456789', account_name: 'ADA OBI', name_match: 'match' as const },
};

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone="Africa/Lagos">{children}</BusinessTimeZoneProvider>
    </QueryClientProvider>,
  );
}

describe('ApproveForm', () => {
  it('starts at the quote and approves it without an amount, after the authenticator code', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    wrap(<ApproveForm sale={sale} />);
    expect((screen.getByLabelText('Amount to pay (₦)') as HTMLInputElement).value).toBe('72500.00');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and pay' });
    expect(within(dialog).getByText('ADA OBI · GTBank ••6789')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${SALE_ID}/approve`);
    expect(requestBody(fetchMock)).toEqual({ confirm_code: '123456' });
  });

  it('asks for a note when the amount differs, then sends both', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    wrap(<ApproveForm sale={sale} />);
    const amount = screen.getByLabelText('Amount to pay (₦)');
    await user.clear(amount);
    await user.type(amount, '70,000');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(screen.getByText(reviewMessages.noteRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByLabelText('Note (required: why the amount differs)'), 'Balance was $48.30');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦70,000.00' }));
    expect(requestBody(fetchMock)).toEqual({ payout_amount_kobo: 7_000_000, note: 'Balance was $48.30', confirm_code: '654321' });
  });

  it('refuses an amount that is not naira', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    wrap(<ApproveForm sale={sale} />);
    const amount = screen.getByLabelText('Amount to pay (₦)');
    await user.clear(amount);
    await user.type(amount, '70k');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(screen.getByText('Enter the naira amount to pay, e.g. 45000 or 45000.50')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('RejectForm', () => {
  it('needs a reason, and the words of "other"', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    wrap(<RejectForm sale={sale} />);
    await user.click(screen.getByRole('button', { name: 'Reject sale' }));
    expect(screen.getByText('Choose the reason the customer will read')).toBeTruthy();
    await user.click(screen.getByLabelText(/^Other/));
    await user.click(screen.getByRole('button', { name: 'Reject sale' }));
    expect(screen.getByText(reviewMessages.otherReasonRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows what the customer will read, then sends the reason and message', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ status: 409, body: { error: 'This sale has already been decided', code: 'SALE_ALREADY_DECIDED' } });
    wrap(<RejectForm sale={sale} />);
    await user.click(screen.getByLabelText(/^Used card/));
    await user.type(screen.getByLabelText('Message to the customer (optional)'), 'Code was redeemed on 20 Nov');
    await user.click(screen.getByRole('button', { name: 'Reject sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this sale?' });
    expect(within(dialog).getByText('The card has already been used')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject sale' }));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${SALE_ID}/reject`);
    expect(requestBody(fetchMock)).toEqual({ reason: 'used_card', message: 'Code was redeemed on 20 Nov' });
    expect(await within(dialog).findByText('This sale has already been decided')).toBeTruthy();
  });
});
