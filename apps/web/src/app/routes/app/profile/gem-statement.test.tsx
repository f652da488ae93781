import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GEM_STATEMENT_PAGE_SIZE, gemStatementTexts, type GemMovement } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { GemStatementRoute } from './gem-statement';

const routes = [{ path: paths.gemStatement, Component: GemStatementRoute }];
const firstPage = `GET /api/gems/statement?limit=${GEM_STATEMENT_PAGE_SIZE}`;

const movement = (over: Partial<GemMovement>): GemMovement => ({
  id: `00000000-0000-4000-8000-${String(Math.random()).slice(2, 14).padEnd(12, '0')}`,
  kind: 'daily_collection',
  title: 'Daily collection',
  detail: null,
  gems: 10,
  amount: 10,
  balance: 10,
  created_at: '2026-11-21T13:05:00.000Z',
  transaction_id: null,
  ...over,
});

describe('/profile/wisegembalance/history', () => {
  it('shows each movement with its sign and the balance after it; a bill movement opens the order', async () => {
    vi.useRealTimers();
    const orderId = '11111111-2222-4333-8444-555555555555';
    routeFetch({
      [firstPage]: () => ({
        status: 200,
        body: {
          movements: [
            movement({
              kind: 'hold_release',
              title: 'Released',
              detail: 'MTN airtime · +234 803 123 4567',
              gems: 500,
              amount: 500,
              balance: 1250,
              transaction_id: orderId,
            }),
            movement({
              kind: 'hold_capture',
              title: 'Spent on TV',
              detail: 'DStv · Padi · Paid from held gems',
              gems: 4400,
              amount: 0,
              balance: 750,
            }),
            movement({ kind: 'hold', title: 'Held for TV', gems: 4400, amount: -4400, balance: 750 }),
          ],
          next_cursor: null,
        },
      }),
    });
    renderRoutes(routes, { path: paths.gemStatement });
    const list = await screen.findByTestId('gem-statement');
    const amounts = within(list)
      .getAllByTestId('gem-move-amount')
      .map((a) => a.textContent);
    expect(amounts).toEqual(['+500 gems', '4,400 gems', '\u22124,400 gems']);
    expect(
      within(list)
        .getAllByTestId('gem-move-balance')
        .map((b) => b.textContent),
    ).toEqual(['Balance 1,250', 'Balance 750', 'Balance 750']);
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(`/homepage/history/${orderId}`);
    expect(links[0]?.textContent).toContain('MTN airtime · +234 803 123 4567');
  });

  it("shows rewards earned but not collected apart, signed and 'to collect', without a balance that reads like gems lost", async () => {
    vi.useRealTimers();
    routeFetch({
      [firstPage]: () => ({
        status: 200,
        body: {
          movements: [
            movement({
              kind: 'reward_clawback',
              title: 'Reward taken back',
              detail: 'Taken from rewards not yet collected',
              gems: 20,
              amount: 0,
              balance: 0,
            }),
            movement({
              kind: 'reward_accrual',
              title: 'Reward earned',
              detail: 'Added to Rewards, ready to collect',
              gems: 120,
              amount: 0,
              balance: 0,
            }),
            movement({
              kind: 'referral',
              title: 'Invite reward',
              detail: 'Added to Rewards, ready to collect',
              gems: 500,
              amount: 0,
              balance: 0,
            }),
          ],
          next_cursor: null,
        },
      }),
    });
    renderRoutes(routes, { path: paths.gemStatement });
    const list = await screen.findByTestId('gem-statement');
    expect(
      within(list)
        .getAllByTestId('gem-move-amount')
        .map((a) => a.textContent),
    ).toEqual(['\u221220 gems', '+120 gems', '+500 gems']);
    expect(
      within(list)
        .getAllByTestId('gem-move-to-collect')
        .map((a) => a.textContent),
    ).toEqual(['to collect', 'to collect', 'to collect']);
    expect(within(list).queryAllByTestId('gem-move-balance')).toEqual([]);
    expect(list.textContent).not.toContain('Balance 0');
  });

  it('says so when there is nothing yet, with the way to collect gems', async () => {
    vi.useRealTimers();
    routeFetch({ [firstPage]: () => ({ status: 200, body: { movements: [], next_cursor: null } }) });
    renderRoutes(routes, { path: paths.gemStatement });
    expect(await screen.findByText(gemStatementTexts.emptyTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: gemStatementTexts.emptyAction }).getAttribute('href')).toBe(paths.earn);
  });
});
