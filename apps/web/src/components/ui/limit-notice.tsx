import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { tierTexts as englishTierTexts, VERIFICATION_PATH } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import './limit-notice.css';

/**
 * A sale refused by the payout limit (409 PAYOUT_LIMIT_EXCEEDED): the server's words — the limit,
 * what is left today and the way up — kept in place beside the form, with "Verify your identity"
 * as a link to the verification screens (docs/features.md, "Verification tiers and limits").
 */
export function LimitNotice({ message }: { message: string }) {
  // The server writes the message in the account's language, the app's too.
  const tierTexts = useTexts(englishTierTexts);
  const at = message.indexOf(tierTexts.verifyToRaise);
  const before = at >= 0 ? message.slice(0, at) : message;
  return (
    <p className="limit-notice" role="alert" data-testid="payout-limit">
      <TriangleAlert size={18} aria-hidden="true" />
      <span>
        {before}
        {at >= 0 ? (
          <>
            <Link to={VERIFICATION_PATH}>{tierTexts.verify}</Link>
            {tierTexts.verifyToRaise.slice(tierTexts.verify.length)}
          </>
        ) : null}
      </span>
    </p>
  );
}
