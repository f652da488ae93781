import { Ban, CircleCheck, ExternalLink, Hourglass, PauseCircle, Radar, SearchCheck, Send, Undo2 } from 'lucide-react';
import { depositStatusTexts, type Deposit, type DepositStage } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { paths, transactionHref } from '#web/config/paths';
import { formatNaira } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import './deposit.css';

type Tone = 'waiting' | 'pending' | 'success' | 'danger' | 'held';

const TONES: Record<DepositStage, Tone> = {
  seen: 'pending',
  paying: 'pending',
  successful: 'success',
  in_review: 'pending',
  held: 'held',
  rejected: 'danger',
  dropped: 'danger',
};

const ICONS = {
  seen: Radar,
  paying: Send,
  successful: CircleCheck,
  in_review: SearchCheck,
  held: PauseCircle,
  rejected: Ban,
  dropped: Undo2,
} as const satisfies Record<DepositStage, unknown>;

/** A link out only to a web page: the server writes these, and a `javascript:` one must never reach an href. */
const webUrl = (url: string) => (/^https:\/\//i.test(url) ? url : undefined);

/** Before anything has arrived: the screen is watching. */
export function DepositWaiting() {
  const t = useTexts(depositStatusTexts);
  return (
    <div className="deposit-status deposit-status--waiting" data-testid="deposit-status" data-stage="waiting">
      <div className="deposit-status__head">
        <span className="deposit-status__icon deposit-status__icon--pulse" aria-hidden="true">
          <Hourglass size={20} />
        </span>
        <p className="deposit-status__title">{t.waiting}</p>
      </div>
      <p className="deposit-status__hint">{t.waitingHint}</p>
    </div>
  );
}

interface DepositStatusProps {
  deposit: Deposit;
  symbol: string;
  /** The network's minimum with its symbol ("10 USDT"): what a held deposit fell short of. */
  minimum: string;
}

/** One deposit, as far as it has come: confirmations counted, paying, paid, or why it stopped. */
export function DepositStatus({ deposit, symbol, minimum }: DepositStatusProps) {
  const t = useTexts(depositStatusTexts);
  const value = deposit.value_kobo === null ? null : formatNaira(deposit.value_kobo);
  const explorer = webUrl(deposit.explorer_url);
  const Icon = ICONS[deposit.stage];
  const confirmations = Math.min(deposit.confirmations, deposit.required_confirmations);

  let title: string;
  let hint: string | null;
  switch (deposit.stage) {
    case 'seen':
      title = t.seen(confirmations, deposit.required_confirmations);
      hint = t.seenHint;
      break;
    case 'paying':
      title = t.paying;
      hint = value ? t.payingHint(value) : null;
      break;
    case 'successful':
      title = t.successful;
      hint = value ? t.successfulHint(value) : null;
      break;
    case 'in_review':
      title = t.inReview;
      hint = t.inReviewHint;
      break;
    case 'held':
      title = t.held;
      hint = t.heldHint(minimum);
      break;
    case 'rejected':
      title = t.rejected;
      hint = t.rejectedHint;
      break;
    case 'dropped':
      title = t.dropped;
      hint = t.droppedHint;
      break;
  }

  return (
    <div className={`deposit-status deposit-status--${TONES[deposit.stage]}`} data-testid="deposit-status" data-stage={deposit.stage}>
      <div className="deposit-status__head">
        <span className="deposit-status__icon" aria-hidden="true">
          <Icon size={20} />
        </span>
        <p className="deposit-status__title">{title}</p>
      </div>
      {deposit.stage === 'seen' ? (
        <div
          className="deposit-status__track"
          role="progressbar"
          aria-label={title}
          aria-valuemin={0}
          aria-valuemax={deposit.required_confirmations}
          aria-valuenow={confirmations}
        >
          <span className="deposit-status__fill" style={{ width: `${(confirmations / deposit.required_confirmations) * 100}%` }} />
        </div>
      ) : null}
      {hint ? <p className="deposit-status__hint">{hint}</p> : null}
      <dl className="deposit-status__facts">
        <div>
          <dt>{deposit.stage === 'dropped' ? t.sent : t.received}</dt>
          <dd>
            {deposit.amount} {symbol}
          </dd>
        </div>
        {value && deposit.pricing ? (
          <div>
            <dt>{t.worth}</dt>
            <dd>{value}</dd>
          </div>
        ) : null}
      </dl>
      {value && deposit.pricing ? (
        <p className="deposit-status__pricing">{deposit.pricing === 'quote' ? t.pricedAtQuote : t.pricedAtSeen}</p>
      ) : null}
      <div className="deposit-status__links">
        {deposit.sale_id && (deposit.stage === 'successful' || deposit.stage === 'rejected') ? (
          <LinkButton variant="secondary" to={transactionHref(deposit.sale_id)}>
            {t.receipt}
          </LinkButton>
        ) : null}
        {deposit.stage === 'held' ? (
          <LinkButton variant="secondary" to={paths.support}>
            {t.support}
          </LinkButton>
        ) : null}
        {explorer ? (
          <a className="deposit-status__link" href={explorer} target="_blank" rel="noreferrer">
            {t.viewTransaction} <ExternalLink size={14} aria-hidden="true" />
          </a>
        ) : null}
      </div>
    </div>
  );
}
