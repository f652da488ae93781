import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dataDownloadTexts, privacyMessages as englishPrivacyMessages } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { useDownloadDataExport } from '#web/features/profile/api/data-rights';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import './data-rights.css';

/** Hands the browser a file to save, named as the server named it (wise-data-<day>.json). */
function saveFile(data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `wise-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * /profile/data/download?token=…: the e-mailed link. The token goes in a POST body (never a
 * logged URL of the API) and works once, for the logged-in owner only.
 */
export function DataDownloadRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const download = useDownloadDataExport();
  const privacyMessages = useTexts(englishPrivacyMessages);
  const t = useTexts(dataDownloadTexts);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  return (
    <Screen header={<Header backTo={paths.profile} />}>
      <title>{`${privacyMessages.downloadTitle} · Wise`}</title>
      <ScreenIntro title={privacyMessages.downloadTitle} text={privacyMessages.downloadIntro} />
      {outcome ? (
        <p
          className={outcome.ok ? 'data-rights__status' : 'data-rights__status data-rights__status--error'}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      ) : (
        <div className="screen__actions">
          <Button
            type="button"
            busy={download.isPending}
            busyLabel={t.downloading}
            onClick={() =>
              download.mutate(token, {
                onSuccess: (data) => {
                  saveFile(data);
                  setOutcome({ ok: true, text: privacyMessages.downloadDone });
                },
                onError: (error) => setOutcome({ ok: false, text: errorMessage(error, privacyMessages.exportLinkInvalid) }),
              })
            }
          >
            {privacyMessages.downloadButton}
          </Button>
        </div>
      )}
    </Screen>
  );
}
