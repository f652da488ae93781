import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listTexts, REWARDS_HISTORY_PAGE_SIZE, type RewardHistoryEntry } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { RewardsHistoryRoute } from './rewards-history';

const routes = [{ path: paths.rewardsHistory, Component: RewardsHistoryRoute }];

const claim = (n: number): RewardHistoryEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  created_at: '2026-11-21T13:05:00.000Z',
  points: n * 10,
  reward: `Reward for sale ${n}`,
});

describe('/rewards/history', () => {
  it('shows the newest claims and reaches older ones with Load more, which follows the cursor and ends on the last page', async () => {
    const calls = routeFetch({
      [`GET /api/rewards/history?limit=${REWARDS_HISTORY_PAGE_SIZE}`]: () => ({
        status: 200,
        body: { rewards: [claim(1), claim(2)], next_cursor: 'c1' },
      }),
      [`GET /api/rewards/history?limit=${REWARDS_HISTORY_PAGE_SIZE}&cursor=c1`]: () => ({
        status: 200,
        body: { rewards: [claim(3)], next_cursor: null },
      }),
    });
    const { user } = renderRoutes(routes, { path: paths.rewardsHistory });
    const list = await screen.findByRole('list', { name: 'Rewards history' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: listTexts.loadMore }));
    expect(await screen.findByText('Reward for sale 3')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Rewards history' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: listTexts.loadMore })).toBeNull();
    expect(calls.filter((c) => c.includes('cursor=c1'))).toHaveLength(1);
  });
});
