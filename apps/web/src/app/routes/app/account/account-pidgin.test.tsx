import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bankMessages, walletTexts } from '@wise/shared';
import { paths } from '#web/config/paths';
import { applyLanguage } from '#web/lib/i18n';
import { renderRoutes, stubFetch } from '#web/testing/render';
import { AccountRoute } from './account';
import { AccountSuccessRoute } from './account-success';

const routes = [
  { path: paths.account, Component: AccountRoute },
  { path: paths.accountSuccess, Component: AccountSuccessRoute },
];

describe('the Wallet in Pidgin', () => {
  afterEach(async () => {
    await act(() => applyLanguage('en'));
  });

  it('switches its words when the language changes, keeping names and numbers', async () => {
    stubFetch({ status: 200, body: { bank_name: 'GTBank', bank_code: '058', bank_account: '0123456789', account_name: 'OBI ADA' } });
    renderRoutes(routes, { path: paths.account });
    expect(await screen.findByRole('link', { name: walletTexts.update })).toBeTruthy();

    await act(() => applyLanguage('pcm'));
    expect(screen.getByRole('link', { name: 'Change Bank Details' })).toBeTruthy();
    expect(screen.getByText('Na here we dey pay you for your gift card and crypto sales')).toBeTruthy();
    expect(screen.getByText('GTBank')).toBeTruthy();
    expect(screen.getByText('OBI ADA')).toBeTruthy();
    expect(document.documentElement.lang).toBe('pcm-NG');
  });

  it('shows the server-side success message in Pidgin', async () => {
    await act(() => applyLanguage('pcm'));
    renderRoutes(routes, { path: paths.accountSuccess });
    expect(screen.getByTestId('success-message').textContent).toBe('Your bank details don change');
    expect(screen.queryByText(bankMessages.updated)).toBeNull();
  });
});
