import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReferralSummary } from '@wise/shared';
import { ToastHost } from '#web/components/ui/toast';
import { ReferralCard } from './referral-card';

const data: ReferralSummary = {
  code: 'ABCD2345',
  link_path: '/createaccount?ref=ABCD2345',
  referrer_gems: 100,
  referee_gems: 50,
  joined: 1,
  gems_earned: 100,
};
const link = 'https://wise.example/createaccount?ref=ABCD2345';

function stub(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

afterEach(() => {
  stub('share', undefined);
  stub('clipboard', undefined);
});

describe('ReferralCard', () => {
  it('shows the code, the full link, what each side earns and what invites earned', () => {
    render(<ReferralCard data={data} origin="https://wise.example" />);
    const card = screen.getByRole('region', { name: 'Invite friends' });
    expect(screen.getByTestId('referral-code').textContent).toBe('ABCD2345');
    expect(screen.getByTestId('referral-link').textContent).toBe(link);
    expect(card.textContent).toContain('you earn 100 gems and they earn 50 gems');
    expect(card.textContent).toContain('1 friend joined');
    expect(card.textContent).toContain('100 gems earned from invites');
  });

  it('opens the share sheet with the link where the browser has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stub('share', share);
    render(<ReferralCard data={data} origin="https://wise.example" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link, title: 'Join me on Wise' })));
  });

  it('copies the link and says so where there is no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stub('clipboard', { writeText });
    render(
      <>
        <ToastHost />
        <ReferralCard data={data} origin="https://wise.example" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('copies instead when sharing fails, but not when the customer closes the sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stub('clipboard', { writeText });
    stub('share', vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')));
    const { unmount } = render(<ReferralCard data={data} origin="https://wise.example" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share link' }).hasAttribute('disabled')).toBe(false));
    expect(writeText).not.toHaveBeenCalled();
    unmount();

    stub('share', vi.fn().mockRejectedValue(new DOMException('not allowed', 'NotAllowedError')));
    render(<ReferralCard data={data} origin="https://wise.example" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
  });

  it('offers a retry when the card did not load', () => {
    const onRetry = vi.fn();
    render(<ReferralCard data={undefined} failed onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('We could not load your invite link.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
