import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/admin-api';
import { ConfirmCodeDialog } from './confirm-code-dialog';

function setup(onConfirm: (code: string) => Promise<unknown>) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<ConfirmCodeDialog open onClose={onClose} title="Approve and pay" confirmLabel="Pay ₦45,000.00" onConfirm={onConfirm} />);
  return { user, onClose, field: () => screen.getByLabelText('Authenticator code') as HTMLInputElement };
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
    expect(onConfirm).toHaveBeenCalledWith('654321');
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
});
