import { useMemo } from 'react';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { CopyButton } from '#web/components/ui/copy-button';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useConfirmEnrolment, useEnrolment } from '../api/enrolment';
import { CodeForm } from './code-form';
import './auth.css';

/** The QR as an image: a data URL as it is, SVG markup wrapped in one (never injected as HTML). */
function qrSource(qr: string): string {
  return qr.startsWith('data:') ? qr : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`;
}

/** `JBSWY3DPEHPK3PXP` → `JBSW Y3DP EHPK 3PXP`, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Scan the server's QR code (or type the secret), then enter the first code to finish. */
export function EnrolmentPanel({ onDone }: { onDone: () => void }) {
  const enrolment = useEnrolment();
  const confirm = useConfirmEnrolment();
  const qr = useMemo(() => (enrolment.data ? qrSource(enrolment.data.qr_svg) : undefined), [enrolment.data]);

  if (enrolment.isError) {
    return (
      <FetchError
        message={adminErrorMessage(enrolment.error, "Couldn't start the authenticator set-up")}
        onRetry={() => void enrolment.refetch()}
        retrying={enrolment.isFetching}
      />
    );
  }
  return (
    <>
      <ol className="admin-enrol">
        <li>
          <p>Open an authenticator app (Google Authenticator, 1Password, Authy…) and scan this code.</p>
          <div className="admin-enrol__qr">
            {qr ? (
              <img src={qr} alt="QR code for your authenticator app" width={200} height={200} />
            ) : (
              <Skeleton width={200} height={200} />
            )}
          </div>
        </li>
        <li>
          <p>Can't scan it? Add an account by hand with this key (time-based, 6 digits):</p>
          <div className="admin-enrol__secret">
            {enrolment.data ? (
              <>
                <code className="admin-mono" aria-label="Secret key">
                  {groupSecret(enrolment.data.secret)}
                </code>
                <CopyButton text={enrolment.data.secret} ariaLabel="Copy the key" />
              </>
            ) : (
              <Skeleton width="16em" height={20} />
            )}
          </div>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows now.</p>
        </li>
      </ol>
      <CodeForm
        submitLabel="Verify and finish"
        busyLabel="Checking..."
        busy={confirm.isPending}
        onCode={async (code) => {
          await confirm.mutateAsync({ code });
          onDone();
        }}
      />
    </>
  );
}
