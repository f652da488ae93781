import { ShieldCheck } from 'lucide-react';
import { fetchMessages, identityKindLabels, identityScreenTexts as t, kycTierTexts, maskIdentityNumber, type KycTier } from '@wise/shared';
import { LinkButton } from '../../../../components/ui/button';
import { FetchError } from '../../../../components/ui/fetch-error';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { paths } from '../../../../config/paths';
import { useVerification } from '../../../../features/verification/api/get-verification';
import { TierList } from '../../../../features/verification/components/tier-list';
import '../../../../features/verification/components/verification.css';

/** /profile/verification: the customer's tier, what each tier takes and allows, and the next step. */
export function VerificationRoute() {
  const status = useVerification();
  return (
    <Screen header={<Header backTo={paths.profile} />}>
      <title>{`${t.statusTitle} · Wise`}</title>
      <ScreenIntro title={t.statusTitle} text={t.statusIntro} />
      {status.isPending ? (
        <div aria-busy="true" aria-label="Loading" style={{ display: 'grid', gap: 12 }}>
          <Skeleton height={88} />
          <Skeleton height={88} />
          <Skeleton height={88} />
        </div>
      ) : status.isError ? (
        <FetchError message={fetchMessages.verification} onRetry={() => void status.refetch()} retrying={status.isFetching} />
      ) : (
        <>
          <TierList tier={status.data.tier} />
          {status.data.number ? (
            <p className="verification__number" data-testid="verified-number">
              <span>
                <ShieldCheck size={18} aria-hidden="true" /> {t.verifiedNumber(identityKindLabels[status.data.number.kind].short)}
              </span>
              <span className="list__title">{maskIdentityNumber(status.data.number.last4)}</span>
            </p>
          ) : null}
          {status.data.tier === 0 ? (
            <div className="screen__actions">
              <LinkButton to={paths.verificationNumber}>{t.startTier1}</LinkButton>
            </div>
          ) : (
            <p className="verification__left">{t.youAreOn(kycTierTexts[status.data.tier as KycTier].name)}</p>
          )}
        </>
      )}
    </Screen>
  );
}
