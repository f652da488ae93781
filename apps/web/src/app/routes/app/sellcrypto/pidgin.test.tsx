import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limitErrorCodes, payoutLimitMessage } from '@wise/shared';
import { paths } from '#web/config/paths';
import { quote } from '#web/features/crypto/test-data';
import { rememberQuote } from '#web/features/crypto/quote-store';
import { applyLanguage } from '#web/lib/i18n';
import { FakeXhr } from '#web/testing/fake-xhr';
import { renderRoutes } from '#web/testing/render';
import { CryptoWalletConfirmRoute } from './wallet-confirm';

const confirmPath = '/sellcrypto/cryptocatalogue/btc/walletaddress/confirm';

describe('the crypto proof step in Pidgin', () => {
  beforeEach(async () => {
    await applyLanguage('pcm');
  });
  afterEach(async () => {
    sessionStorage.clear();
    await applyLanguage('en');
  });

  it('asks for the screenshot and says a payout limit refusal in Pidgin, from the refusal’s figures', async () => {
    const given = quote();
    rememberQuote(given);
    const requests = FakeXhr.install();
    const view = renderRoutes([{ path: paths.cryptoWalletConfirm, Component: CryptoWalletConfirmRoute }], { path: confirmPath });
    await act(async () => {
      await view.router.navigate(`${confirmPath}?quote=${given.id}`);
    });
    expect(screen.getByRole('heading', { name: 'Confam your transfer' })).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Send am' }));
    expect(await screen.findByText('Attach screenshot of your transfer')).toBeTruthy();

    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByTestId('crypto-screenshot-input'), new File([new Uint8Array(4096)], 'sent.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Image 1:/ })).toHaveLength(1));
    await view.user.click(screen.getByRole('button', { name: 'Send am' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    (requests[0] as FakeXhr).respond(409, {
      error: payoutLimitMessage('daily', 10_000_000, 4_100_000, 0),
      code: limitErrorCodes.exceeded,
      meta: { limit: 'daily', limit_kobo: 10_000_000, remaining_kobo: 4_100_000, tier: 0 },
    });
    const notice = await screen.findByTestId('payout-limit');
    expect(notice.textContent).toContain('Your daily selling limit na ₦100,000.00, and ₦41,000.00 remain for you today.');
  });
});
