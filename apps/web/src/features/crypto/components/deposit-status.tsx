import { Ban, CircleCheck, ExternalLink, Hourglass, PauseCircle, Radar, SearchCheck, Send, Undo2 } from 'lucide-react';
import { depositStatusTexts, type Deposit, type DepositPricing, type DepositStage } from '@wise/shared';
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

type StatusTexts = typeof depositStatusTexts;

/**
 * A deposit's headline and what it means. `minimum`: the network's minimum with its symbol ("10 USDT"),
 * what a held deposit fell short of. A deposit a reviewer closed without a sale has no receipt: its
 * note (`closed_note`) follows the hint instead.
 */
export function describeDeposit(deposit: Deposit, t: StatusTexts, minimum: string): { title: string; hint: string | null } {
  const value = deposit.value_kobo === null ? null : formatNaira(deposit.value_kobo);
  switch (deposit.stage) {
    case 'seen': {
      const confirmations = Math.min(deposit.confirmations, deposit.required_confirmations);
      return { title: t.seen(confirmations, deposit.required_confirmations), hint: t.seenHint };
    }
    case 'paying':
      return { title: t.paying, hint: value ? t.payingHint(value) : null };
    case 'successful':
      return { title: t.successful, hint: value ? t.successfulHint(value) : null };
    case 'in_review':
      return { title: t.inReview, hint: t.inReviewHint };
    case 'held':
      return { title: t.held, hint: t.heldHint(minimum) };
    case 'rejected':
      return { title: t.rejected, hint: deposit.closed_note ? t.closedHint : t.rejectedHint };
    case 'dropped':
      return { title: t.dropped, hint: t.droppedHint };
  }
}

/** How the naira figure was set, as the customer reads it. */
const pricingText = (t: StatusTexts, pricing: DepositPricing) =>
  ({ quote: t.pricedAtQuote, first_seen: t.pricedAtSeen, review: t.pricedByReview })[pricing];

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
  const Icon = ICONS[deposit.stage];
  const { title, hint } = describeDeposit(deposit, t, minimum);
  // In the reviewer's words; without a sale there is no receipt to say why.
  const closedNote = deposit.stage === 'rejected' ? deposit.closed_note : null;

  return (
    <div className={`deposit-status deposit-status--${TONES[deposit.stage]}`} data-testid="deposit-status" data-stage={deposit.stage}>
      <div className="deposit-status__head">
        <span className="deposit-status__icon" aria-hidden="true">
          <Icon size={20} />
        </span>
        <p className="deposit-status__title">{title}</p>
      </div>
      {deposit.stage === 'seen' ? <ConfirmationsBar deposit={deposit} label={title} /> : null}
      {hint ? <p className="deposit-status__hint">{hint}</p> : null}
      {closedNote ? (
        <blockquote className="deposit-status__note" data-testid="deposit-closed-note">
          {closedNote}
        </blockquote>
      ) : null}
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
        <p className="deposit-status__pricing" data-testid="deposit-pricing">
          {pricingText(t, deposit.pricing)}
        </p>
      ) : null}
      <DepositLinks deposit={deposit} closed={closedNote !== null} />
    </div>
  );
}

function ConfirmationsBar({ deposit, label }: { deposit: Deposit; label: string }) {
  const confirmations = Math.min(deposit.confirmations, deposit.required_confirmations);
  return (
    <div
      className="deposit-status__track"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={deposit.required_confirmations}
      aria-valuenow={confirmations}
    >
      <span className="deposit-status__fill" style={{ width: `${(confirmations / deposit.required_confirmations) * 100}%` }} />
    </div>
  );
}

/** The receipt once there is a sale that ended; support for coins we keep and did not buy; the chain's own page. */
function DepositLinks({ deposit, closed }: { deposit: Deposit; closed: boolean }) {
  const t = useTexts(depositStatusTexts);
  const explorer = webUrl(deposit.explorer_url);
  const receipt = !closed && deposit.sale_id && (deposit.stage === 'successful' || deposit.stage === 'rejected') ? deposit.sale_id : null;
  return (
    <div className="deposit-status__links">
      {receipt ? (
        <LinkButton variant="secondary" to={transactionHref(receipt)}>
          {t.receipt}
        </LinkButton>
      ) : null}
      {deposit.stage === 'held' || closed ? (
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
  );
}
