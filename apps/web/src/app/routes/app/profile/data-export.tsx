import { fetchMessages as englishFetchMessages, privacyMessages as englishPrivacyMessages } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useDataRights, useRequestDataExport } from '#web/features/profile/api/data-rights';
import { ConfirmPasswordForm } from '#web/features/profile/components/confirm-password-form';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import './data-rights.css';

/**
 * /profile/data: "Download my data" (docs/features.md, "Your data (NDPA 2023)"). The password again, as for a
 * contact change; the file is built in the background and its one-time link e-mailed.
 */
export function DataExportRoute() {
  const rights = useDataRights();
  const privacyMessages = useTexts(englishPrivacyMessages);
  const fetchMessages = useTexts(englishFetchMessages);
  const request = useRequestDataExport();
  const state = rights.data?.export.state;

  return (
    <Screen header={<Header backTo={paths.profile} />}>
      <title>{`${privacyMessages.exportTitle} · Wise`}</title>
      <ScreenIntro title={privacyMessages.exportTitle} text={privacyMessages.exportIntro} />
      {rights.isError ? (
        <FetchError message={fetchMessages.details} onRetry={() => void rights.refetch()} retrying={rights.isFetching} />
      ) : rights.isPending ? (
        <Skeleton height={120} />
      ) : state === 'building' || state === 'ready' ? (
        <p className="data-rights__status" role="status">
          {state === 'building' ? privacyMessages.exportInProgress : privacyMessages.exportReady}
        </p>
      ) : (
        <ConfirmPasswordForm
          onConfirmed={() =>
            request.mutate(undefined, {
              onSuccess: (answer) => toastSuccess(answer.message),
              onError: (error) => toastError(errorMessage(error, privacyMessages.exportTooSoon)),
            })
          }
        >
          <p className="screen__text">{privacyMessages.exportPasswordHint}</p>
        </ConfirmPasswordForm>
      )}
    </Screen>
  );
}
