import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cryptoAdminMessages, type AdminWallet } from '@wise/shared/admin';
import { renderRoutes, requestBody, routeFetch, stubFetch } from '#web/testing/render';
import { WalletAddressDialog } from './wallet-address-dialog';
import { WalletAddressForm } from './wallet-address-form';

// Well-formed addresses of each network (alphabet and shape; the server also checks checksums).
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

const saved: AdminWallet = {
  id: '0f1e2d3c-4b5a-4968-8776-655443322110',
  coin: 'usdt',
  network: 'tron',
  address: TRON,
  memo: null,
  enabled: true,
  sort_order: 2,
  address_valid: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

function renderForm(props: { wallet?: AdminWallet } = {}) {
  const onSubmit = vi.fn();
  const view = renderRoutes([
    { path: '/', Component: () => <WalletAddressForm {...props} onSubmit={onSubmit} onCancel={() => undefined} /> },
  ]);
  return { ...view, onSubmit };
}

const address = () => screen.getByLabelText('Address');
const network = () => screen.getByLabelText('Network') as HTMLSelectElement;
const networkOptions = () => [...network().options].map((option) => option.value);

describe('WalletAddressForm', () => {
  it('warns that it changes where customers send coins', () => {
    renderForm();
    expect(screen.getByRole('note').textContent).toContain('This changes where customers send coins.');
  });

  it('offers only the networks the chosen coin is taken on, and moves the network with the coin', async () => {
    const { user } = renderForm();
    expect(networkOptions()).toEqual(['bitcoin']);
    await user.selectOptions(screen.getByLabelText('Coin'), 'usdt');
    // USDT is taken on TRC20 and BEP20 only (0052), each option named as customers read it.
    expect(networkOptions()).toEqual(['tron', 'bsc']);
    expect([...network().options].map((option) => option.textContent)).toEqual(['TRON (TRC20)', 'BNB Smart Chain (BEP20)']);
    expect(network().value).toBe('tron');
    await user.selectOptions(network(), 'bsc');
    await user.selectOptions(screen.getByLabelText('Coin'), 'bnb');
    // BEP20 is BNB's network too: kept.
    expect(network().value).toBe('bsc');
    await user.selectOptions(screen.getByLabelText('Coin'), 'sol');
    expect(network().value).toBe('solana');
  });

  it('requires an address', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(cryptoAdminMessages.addressRequired);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['btc', 'bitcoin', EVM, cryptoAdminMessages.address.bitcoin],
    ['btc', 'bitcoin', 'bc1qbadaddresswithbandio0000000000000000000', cryptoAdminMessages.address.bitcoin],
    ['usdt', 'tron', EVM, cryptoAdminMessages.address.tron],
    ['usdt', 'bsc', TRON, cryptoAdminMessages.address.evm],
    ['usdt', 'bsc', '0x1234', cryptoAdminMessages.address.evm],
    ['sol', 'solana', 'Wise0Demo0Address0With0Zeros0000000000', cryptoAdminMessages.address.solana],
  ])('refuses a %s address on %s that does not fit the network (%s)', async (coin, net, text, message) => {
    const { user, onSubmit } = renderForm();
    await user.selectOptions(screen.getByLabelText('Coin'), coin);
    await user.selectOptions(network(), net);
    await user.type(address(), text);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(address().getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('passes on a well-formed address, trimmed, with an empty memo as none', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(address(), `  ${BTC}  `);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ coin: 'btc', network: 'bitcoin', address: BTC, memo: null, enabled: true });
  });

  it('keeps the coin of an address being edited', () => {
    renderForm({ wallet: saved });
    expect((screen.getByLabelText('Coin') as HTMLInputElement).readOnly).toBe(true);
    expect((address() as HTMLInputElement).value).toBe(TRON);
  });
});

describe('WalletAddressDialog (the confirm-code step)', () => {
  async function fillNewAddress() {
    const view = renderRoutes([{ path: '/', Component: () => <WalletAddressDialog onClose={() => undefined} /> }]);
    await view.user.selectOptions(screen.getByLabelText('Coin'), 'usdt');
    await view.user.type(address(), TRON);
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    return view;
  }

  it('shows what will be saved with the warning, then sends it with the authenticator code', async () => {
    const fetchMock = stubFetch({ status: 201, body: { wallet: saved } });
    const { user } = await fillNewAddress();
    const dialog = await screen.findByRole('dialog', { name: 'Add this wallet address?' });
    expect(within(dialog).getAllByRole('note')[0]?.textContent).toContain('This changes where customers send coins.');
    expect(within(dialog).getByTestId('confirm-address').textContent).toBe(TRON);
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/crypto/wallets');
    expect(requestBody(fetchMock)).toEqual({
      coin: 'usdt',
      network: 'tron',
      address: TRON,
      memo: null,
      enabled: true,
      confirm_code: '123456',
    });
  });

  it('keeps the dialog open with the error under the code when the code is wrong', async () => {
    routeFetch({
      'POST /api/admin/crypto/wallets': () => ({ status: 403, body: { error: 'That code is not right', code: 'CONFIRMATION_INVALID' } }),
    });
    const { user } = await fillNewAddress();
    const dialog = await screen.findByRole('dialog', { name: 'Add this wallet address?' });
    await user.type(within(dialog).getByLabelText('Authenticator code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(await within(dialog).findByText('That code is not right')).toBeTruthy();
    expect((within(dialog).getByLabelText('Authenticator code') as HTMLInputElement).value).toBe('');
  });

  it('goes back to the form with what was typed when the code step is cancelled', async () => {
    routeFetch({});
    const { user } = await fillNewAddress();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByRole('dialog', { name: 'Add a wallet address' })).textContent).toContain('Continue');
    expect((address() as HTMLInputElement).value).toBe(TRON);
  });

  it('sends only what changed on an edit', async () => {
    const fetchMock = stubFetch({ status: 200, body: { wallet: { ...saved, memo: '12345' } } });
    const view = renderRoutes([{ path: '/', Component: () => <WalletAddressDialog wallet={saved} onClose={() => undefined} /> }]);
    await view.user.type(screen.getByLabelText('Memo / tag (optional)'), '12345');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this wallet address?' });
    await view.user.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/admin/crypto/wallets/${saved.id}`);
    expect(requestBody(fetchMock)).toEqual({ memo: '12345', confirm_code: '654321' });
  });
});
