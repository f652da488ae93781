import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  documentMessages as englishDocumentMessages,
  documentScreenTexts,
  fetchMessages as englishFetchMessages,
  identityScreenTexts as englishIdentityTexts,
} from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useVerification } from '#web/features/verification/api/get-verification';
import { verificationKeys } from '#web/features/verification/api/keys';
import { DocumentForm } from '#web/features/verification/components/document-form';
import { useTexts, useTranslate } from '#web/lib/i18n';
import '#web/features/verification/components/verification.css';

/**
 * /profile/verification/document: Tier 2, for Tier 1 customers without an open request. Tier 0 is
 * sent to the BVN/NIN step first; a request under review or Tier 2 itself shows where things stand.
 */
export function VerificationDocumentRoute() {
  const status = useVerification();
  const t = useTexts(documentScreenTexts);
  const documentMessages = useTexts(englishDocumentMessages);
  const identityScreenTexts = useTexts(englishIdentityTexts);
  const fetchMessages = useTexts(englishFetchMessages);
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  let body;
  if (status.isPending) {
    body = (
      <div aria-busy="true" aria-label={identityScreenTexts.loading} style={{ display: 'grid', gap: 16 }}>
        <Skeleton height={120} />
        <Skeleton height={120} />
      </div>
    );
  } else if (status.isError) {
    body = <FetchError message={fetchMessages.verification} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  } else if (status.data.tier === 0) {
    body = (
      <>
        <p className="verification__left">{t.tier1First}</p>
        <div className="screen__actions">
          <LinkButton to={paths.verificationNumber}>{identityScreenTexts.startTier1}</LinkButton>
        </div>
      </>
    );
  } else if (status.data.tier >= 2) {
    body = <p className="verification__left">{documentMessages.alreadyTier2}</p>;
  } else if (status.data.document?.status === 'pending') {
    body = <p className="verification__left">{documentMessages.alreadyOpen}</p>;
  } else {
    body = (
      <DocumentForm
        onSubmitted={(result) => {
          toastSuccess(translate(result.message));
          void queryClient.invalidateQueries({ queryKey: verificationKeys.all });
          void navigate(paths.verification);
        }}
      />
    );
  }

  return (
    <Screen header={<Header backTo={paths.verification} />}>
      <title>{`${t.title} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      {body}
    </Screen>
  );
}
