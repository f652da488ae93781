import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/admin-api';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';
import { routeFetch } from '#web/testing/render';
import { ConfirmCodeDialog } from './confirm-code-dialog';

// The web project shares modules between files (vitest.config.ts), so the passkey is faked where
// the browser keeps it — WebAuthn's globals and the staff API — never by mocking a module.
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
/** What navigator.credentials.get() answers, and what SimpleWebAuthn makes of it for the server. */
const assertion = {
  id: 'Y3JlZA',
  rawId: bytes('cred'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: {
    authenticatorData: bytes('auth-data'),
    clientDataJSON: bytes('{"type":"webauthn.get"}'),
    signature: bytes('signature'),
    userHandle: null,
  },
  getClientExtensionResults: () => ({}),
};
const passkeyAnswer = {
  confirm_passkey: {
    credential: {
      id: 'Y3JlZA',
      rawId: 'Y3JlZA',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { authenticatorData: 'YXV0aC1kYXRh', clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', signature: 'c2lnbmF0dXJl' },
    },
  },
};

/**
 * A browser with WebAuthn, a staff member with `passkeys` enrolled, and a passkey prompt that
 * answers with `prompt` (setup.ts unstubs the globals; the afterEach below drops the credentials).
 */
function browserWithPasskeys(passkeys: number, prompt: () => Promise<unknown> = async () => assertion) {
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
  const get = vi.fn(prompt);
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
  const list = Array.from({ length: passkeys }, (_, index) => ({
    id: `pk-${index}`,
    device_name: 'Laptop',
    created_at: '2026-01-05T10:00:00.000Z',
    last_used_at: null,
  }));
  const calls = routeFetch({
    'GET /api/admin/auth/passkeys': () => ({ status: 200, body: { passkeys: list } }),
    'POST /api/admin/auth/passkeys/confirm/options': () => ({
      status: 200,
      body: { options: { challenge: 'Y2hhbGxlbmdl', userVerification: 'required', allowCredentials: [] } },
    }),
  });
  return { get, calls };
}

afterEach(() => {
  // The own property shadows happy-dom's (null) navigator.credentials; deleting it brings that back.
  Reflect.deleteProperty(navigator, 'credentials');
});

function setup(onConfirm: (confirmation: StaffConfirmation) => Promise<unknown>) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ConfirmCodeDialog open onClose={onClose} title="Approve and pay" confirmLabel="Pay ₦45,000.00" onConfirm={onConfirm} />
    </QueryClientProvider>,
  );
  return {
    user,
    onClose,
    queryClient,
    unmount: view.unmount,
    field: () => screen.getByLabelText('Authenticator code') as HTMLInputElement,
  };
}

describe('ConfirmCodeDialog', () => {
  it('asks for six digits before sending anything', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const { user, field, onClose } = setup(onConfirm);
    expect(screen.getByRole('dialog', { name: 'Approve and pay' })).toBeTruthy();
    expect(document.activeElement).toBe(field());
    await user.type(field(), '123');
    await user.click(screen.getByRole('button', { name: 'Pay ₦45,000.00' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps digits only, at most six, and clears the error while typing', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const { user, field } = setup(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Pay ₦45,000.00' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    await user.type(field(), '12a 34-5678');
    expect(field().value).toBe('123456');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the code and closes when the action succeeds', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const { user, field, onClose } = setup(onConfirm);
    await user.type(field(), '654321{Enter}');
    expect(onConfirm).toHaveBeenCalledWith({ confirm_code: '654321' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a wrong code under the field, empties it and stays open', async () => {
    const onConfirm = vi.fn(async () => {
      throw new ApiError(403, { error: 'That authenticator code is not right.', code: 'CONFIRMATION_INVALID' });
    });
    const { user, field, onClose } = setup(onConfirm);
    await user.type(field(), '111111{Enter}');
    expect(await screen.findByText('That authenticator code is not right.')).toBeTruthy();
    expect(field().value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows any other refusal above the buttons and keeps the code', async () => {
    const onConfirm = vi.fn(async () => {
      throw new ApiError(409, { error: 'This sale has already been decided', code: 'SALE_ALREADY_DECIDED' });
    });
    const { user, field, onClose } = setup(onConfirm);
    await user.type(field(), '222222{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This sale has already been decided');
    expect(field().value).toBe('222222');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape and Cancel without sending', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const { user, onClose } = setup(onConfirm);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('offers the passkey only to a staff member who has one, sends its answer and closes', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const none = browserWithPasskeys(0);
    const first = setup(onConfirm);
    // Only once the list has answered (empty) is the absent button telling.
    await waitFor(() => expect(none.calls).toEqual(['GET /api/admin/auth/passkeys']));
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Use passkey' })).toBeNull();
    first.unmount();

    const { get, calls } = browserWithPasskeys(1);
    const { user, onClose, field } = setup(onConfirm);
    await user.click(await screen.findByRole('button', { name: 'Use passkey' }));
    // The code stays available beside it.
    expect(field()).toBeTruthy();
    // A challenge, the browser's prompt, then the action with its answer.
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual(['GET /api/admin/auth/passkeys', 'POST /api/admin/auth/passkeys/confirm/options']);
    expect(get).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(passkeyAnswer);
  });

  it('says so when the passkey prompt is cancelled or the passkey refused, and stays open', async () => {
    const { get } = browserWithPasskeys(1, async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    const onConfirm = vi.fn(async () => {
      throw new ApiError(403, { error: 'That passkey could not confirm this.', code: 'CONFIRMATION_INVALID' });
    });
    const { user, onClose } = setup(onConfirm);
    await user.click(await screen.findByRole('button', { name: 'Use passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The passkey request was cancelled.');
    expect(onConfirm).not.toHaveBeenCalled();
    get.mockImplementationOnce(async () => assertion);
    await user.click(screen.getByRole('button', { name: 'Use passkey' }));
    expect(await screen.findByText('That passkey could not confirm this.')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledWith(passkeyAnswer);
    expect(onClose).not.toHaveBeenCalled();
  });
});
