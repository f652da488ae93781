import { useState, type FormEvent, type ReactNode } from 'react';
import { confirmCodeSchema } from '@wise/shared/admin';
import { adminErrorMessage, ApiError } from '../../lib/admin-api';
import { Button } from '../ui/button';
import { Dialog, DialogActions } from './dialog';
import { AuthenticatorCodeField } from './form-fields';

/** The server's code for a wrong or reused authenticator code (domain/staff/confirm.ts). */
export const CONFIRMATION_INVALID = 'CONFIRMATION_INVALID';

interface ConfirmCodeDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What is about to happen, in words (amount, account, who). */
  description?: ReactNode;
  /** The confirm button's words, e.g. "Approve and pay". */
  confirmLabel?: string;
  busyLabel?: string;
  danger?: boolean;
  /**
   * Sends the action with the code. A rejection shows its message in the dialog (a wrong code
   * under the field, anything else above the buttons) and leaves the dialog open; success closes it.
   */
  onConfirm: (code: string) => Promise<unknown>;
  /** Extra content above the code (a summary of the action). */
  children?: ReactNode;
}

/**
 * The second confirmation before a staff action that moves money or changes where it goes: the
 * current 6-digit code from the staff member's authenticator app (docs/decisions.md §8.3).
 */
export function ConfirmCodeDialog(props: ConfirmCodeDialogProps) {
  // A fresh form (code, errors) every time the dialog opens.
  if (!props.open) return null;
  return <ConfirmCodeForm {...props} />;
}

function ConfirmCodeForm({ onClose, title, description, confirmLabel = 'Confirm', busyLabel = 'Confirming...', danger, onConfirm, children }: ConfirmCodeDialogProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: this submit is not the page's form's.
    event.stopPropagation();
    if (busy) return;
    const parsed = confirmCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    setBusy(true);
    setFormError(undefined);
    try {
      await onConfirm(parsed.data);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && (error.code === CONFIRMATION_INVALID || error.fields.confirm_code)) {
        setFieldError(error.fields.confirm_code ?? adminErrorMessage(error, 'That code is not right. Try the current one'));
        setCode('');
      } else {
        setFormError(adminErrorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={title} description={description} busy={busy}>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <AuthenticatorCodeField
          name="confirm_code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
        {formError ? (
          <p className="admin-alert" role="alert">
            {formError}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel={busyLabel} className={danger ? 'admin-btn--danger' : undefined}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
