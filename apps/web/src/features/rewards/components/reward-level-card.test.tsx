import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RewardLevelResponse } from '@wise/shared';
import { RewardLevelCard } from './reward-level-card';

const silver = { name: 'Silver', min_volume_kobo: 50_000_000, gems_per_1000_naira: 2 };
const gold = { name: 'Gold', min_volume_kobo: 200_000_000, gems_per_1000_naira: 4 };

describe('RewardLevelCard', () => {
  it('shows the level, its rate, the 30-day volume and the way to the next level', () => {
    const data: RewardLevelResponse = { level: silver, volume_kobo: 80_000_000, next_level: gold, remaining_kobo: 120_000_000 };
    render(<RewardLevelCard data={data} />);
    expect(screen.getByRole('region', { name: 'Your reward level' })).toBeTruthy();
    expect(screen.getByTestId('reward-level-name').textContent).toBe('Silver');
    expect(screen.getByText('2 gems per ₦1,000')).toBeTruthy();
    expect(screen.getByText('₦800,000.00 paid in the last 30 days')).toBeTruthy();
    expect(screen.getByText('Sell ₦1,200,000.00 more in 30 days to reach Gold')).toBeTruthy();
    // From Silver's ₦500,000 to Gold's ₦2,000,000, ₦800,000 is 20 % of the way.
    const bar = screen.getByRole('progressbar', { name: 'Progress to Gold' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
  });

  it('says "Top level" with no progress bar at the top, and the rate in the singular at 1 gem', () => {
    const top = { name: 'Diamond', min_volume_kobo: 1_000_000_000, gems_per_1000_naira: 10 };
    const { unmount } = render(<RewardLevelCard data={{ level: top, volume_kobo: 1_200_000_000, next_level: null, remaining_kobo: 0 }} />);
    expect(screen.getByText('Top level')).toBeTruthy();
    expect(screen.getByText('10 gems per ₦1,000')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    unmount();
    render(
      <RewardLevelCard
        data={{
          level: { name: 'Bronze', min_volume_kobo: 0, gems_per_1000_naira: 1 },
          volume_kobo: 0,
          next_level: silver,
          remaining_kobo: 50_000_000,
        }}
      />,
    );
    expect(screen.getByText('1 gem per ₦1,000')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('offers a retry when the level did not load', () => {
    render(<RewardLevelCard data={undefined} failed onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('We could not load your reward level.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
