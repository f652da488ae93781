import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COINS, networkName, type CryptoNetworkId } from '@wise/shared';
import type { AdminWallet } from '@wise/shared/admin';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { WalletTable } from './wallet-table';

/** The wallet addresses: each by coin and network, a bad address flagged, the switch and the edit each opening their dialog. */

const network: CryptoNetworkId = 'bitcoin';
const wallet: AdminWallet = {
  id: '7a1c2e5d-4c1a-4b7e-9f3a-6a1c2e5d7b01',
  coin: 'btc',
  network,
  address: 'not-a-bitcoin-address',
  memo: null,
  enabled: true,
  sort_order: 0,
  address_valid: false,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

describe('WalletTable', () => {
  it('lists each address with its coin and network, flags a bad one, and opens the switch and edit dialogs', async () => {
    routeFetch({ 'GET /api/admin/crypto/wallets': () => ({ status: 200, body: { wallets: [wallet] } }) });
    const { user } = renderRoutes([{ path: '/', Component: WalletTable }]);
    const table = screen.getByRole('table', { name: 'Wallet addresses' });
    const row = (await within(table).findByText(wallet.address)).closest('tr')!;
    expect(within(row).getByText(COINS.btc.symbol)).toBeTruthy();
    expect(within(row).getByText(networkName(network))).toBeTruthy();
    expect(within(row).getByText(`Not a valid ${networkName(network)} address`)).toBeTruthy();

    await user.click(within(row).getByRole('switch', { name: `${COINS.btc.symbol} ${networkName(network)} address shown to customers` }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop showing this address?' });
    expect(within(confirm).getByText(wallet.address)).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(within(row).getByRole('button', { name: `Edit the ${COINS.btc.symbol} ${networkName(network)} address` }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
