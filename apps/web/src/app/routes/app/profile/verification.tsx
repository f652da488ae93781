import { ShieldCheck } from 'lucide-react';
import {
  documentScreenTexts,
  fetchMessages as englishFetchMessages,
  identityKindLabels as englishKindLabels,
  identityScreenTexts,
  kycTierTexts as englishTierTexts,
  maskIdentityNumber,
  type KycTier,
  type VerificationStatus,
} from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useVerification } from '#web/features/verification/api/get-verification';
import { ResetVerificationForm } from '#web/features/verification/components/reset-form';
import { TierList } from '#web/features/verification/components/tier-list';
import { useTexts } from '#web/lib/i18n';
import '#web/features/verification/components/verification.css';

/** Tier 2's state for a Tier 1 customer: start, under review, or refused with the reviewer's reason and a new try. */
function Tier2Step({ document }: { document: VerificationStatus['document'] }) {
  const d = useTexts(documentScreenTexts);
  if (document?.status === 'pending') {
    return (
      <section className="verification__document" role="status" data-testid="document-status">
        <p className="list__title">{d.pendingTitle}</p>
        <p>{d.pendingBody}</p>
      </section>
    );
  }
  return (
    <>
      {document?.status === 'rejected' ? (
        <section className="verification__document" data-testid="document-status">
          <p className="list__title">{d.rejectedTitle}</p>
          {document.reject_reason ? <p>{d.rejectedReason(document.reject_reason)}</p> : null}
        </section>
      ) : null}
      <div className="screen__actions">
        <LinkButton to={paths.verificationDocument}>{document?.status === 'rejected' ? d.tryAgain : d.startTier2}</LinkButton>
      </div>
    </>
  );
}

/** /profile/verification: the customer's tier, what each tier takes and allows, and the next step. */
export function VerificationRoute() {
  const status = useVerification();
  const t = useTexts(identityScreenTexts);
  const fetchMessages = useTexts(englishFetchMessages);
  const identityKindLabels = useTexts(englishKindLabels);
  const kycTierTexts = useTexts(englishTierTexts);
  return (
    <Screen header={<Header backTo={paths.profile} />}>
      <title>{`${t.statusTitle} · Wise`}</title>
      <ScreenIntro title={t.statusTitle} text={t.statusIntro} />
      {status.isPending ? (
        <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 12 }}>
          <Skeleton height={88} />
          <Skeleton height={88} />
          <Skeleton height={88} />
        </div>
      ) : status.isError ? (
        <FetchError message={fetchMessages.verification} onRetry={() => void status.refetch()} retrying={status.isFetching} />
      ) : (
        <>
          <TierList tier={status.data.tier} limits={status.data.tier_limits} />
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
          {status.data.tier === 1 ? <Tier2Step document={status.data.document} /> : null}
          {status.data.number ? <ResetVerificationForm /> : null}
        </>
      )}
    </Screen>
  );
}
