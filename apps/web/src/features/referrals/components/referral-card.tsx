import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { rewardCardTexts, referralTexts, type ReferralSummary } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { copyText } from '#web/components/ui/copy-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { useTexts } from '#web/lib/i18n';
import './referral-card.css';

interface ReferralCardProps {
  /** Undefined while loading. */
  data: ReferralSummary | undefined;
  failed?: boolean;
  onRetry?: () => void;
  /** The app's origin the link starts with (the page's own by default). */
  origin?: string;
}

/**
 * The system share sheet where the browser has one (most phones); otherwise, or when sharing
 * fails, the link goes to the clipboard and a toast says so. Closing the sheet is not a failure.
 */
async function shareLink(url: string, code: string, t: typeof referralTexts): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: t.shareTitle, text: t.shareText(code), url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyText(url)) toastSuccess(t.copied);
  else toastError(t.copyFailed);
}

/** "Invite friends" on /rewards (docs/features.md, "Referrals"): the code, the link, a Share button and what invites earned. */
export function ReferralCard({ data, failed, onRetry, origin = window.location.origin }: ReferralCardProps) {
  const t = useTexts(referralTexts);
  const card = useTexts(rewardCardTexts);
  const [sharing, setSharing] = useState(false);
  return (
    <Card className="referral" role="region" aria-labelledby="referral-title">
      <h2 id="referral-title" className="referral__title">
        {t.title}
      </h2>
      {failed ? (
        <p className="referral__error" role="alert">
          {t.loadFailed}{' '}
          <Button variant="link" onClick={onRetry}>
            {card.retry}
          </Button>
        </p>
      ) : !data ? (
        <>
          <Skeleton width="100%" height={36} />
          <Skeleton width={160} height={24} />
          <Skeleton width="100%" height={48} radius={999} />
        </>
      ) : (
        <>
          <p className="referral__how">{t.how(data.referrer_gems, data.referee_gems)}</p>
          <dl className="referral__facts">
            <div>
              <dt>{t.codeLabel}</dt>
              <dd className="referral__code" data-testid="referral-code">
                {data.code}
              </dd>
            </div>
            <div>
              <dt>{t.linkLabel}</dt>
              <dd className="referral__link" data-testid="referral-link">
                {`${origin}${data.link_path}`}
              </dd>
            </div>
          </dl>
          <p className="referral__stats" data-testid="referral-stats">
            <span>{t.joined(data.joined)}</span>
            <span className="referral__earned">{t.earned(data.gems_earned)}</span>
          </p>
          <Button
            variant="secondary"
            busy={sharing}
            onClick={() => {
              setSharing(true);
              void shareLink(`${origin}${data.link_path}`, data.code, t).finally(() => setSharing(false));
            }}
          >
            <Share2 size={18} aria-hidden="true" />
            <span>{t.share}</span>
          </Button>
        </>
      )}
    </Card>
  );
}
