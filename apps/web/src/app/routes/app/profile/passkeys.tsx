import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import {
  fetchMessages as englishFetchMessages,
  passkeyErrorCodes,
  passkeyMessages as englishPasskeyMessages,
  passkeyTexts as englishPasskeyTexts,
  type Passkey,
} from '@wise/shared';
import { BottomSheet } from '#web/components/ui/bottom-sheet';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '#web/features/passkeys/api/passkeys';
import { passkeysSupported, wasCancelled } from '#web/features/passkeys/webauthn';
import { ConfirmPasswordForm } from '#web/features/profile/components/confirm-password-form';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useTexts, useTranslate } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import '#web/features/passkeys/components/passkeys.css';

/** What the open sheet is for: removing one passkey, or the password before adding or removing. */
type Sheet = { kind: 'remove'; passkey: Passkey; password: boolean } | { kind: 'add-password' } | null;

const needsPassword = (error: unknown) => error instanceof ApiError && error.code === passkeyErrorCodes.reauthRequired;

/**
 * /profile/passkeys (docs/features.md, "Passkeys"): the customer's passkeys with the device that made each
 * and its last use; add one, remove one. Adding or removing needs a recent sign-in or the
 * password again, as a phone or e-mail change does.
 */
export function PasskeysRoute() {
  const list = usePasskeys();
  const passkeyTexts = useTexts(englishPasskeyTexts);
  const passkeyMessages = useTexts(englishPasskeyMessages);
  const fetchMessages = useTexts(englishFetchMessages);
  const translate = useTranslate();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [sheet, setSheet] = useState<Sheet>(null);
  const [supported] = useState(passkeysSupported);

  const addPasskey = () =>
    add.mutate(undefined, {
      onSuccess: ({ message }) => {
        setSheet(null);
        toastSuccess(translate(message));
      },
      onError: (error) => {
        if (needsPassword(error)) setSheet({ kind: 'add-password' });
        else if (!wasCancelled(error)) toastError(errorMessage(error, passkeyMessages.refused));
      },
    });

  const removePasskey = (passkey: Passkey) =>
    remove.mutate(passkey.id, {
      onSuccess: ({ message }) => {
        setSheet(null);
        toastSuccess(translate(message));
      },
      onError: (error) => {
        if (needsPassword(error)) setSheet({ kind: 'remove', passkey, password: true });
        else toastError(errorMessage(error, passkeyMessages.notFound));
      },
    });

  return (
    <Screen header={<Header backTo={paths.profile} />}>
      <title>{`${passkeyTexts.screenTitle} · Wise`}</title>
      <ScreenIntro title={passkeyTexts.screenTitle} text={passkeyTexts.screenIntro} />
      {list.isError ? (
        <FetchError message={fetchMessages.details} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.isPending ? (
        <Skeleton height={128} />
      ) : list.data.passkeys.length === 0 ? (
        <p className="list passkey-list__empty">{passkeyTexts.empty}</p>
      ) : (
        <ul className="list" data-testid="passkey-list">
          {list.data.passkeys.map((passkey) => (
            <li key={passkey.id} className="list__row">
              <span className="list__icon">
                <KeyRound size={18} aria-hidden="true" />
              </span>
              <span className="list__main">
                <span className="list__title">{passkey.device_name}</span>
                <span className="list__sub">
                  {passkey.last_used_at ? passkeyTexts.lastUsedBefore : passkeyTexts.addedBefore}
                  <DateTime iso={passkey.last_used_at ?? passkey.created_at} />
                </span>
              </span>
              <button
                type="button"
                className="passkey-list__remove"
                aria-label={`${passkeyTexts.remove} ${passkey.device_name}`}
                onClick={() => setSheet({ kind: 'remove', passkey, password: false })}
              >
                {passkeyTexts.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported && (
        <div className="passkey-list__add">
          <Button variant="secondary" busy={add.isPending} busyLabel={passkeyTexts.adding} onClick={addPasskey}>
            {passkeyTexts.add}
          </Button>
        </div>
      )}

      <BottomSheet
        open={sheet !== null}
        onClose={() => setSheet(null)}
        title={sheet?.kind === 'remove' && !sheet.password ? passkeyTexts.removeTitle : passkeyTexts.confirmPasswordText}
      >
        {sheet?.kind === 'remove' && !sheet.password && (
          <>
            <p className="passkey-offer__text">
              {sheet.passkey.device_name}. {passkeyTexts.removeText}
            </p>
            <Button busy={remove.isPending} busyLabel={passkeyTexts.removing} onClick={() => removePasskey(sheet.passkey)}>
              {passkeyTexts.remove}
            </Button>
          </>
        )}
        {sheet?.kind === 'remove' && sheet.password && <ConfirmPasswordForm onConfirmed={() => removePasskey(sheet.passkey)} />}
        {sheet?.kind === 'add-password' && <ConfirmPasswordForm onConfirmed={addPasskey} />}
      </BottomSheet>
    </Screen>
  );
}
