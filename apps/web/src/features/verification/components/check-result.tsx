import { identityScreenTexts, type IdentityCheckResult } from '@wise/shared';
import { BadIcon } from '#web/components/ui/art/bad-icon';
import { SuccessTick } from '#web/components/ui/art/tick';
import { Button, LinkButton } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { useTexts, useTranslate } from '#web/lib/i18n';
import './verification.css';

interface CheckResultProps {
  result: IdentityCheckResult;
  /** Back to the form for another try. */
  onRetry: () => void;
}

/** What a look-up came to: verified (Tier 1), or why not and whether trying again can help. */
export function CheckResult({ result, onRetry }: CheckResultProps) {
  const t = useTexts(identityScreenTexts);
  const translate = useTranslate();
  const verified = result.outcome === 'verified';
  return (
    <div className="verification__result" data-testid="verification-result" data-outcome={result.outcome}>
      {verified ? <SuccessTick size={96} /> : <BadIcon size={64} />}
      <h2 className="verification__message" role="status">
        {translate(result.message)}
      </h2>
      {!verified && result.outcome !== 'unavailable' ? <p className="verification__left">{t.triesLeft(result.attempts_left)}</p> : null}
      <div className="screen__actions">
        {verified ? (
          <LinkButton to={paths.verification} replace>
            {t.done}
          </LinkButton>
        ) : (
          <>
            {result.attempts_left > 0 ? <Button onClick={onRetry}>{t.tryAgain}</Button> : null}
            <LinkButton to={paths.verification} variant={result.attempts_left > 0 ? 'link' : 'primary'} replace>
              {t.backToVerification}
            </LinkButton>
          </>
        )}
      </div>
    </div>
  );
}
