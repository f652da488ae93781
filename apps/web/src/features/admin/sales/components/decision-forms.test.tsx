import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { saleAmountReasons, saleRejectionReasons } from '@wise/shared';
import { reviewMessages } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { requestBody, stubFetch } from '#web/testing/render';
import { ApproveForm } from './approve-form';
import { RejectForm } from './reject-form';

const SALE_ID = '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21';
const sale = {
  id: SALE_ID,
  title: 'Apple · USD 50',
  kind: 'giftcard' as const,
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

  it('asks why a lower amount is lower (a note for "other"), then pays it at once', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    wrap(<ApproveForm sale={{ ...sale, approval_limit_kobo: 50_000_000 }} />);
    const amount = screen.getByLabelText('Amount to pay (₦)');
    await user.clear(amount);
    await user.type(amount, '70,000');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(screen.getByText(reviewMessages.reasonRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Why is the amount lower?'), 'other');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(screen.getByText(reviewMessages.noteRequired)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Why is the amount lower?'), 'partially_used');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and pay' });
    expect(within(dialog).getByText(saleAmountReasons.partially_used)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦70,000.00' }));
    expect(requestBody(fetchMock)).toEqual({ payout_amount_kobo: 7_000_000, reason: 'partially_used', confirm_code: '654321' });
  });

  it('says an amount above the quote goes to a second approver, and needs a note', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    wrap(<ApproveForm sale={{ ...sale, approval_limit_kobo: 50_000_000 }} />);
    const amount = screen.getByLabelText('Amount to pay (₦)');
    await user.clear(amount);
    await user.type(amount, '1000000000');
    expect(screen.getByRole('status').textContent).toContain('nothing is paid until a second approver');
    expect(screen.queryByLabelText('Why is the amount lower?')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask for a second approval' }));
    expect(screen.getByText(reviewMessages.aboveQuoteNote)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Note \(required/), 'Customer says the balance is higher');
    await user.click(screen.getByRole('button', { name: 'Ask for a second approval' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for a second approval' });
    await user.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to pay ₦1,000,000,000.00' }));
    expect(requestBody(fetchMock)).toEqual({
      payout_amount_kobo: 100_000_000_000,
      reason: 'other',
      note: 'Customer says the balance is higher',
      confirm_code: '654321',
    });
  });

  it('sends the quote above the single-approval limit to a second approver too', async () => {
    const user = userEvent.setup();
    stubFetch({ status: 500, body: { error: 'stop here' } });
    wrap(<ApproveForm sale={{ ...sale, approval_limit_kobo: 5_000_000 }} />);
    expect(screen.getByRole('status').textContent).toContain('Above the single-approval limit of ₦50,000.00');
    await user.click(screen.getByRole('button', { name: 'Ask for a second approval' }));
    expect(screen.getByRole('dialog', { name: 'Ask for a second approval' })).toBeTruthy();
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

  it("offers a crypto sale the coin's own reasons, not a card's", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    wrap(<RejectForm sale={{ id: SALE_ID, title: 'USDT · 100', kind: 'crypto' }} />);
    const reasons = within(screen.getByRole('group', { name: 'Reason' }))
      .getAllByRole('radio')
      .map((radio) => (radio as HTMLInputElement).value);
    expect(reasons).toEqual(['no_deposit', 'wrong_network', 'amount_differs', 'unconfirmed', 'other']);
    await user.click(screen.getByLabelText(/^Wrong network/));
    await user.click(screen.getByRole('button', { name: 'Reject sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this sale?' });
    expect(within(dialog).getByText(saleRejectionReasons.wrong_network)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject sale' }));
    expect(requestBody(fetchMock)).toEqual({ reason: 'wrong_network' });
  });
});
