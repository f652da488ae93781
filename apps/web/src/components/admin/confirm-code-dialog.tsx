import { useState, type FormEvent, type ReactNode } from 'react';
import { confirmCodeMessage, confirmCodeSchema, staffConfirmationMessages, staffPasskeyMessages } from '@wise/shared/admin';
import { adminErrorMessage, ApiError, hasErrorCode } from '#web/lib/admin-api';
import { applyFieldErrors } from '#web/lib/form-errors';
import type { FieldName, FormStore } from '#web/lib/form/store';
import {
  byCode,
  confirmWithStaffPasskey,
  passkeyCancelled,
  passkeysSupported,
  useHasStaffPasskey,
  type StaffConfirmation,
} from '#web/lib/staff-confirmation';
import { Button } from '../ui/button';
import { Dialog, DialogActions } from './dialog';
import { AuthenticatorCodeField } from './form-fields';

/** The server's code for a wrong or reused authenticator code (domain/staff/confirm.ts). */
export const CONFIRMATION_INVALID = 'CONFIRMATION_INVALID';

interface ConfirmCodeDialogBase {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What is about to happen, in words (amount, account, who). */
  description?: ReactNode;
  /** The confirm button's words, e.g. "Approve and pay". */
  confirmLabel?: string;
  busyLabel?: string;
  danger?: boolean;
  /** Extra content above the code (a summary of the action). */
  children?: ReactNode;
}

/**
 * `onConfirm` sends the action with the confirmation. A rejection shows its message in the dialog
 * (a wrong code under the field, anything else above the buttons) and leaves the dialog open;
 * success closes it. A sensitive action takes the code or, for a staff member with one, a passkey
 * (docs/decisions.md §8.6); adding or removing a passkey takes the code alone (`codeOnly`).
 */
type ConfirmCodeDialogProps = ConfirmCodeDialogBase &
  (
    | { codeOnly?: false; onConfirm: (confirmation: StaffConfirmation) => Promise<unknown> }
    | { codeOnly: true; onConfirm: (code: string) => Promise<unknown> }
  );

/**
 * The second confirmation before a staff action that moves money or changes where it goes: the
 * current 6-digit code from the staff member's authenticator app (docs/decisions.md §8.3), or their
 * passkey (§8.6).
 */
export function ConfirmCodeDialog(props: ConfirmCodeDialogProps) {
  // A fresh form (code, errors) every time the dialog opens.
  if (!props.open) return null;
  return <ConfirmCodeForm {...props} />;
}

function ConfirmCodeForm(props: ConfirmCodeDialogProps) {
  const { onClose, title, description, confirmLabel = 'Confirm', busyLabel = 'Confirming...', danger, children } = props;
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const confirmWithCode = (value: string) => (props.codeOnly ? props.onConfirm(value) : props.onConfirm(byCode(value)));

  const confirmByPasskey = async () => {
    if (busy || props.codeOnly) return;
    setBusy(true);
    setPasskeyBusy(true);
    setFormError(undefined);
    setFieldError(undefined);
    try {
      const confirmation = await confirmWithStaffPasskey();
      await props.onConfirm(confirmation);
      onClose();
    } catch (error) {
      setFormError(passkeyFailure(error));
    } finally {
      setBusy(false);
      setPasskeyBusy(false);
    }
  };

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
      await confirmWithCode(parsed.data);
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
        {!props.codeOnly ? <PasskeyConfirmOption busy={passkeyBusy} disabled={busy} onUse={() => void confirmByPasskey()} /> : null}
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
          <Button
            type="submit"
            busy={busy && !passkeyBusy}
            disabled={passkeyBusy}
            busyLabel={busyLabel}
            className={danger ? 'admin-btn--danger' : undefined}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What a failed passkey confirmation tells the staff member (a closed prompt, or the server's refusal). */
export const passkeyFailure = (error: unknown): string =>
  passkeyCancelled(error) ? staffPasskeyMessages.cancelled : adminErrorMessage(error, staffConfirmationMessages.passkeyRefused);

/**
 * The confirmation step of a form that asks for the code in its own field: the code, checked here
 * rather than by the form's schema ("Use passkey" validates every other field), or the passkey's
 * answer. Undefined when there is nothing to send; the form then shows why.
 */
export function useFormConfirmation<T extends { confirm_code?: string }>(form: Pick<FormStore<T>, 'getValues' | 'setError' | 'setFocus'>) {
  const [askingPasskey, setAskingPasskey] = useState(false);
  /** True (and the field says why) when the code field holds no valid code. */
  const codeRefused = (): boolean => {
    const code = confirmCodeSchema.safeParse(form.getValues('confirm_code'));
    if (code.success) return false;
    form.setError('confirm_code', { type: 'validation', message: code.error.issues[0]?.message ?? confirmCodeMessage });
    return true;
  };
  const confirmation = async (viaPasskey: boolean): Promise<StaffConfirmation | undefined> => {
    if (!viaPasskey) {
      if (!codeRefused()) return byCode(form.getValues('confirm_code') ?? '');
      form.setFocus('confirm_code');
      return undefined;
    }
    setAskingPasskey(true);
    try {
      return await confirmWithStaffPasskey();
    } catch (error) {
      form.setError('root', { type: 'server', message: passkeyFailure(error) });
      return undefined;
    } finally {
      setAskingPasskey(false);
    }
  };
  return { askingPasskey, confirmation, codeRefused };
}

/**
 * "Use passkey", above a confirmation's code field (this dialog's, or a form's own): shown only
 * where the browser has WebAuthn, and only once the staff member's passkey list says they have one.
 */
export function PasskeyConfirmOption(props: { busy: boolean; disabled: boolean; onUse: () => void }) {
  return passkeysSupported() ? <PasskeyOption {...props} /> : null;
}

function PasskeyOption({ busy, disabled, onUse }: { busy: boolean; disabled: boolean; onUse: () => void }) {
  if (!useHasStaffPasskey()) return null;
  return (
    <div className="admin-confirm-passkey">
      <Button
        type="button"
        variant="secondary"
        busy={busy}
        disabled={disabled}
        busyLabel={staffConfirmationMessages.passkeyBusy}
        onClick={onUse}
      >
        {staffConfirmationMessages.usePasskey}
      </Button>
      <p className="admin-muted">{staffConfirmationMessages.orCode}</p>
    </div>
  );
}

/**
 * A confirmed form's refusal, shown where it belongs: the server's field messages under their
 * fields; a wrong authenticator code under the code field, which is cleared for the next one;
 * anything else at the top of the form with `fallback`.
 */
export function showConfirmedRefusal<T extends { confirm_code?: string }>(
  form: Pick<FormStore<T>, 'setError' | 'setValue'>,
  error: unknown,
  refusal: { fields: readonly FieldName<T>[]; usedCode: boolean; fallback: string },
): void {
  applyFieldErrors(error, form.setError, refusal.fields);
  if (hasErrorCode(error, CONFIRMATION_INVALID) && refusal.usedCode) {
    form.setValue('confirm_code' as FieldName<T>, '' as T[FieldName<T>]);
    form.setError('confirm_code' as FieldName<T>, {
      type: 'server',
      message: adminErrorMessage(error, 'That code is not right. Try the current one'),
    });
    return;
  }
  form.setError('root', { type: 'server', message: adminErrorMessage(error, refusal.fallback) });
}
