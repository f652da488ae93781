import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/admin-api';
import type * as staffConfirmation from '../../lib/staff-confirmation';
import type { StaffConfirmation } from '../../lib/staff-confirmation';
import { ConfirmCodeDialog } from './confirm-code-dialog';

const passkey = vi.hoisted(() => ({ supported: false, enrolled: false, answer: vi.fn() }));
vi.mock('../../lib/staff-confirmation', async (importOriginal) => ({
  ...(await importOriginal<typeof staffConfirmation>()),
  passkeysSupported: () => passkey.supported,
  useHasStaffPasskey: () => passkey.enrolled,
  confirmWithStaffPasskey: passkey.answer,
}));

afterEach(() => {
  passkey.supported = false;
  passkey.enrolled = false;
  passkey.answer.mockReset();
});

function setup(onConfirm: (confirmation: StaffConfirmation) => Promise<unknown>) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = render(<ConfirmCodeDialog open onClose={onClose} title="Approve and pay" confirmLabel="Pay ₦45,000.00" onConfirm={onConfirm} />);
  return { user, onClose, unmount: view.unmount, field: () => screen.getByLabelText('Authenticator code') as HTMLInputElement };
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
    passkey.supported = true;
    const onConfirm = vi.fn(async () => undefined);
    const first = setup(onConfirm);
    expect(screen.queryByRole('button', { name: 'Use passkey' })).toBeNull();
    first.unmount();

    passkey.enrolled = true;
    const answer = { confirm_passkey: { credential: { id: 'cred' } } };
    passkey.answer.mockResolvedValue(answer);
    const { user, onClose, field } = setup(onConfirm);
    // The code stays available beside it.
    expect(field()).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use passkey' }));
    expect(onConfirm).toHaveBeenCalledWith(answer);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when the passkey prompt is cancelled or the passkey refused, and stays open', async () => {
    passkey.supported = true;
    passkey.enrolled = true;
    passkey.answer.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const onConfirm = vi.fn(async () => {
      throw new ApiError(403, { error: 'That passkey could not confirm this.', code: 'CONFIRMATION_INVALID' });
    });
    const { user, onClose } = setup(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Use passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The passkey request was cancelled.');
    passkey.answer.mockResolvedValueOnce({ confirm_passkey: { credential: { id: 'cred' } } });
    await user.click(screen.getByRole('button', { name: 'Use passkey' }));
    expect(await screen.findByText('That passkey could not confirm this.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
