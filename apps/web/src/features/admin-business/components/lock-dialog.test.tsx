import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER_LOCK_REASON_MAX_LENGTH } from '@wise/shared/admin';
import { renderRoutes, requestBody, routeFetch, stubFetch } from '#web/testing/render';
import { LockDialog } from './lock-dialog';

const customer = { id: '7b4c1a0e-1d2e-4f3a-9b8c-7d6e5f4a3b2c', full_name: 'Ada Obi' };
const lockPath = `POST /api/admin/customers/${customer.id}/lock`;

function renderLockDialog() {
  const onClose = vi.fn();
  const view = renderRoutes([{ path: '/', Component: () => <LockDialog customer={customer} onClose={onClose} /> }]);
  const dialog = screen.getByRole('dialog', { name: "Lock Ada Obi's account?" });
  const reason = within(dialog).getByLabelText('Reason');
  const code = within(dialog).getByLabelText('Authenticator code');
  const submit = within(dialog).getByRole('button', { name: 'Lock account' });
  return { ...view, onClose, dialog, reason, code, submit };
}

describe('LockDialog', () => {
  it('says what locking does and starts in the reason', () => {
    const view = renderLockDialog();
    expect(view.dialog.textContent).toContain('They are signed out now and cannot log in until the account is unlocked.');
    expect(document.activeElement).toBe(view.reason);
  });

  it('needs a reason and a 6-digit code before anything is sent', async () => {
    const calls = routeFetch({});
    const view = renderLockDialog();
    await view.user.click(view.submit);
    expect(await within(view.dialog).findByText('Give a reason')).toBeTruthy();
    expect(within(view.dialog).getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    await view.user.type(view.reason, '   ');
    await view.user.type(view.code, '123');
    await view.user.click(view.submit);
    expect(await within(view.dialog).findByText('Give a reason')).toBeTruthy();
    expect(within(view.dialog).getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('takes digits only in the code box, at most six', async () => {
    routeFetch({});
    const view = renderLockDialog();
    await view.user.type(view.code, '12a3-4 5678');
    expect((view.code as HTMLInputElement).value).toBe('123456');
  });

  it('limits the reason to what the server keeps', () => {
    const view = renderLockDialog();
    expect(view.reason.getAttribute('maxlength')).toBe(String(CUSTOMER_LOCK_REASON_MAX_LENGTH));
  });

  it('sends the trimmed reason with the code, then closes', async () => {
    const fetchMock = stubFetch({
      status: 200,
      body: { id: customer.id, lock: { locked_at: '2026-11-22T09:00:00.000Z', reason: 'Stolen cards' }, sessions_ended: 2 },
    });
    const view = renderLockDialog();
    await view.user.type(view.reason, '  Stolen cards  ');
    await view.user.type(view.code, '246810');
    await view.user.click(view.submit);
    await waitFor(() => expect(view.onClose).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/admin/customers/${customer.id}/lock`);
    expect(requestBody(fetchMock)).toEqual({ reason: 'Stolen cards', confirm_code: '246810' });
    expect(await screen.findByText('Ada Obi is locked and signed out of 2 sessions')).toBeTruthy();
  });

  it('keeps the reason and clears the code when the code is wrong', async () => {
    routeFetch({ [lockPath]: () => ({ status: 403, body: { error: 'That code is not right', code: 'CONFIRMATION_INVALID' } }) });
    const view = renderLockDialog();
    await view.user.type(view.reason, 'Stolen cards');
    await view.user.type(view.code, '111111');
    await view.user.click(view.submit);
    expect(await within(view.dialog).findByText('That code is not right')).toBeTruthy();
    expect((view.code as HTMLInputElement).value).toBe('');
    expect((view.reason as HTMLTextAreaElement).value).toBe('Stolen cards');
    expect(view.onClose).not.toHaveBeenCalled();
  });

  it('shows any other refusal above the buttons and stays open', async () => {
    routeFetch({ [lockPath]: () => ({ status: 409, body: { error: 'This account is already locked', code: 'CONFLICT' } }) });
    const view = renderLockDialog();
    await view.user.type(view.reason, 'Stolen cards');
    await view.user.type(view.code, '111111');
    await view.user.click(view.submit);
    expect((await within(view.dialog).findByRole('alert')).textContent).toBe('This account is already locked');
    expect(view.onClose).not.toHaveBeenCalled();
  });
});
