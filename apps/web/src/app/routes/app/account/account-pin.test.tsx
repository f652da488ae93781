import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { AccountRoute } from './account';

const bank = { bank_name: 'GTBank', bank_code: '058', bank_account: '0123456789', account_name: 'OBI ADA' };

afterEach(() => vi.unstubAllGlobals());

describe('/account: the PIN link', () => {
  it.each([
    ['pending', 'Set PIN'],
    ['set', 'Change PIN'],
  ] as const)('reads its state: PIN %s → %s, to the PIN screen', async (pinStatus, name) => {
    routeFetch({
      'GET /api/bank': () => ({ status: 200, body: bank }),
      'GET /api/pin/status': () => ({ status: 200, body: { pin_status: pinStatus } }),
    });
    renderRoutes([{ path: paths.account, Component: AccountRoute }], { path: paths.account });
    expect((await screen.findByRole('link', { name })).getAttribute('href')).toBe(paths.pinSet);
    expect(screen.queryByRole('link', { name: pinStatus === 'set' ? 'Set PIN' : 'Change PIN' })).toBeNull();
  });
});
