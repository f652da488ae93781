import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { airtimeScreenTexts, referralTexts, REWARDS_HISTORY_PAGE_SIZE, rewardsHistoryTexts } from '@wise/shared';
import { paths } from '#web/config/paths';
import { applyLanguage } from '#web/lib/i18n';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { AirtimeRoute } from '../bills/airtime';
import { RewardsHistoryRoute } from './rewards-history';

const history = `GET /api/rewards/history?limit=${REWARDS_HISTORY_PAGE_SIZE}`;

describe('the rewards screens in Pidgin', () => {
  afterEach(async () => {
    await act(() => applyLanguage('en'));
  });

  it('switches the history and the fixed reward names the server writes, keeping amounts', async () => {
    routeFetch({
      [history]: () => ({
        status: 200,
        body: {
          rewards: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              created_at: '2026-11-21T13:05:00.000Z',
              points: 1500,
              reward: referralTexts.refereeReward,
            },
          ],
          next_cursor: null,
        },
      }),
    });
    renderRoutes([{ path: paths.rewardsHistory, Component: RewardsHistoryRoute }], { path: paths.rewardsHistory });
    expect(await screen.findByText(referralTexts.refereeReward)).toBeTruthy();

    await act(() => applyLanguage('pcm'));
    expect(screen.getByText('Welcome bonus because you join with invite')).toBeTruthy();
    expect(screen.getByLabelText('1500 gems')).toBeTruthy();
    expect(screen.getByText('+1,500')).toBeTruthy();
  });

  it('says an empty history in Pidgin', async () => {
    await act(() => applyLanguage('pcm'));
    routeFetch({ [history]: () => ({ status: 200, body: { rewards: [], next_cursor: null } }) });
    renderRoutes([{ path: paths.rewardsHistory, Component: RewardsHistoryRoute }], { path: paths.rewardsHistory });
    expect(await screen.findByText('You never collect any reward')).toBeTruthy();
    expect(screen.queryByText(rewardsHistoryTexts.emptyTitle)).toBeNull();
  });

  it('reads the airtime form in Pidgin, network names unchanged', async () => {
    await act(() => applyLanguage('pcm'));
    routeFetch({ 'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 2500 } }) });
    renderRoutes([{ path: paths.airtime, Component: AirtimeRoute }], { path: paths.airtime });
    expect(screen.getByRole('button', { name: 'Go on' })).toBeTruthy();
    expect(screen.getByText('Pay with your Wise Gems. 1 gem na ₦1.')).toBeTruthy();
    expect(screen.queryByText(airtimeScreenTexts.text)).toBeNull();
    expect(screen.getAllByText('MTN').length).toBeGreaterThan(0);
  });
});
