import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  closeAccountTexts,
  fetchMessages as englishFetchMessages,
  fieldMessages as englishFieldMessages,
  PIN_LENGTH,
  privacyMessages as englishPrivacyMessages,
} from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { CodeInput } from '#web/components/ui/code-input';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useCloseAccount, useDataRights } from '#web/features/profile/api/data-rights';
import { ConfirmPasswordForm } from '#web/features/profile/components/confirm-password-form';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useTexts, useTranslate } from '#web/lib/i18n';
import './data-rights.css';

type Step = 'explain' | 'password' | 'confirm';

/**
 * /profile/close: "Delete my account" (docs/features.md, "Your data (NDPA 2023)"). First what is erased and
 * what is kept (or why it cannot happen yet), then the password, then the PIN and an explicit
 * confirmation.
 */
export function CloseAccountRoute() {
  const rights = useDataRights();
  const privacyMessages = useTexts(englishPrivacyMessages);
  const fetchMessages = useTexts(englishFetchMessages);
  const translate = useTranslate();
  const [step, setStep] = useState<Step>('explain');
  // Kept here, above the steps: a session whose password confirmation ran out goes back to the password and keeps the tick.
  const confirmation = useCloseConfirmation(() => setStep('password'));

  return (
    <Screen header={<Header backTo={paths.profile} />}>
      <title>{`${privacyMessages.closeTitle} · Wise`}</title>
      <ScreenIntro title={privacyMessages.closeTitle} />
      {rights.isError ? (
        <FetchError message={fetchMessages.details} onRetry={() => void rights.refetch()} retrying={rights.isFetching} />
      ) : rights.isPending ? (
        <Skeleton height={240} />
      ) : rights.data.close.blocked ? (
        <p className="data-rights__status data-rights__status--error" role="alert">
          {translate(rights.data.close.blocked)}
        </p>
      ) : step === 'explain' ? (
        <ClosingFacts gems={rights.data.close.gems} onContinue={() => setStep('password')} />
      ) : step === 'password' ? (
        <ConfirmPasswordForm onConfirmed={() => setStep('confirm')}>
          <p className="screen__text">{privacyMessages.closePasswordHint}</p>
        </ConfirmPasswordForm>
      ) : (
        <ConfirmCloseForm hasPin={rights.data.close.has_pin} confirmation={confirmation} />
      )}
    </Screen>
  );
}

/** What is erased and what is kept, the gems that go with the account, and that it cannot be undone. */
function ClosingFacts({ gems, onContinue }: { gems: number; onContinue: () => void }) {
  const privacyMessages = useTexts(englishPrivacyMessages);
  return (
    <>
      <ul className="data-rights__facts">
        <li>{privacyMessages.closeErased}</li>
        <li>{privacyMessages.closeKept}</li>
        <li>{privacyMessages.closeGems(gems)}</li>
        <li>{privacyMessages.closeFinal}</li>
      </ul>
      <div className="screen__actions">
        <Button type="button" onClick={onContinue}>
          {privacyMessages.closeContinue}
        </Button>
      </div>
    </>
  );
}

/** The last step's PIN (when the customer has one), its tick and its errors, and the closing itself. */
function useCloseConfirmation(onPasswordExpired: () => void) {
  const close = useCloseAccount();
  const privacyMessages = useTexts(englishPrivacyMessages);
  const fieldMessages = useTexts(englishFieldMessages);
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<{ pin?: string; confirm?: string }>({});

  const submit = (hasPin: boolean) => {
    const found = {
      pin: hasPin && pin.length !== PIN_LENGTH ? fieldMessages.pinRequired : undefined,
      confirm: understood ? undefined : privacyMessages.closeConfirmRequired,
    };
    setErrors(found);
    if (found.pin || found.confirm) return;
    close.mutate(
      { confirm: true, ...(hasPin ? { pin } : {}) },
      {
        onSuccess: () => {
          toastSuccess(privacyMessages.closed);
          void navigate(paths.home, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields.pin) setErrors({ pin: error.fields.pin });
          else toastError(errorMessage(error, privacyMessages.closeTitle));
          if (error instanceof ApiError && error.status === 403) onPasswordExpired();
          setPin('');
        },
      },
    );
  };

  return { pin, setPin, understood, setUnderstood, errors, setErrors, submit, closing: close.isPending };
}

/** The PIN and the explicit "I understand", then the button that closes the account. */
function ConfirmCloseForm({ hasPin, confirmation }: { hasPin: boolean; confirmation: ReturnType<typeof useCloseConfirmation> }) {
  const t = useTexts(closeAccountTexts);
  const privacyMessages = useTexts(englishPrivacyMessages);
  const { pin, setPin, understood, setUnderstood, errors, setErrors, submit, closing } = confirmation;
  return (
    <form
      className="screen__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(hasPin);
      }}
    >
      {hasPin ? (
        <CodeInput
          length={PIN_LENGTH}
          masked
          label={t.pinLabel}
          value={pin}
          onChange={(value) => {
            setPin(value);
            setErrors((e) => ({ ...e, pin: undefined }));
          }}
          error={errors.pin}
          autoFocus
        />
      ) : null}
      <label className="data-rights__check">
        <input
          type="checkbox"
          checked={understood}
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? 'close-confirm-error' : undefined}
          onChange={(event) => {
            setUnderstood(event.target.checked);
            setErrors((e) => ({ ...e, confirm: undefined }));
          }}
        />
        <span>{privacyMessages.closeConfirmLabel}</span>
      </label>
      {errors.confirm ? (
        <p id="close-confirm-error" className="data-rights__field-error" role="alert">
          {errors.confirm}
        </p>
      ) : null}
      <div className="screen__actions">
        <Button type="submit" className="data-rights__danger" busy={closing} busyLabel={t.deleting}>
          {privacyMessages.closeButton}
        </Button>
      </div>
    </form>
  );
}
