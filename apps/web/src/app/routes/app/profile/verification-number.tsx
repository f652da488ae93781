import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  fetchMessages as englishFetchMessages,
  identityMessages as englishIdentityMessages,
  identityScreenTexts,
  type IdentityCheckResult,
} from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { DateOfBirthForm } from '#web/features/profile/components/date-of-birth-form';
import { useVerification } from '#web/features/verification/api/get-verification';
import { verificationKeys } from '#web/features/verification/api/keys';
import { CheckResult } from '#web/features/verification/components/check-result';
import { IdentityNumberForm } from '#web/features/verification/components/identity-number-form';
import { useTexts, useTranslate } from '#web/lib/i18n';

/**
 * /profile/verification/identitynumber: Tier 1. The date of birth first if the profile lacks it
 * (the ID's is compared with it), then BVN or NIN and its number, then the outcome.
 */
export function VerificationNumberRoute() {
  const status = useVerification();
  const t = useTexts(identityScreenTexts);
  const identityMessages = useTexts(englishIdentityMessages);
  const fetchMessages = useTexts(englishFetchMessages);
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<IdentityCheckResult>();

  let body;
  if (status.isPending) {
    body = (
      <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 16 }}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </div>
    );
  } else if (status.isError) {
    body = <FetchError message={fetchMessages.verification} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  } else if (result) {
    body = <CheckResult result={result} onRetry={() => setResult(undefined)} />;
  } else if (status.data.tier >= 1) {
    body = <p className="verification__left">{identityMessages.alreadyVerified}</p>;
  } else if (status.data.needs_date_of_birth) {
    body = (
      <>
        <p className="verification__left">{identityMessages.dobRequired}</p>
        <DateOfBirthForm
          current={null}
          onUpdated={(message) => {
            toastSuccess(translate(message));
            void queryClient.invalidateQueries({ queryKey: verificationKeys.all });
          }}
        />
      </>
    );
  } else {
    body = <IdentityNumberForm onResult={setResult} />;
  }

  return (
    <Screen header={<Header backTo={paths.verification} />}>
      <title>{`${t.numberTitle} · Wise`}</title>
      <ScreenIntro title={t.numberTitle} text={t.numberIntro} />
      {body}
    </Screen>
  );
}
