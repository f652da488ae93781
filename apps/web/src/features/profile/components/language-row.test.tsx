import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchMessages, languageTexts, STORAGE_KEYS, textsIn } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { translateToastsWith } from '#web/components/ui/toast';
import { applyLanguage, translateNow } from '#web/lib/i18n';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { LanguageRow } from './language-row';

function Screen() {
  return (
    <>
      <LanguageRow />
      <FetchError message={fetchMessages.profile} onRetry={() => undefined} />
    </>
  );
}

// main.tsx's wiring: toasts in the app's language.
translateToastsWith(translateNow);

afterEach(async () => {
  await act(() => applyLanguage('en'));
  localStorage.clear();
});

describe('the language chooser on /profile', () => {
  it('switches the app to Pidgin at once, saves it on the account and the device, and back to English', async () => {
    const calls = routeFetch({ 'PUT /api/profile/language': () => ({ status: 200, body: { message: languageTexts.updated } }) });
    const { user } = renderRoutes([{ path: '/profile', Component: Screen }], { path: '/profile' });

    const row = screen.getByRole('button', { name: /Language/ });
    expect(row.textContent).toContain('English');
    expect(screen.getByText(fetchMessages.profile)).toBeTruthy();

    await user.click(row);
    const sheet = screen.getByRole('dialog', { name: languageTexts.sheetTitle });
    expect((within(sheet).getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(sheet).getByRole('radio', { name: 'Naijá (Pidgin)' }));

    // The screen reads Pidgin: its own texts and the plain English message translated at display.
    await waitFor(() => expect(document.documentElement.lang).toBe('pcm-NG'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(textsIn(fetchMessages, 'pcm').profile)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Language/ }).textContent).toContain('Naijá (Pidgin)');
    await waitFor(() => expect(calls).toContain('PUT /api/profile/language'));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('pcm');

    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('en-NG'));
    expect(screen.getByText(fetchMessages.profile)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });

  it('keeps the device in its language and says so when the account could not be told', async () => {
    routeFetch({
      'PUT /api/profile/language': () => ({ status: 500, body: { error: 'Something went wrong on our side. Please try again' } }),
    });
    const { user } = renderRoutes([{ path: '/profile', Component: Screen }], { path: '/profile' });
    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Naijá (Pidgin)' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('pcm-NG'));
    expect(await screen.findByText(textsIn(languageTexts, 'pcm').failed)).toBeTruthy();
  });
});
