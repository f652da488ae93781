import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { depositScreenTexts, depositStatusTexts, fetchMessages, type DepositAddress } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useTexts } from '#web/lib/i18n';
import type { Visit } from '../deposit-visit';
import { DepositAddressCard } from './deposit-address-card';
import { DepositStatus, DepositWaiting, describeDeposit } from './deposit-status';
import './deposit.css';

/**
 * The deposit screen's own parts (docs/crypto-settlement.md, "The customer's screens"). With no
 * deposit yet the address comes first and "Waiting for your deposit" sits under it, where the
 * customer is when they come back from their wallet; once a deposit shows, its status moves to the
 * top of the screen and the address folds away, so the deposit is what a customer just back from
 * sending sees, with no scrolling.
 */

/** Whether the customer is still sending: nothing of this visit's arrived but a transaction the chain dropped. */
export const stillSending = (visit: Visit) => visit.own.every((deposit) => deposit.stage === 'dropped');

interface DepositStatusListProps {
  visit: Visit;
  symbol: string;
  /** The network's minimum with its symbol: what a held deposit fell short of. */
  minimum: string;
}

/** The deposits shown, newest first, at the top of the screen. */
export function DepositStatusList({ visit, symbol, minimum }: DepositStatusListProps) {
  const t = useTexts(depositStatusTexts);
  const ref = useRef<HTMLElement>(null);
  // A customer scrolled down to the waiting card is taken up to the deposit that just appeared
  // ('nearest': nothing moves when it is already in view, as after a reload). In braces: newer
  // browsers return a promise from scrollIntoView, and an effect may return only its cleanup.
  useEffect(() => {
    void ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section ref={ref} className="deposit-statuses" aria-label={t.label} data-testid="deposit-statuses">
      {visit.shown.map((deposit) => (
        <DepositStatus key={deposit.id} deposit={deposit} symbol={symbol} minimum={minimum} />
      ))}
    </section>
  );
}

/**
 * Says where the newest deposit is to a screen reader as it changes: the visible status moves about
 * the screen, and a live region announces only what changes inside it once it is there.
 */
export function DepositAnnouncer({ visit, minimum }: { visit: Visit | undefined; minimum: string }) {
  const t = useTexts(depositStatusTexts);
  const newest = visit?.shown[0];
  const headline = visit ? (newest ? describeDeposit(newest, t, minimum).title : t.waiting) : '';
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {headline ? `${t.label}: ${headline}` : null}
    </p>
  );
}

interface DepositPanelProps {
  symbol: string;
  address: DepositAddress;
  /** The amount the quote was given for: what to send. */
  amount: string;
  /** The deposits of this visit, once read; with the query for its loading and error states. */
  visit: Visit | undefined;
  deposits: { isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** Where a customer who sent to the old shared address uploads a screenshot; undefined once that path is closed. */
  oldAddressHref: string | undefined;
}

/** The address to send to — folded away once a deposit is on its way — and, while none is, "Waiting for your deposit". */
export function DepositPanel({ symbol, address, amount, visit, deposits, oldAddressHref }: DepositPanelProps) {
  const t = useTexts(depositScreenTexts);
  const fetchText = useTexts(fetchMessages);
  const sending = visit === undefined || stillSending(visit);
  const card = <DepositAddressCard address={address} symbol={symbol} amount={amount} />;

  let waiting;
  if (visit) waiting = sending ? <DepositWaiting /> : null;
  else if (deposits.isError) {
    waiting = <FetchError message={fetchText.details} onRetry={() => void deposits.refetch()} retrying={deposits.isFetching} />;
  } else waiting = <Skeleton height={88} />;

  return (
    <>
      {sending ? (
        card
      ) : (
        <details className="deposit-fold" data-testid="deposit-address-fold">
          <summary className="deposit-fold__summary">
            <span>{t.showAddress(symbol)}</span>
            <ChevronDown className="deposit-fold__chevron" size={20} aria-hidden="true" />
          </summary>
          <div className="deposit-fold__body">{card}</div>
        </details>
      )}
      {waiting}
      {oldAddressHref ? (
        <p className="deposit-old">
          <Link to={oldAddressHref} data-testid="old-address-link">
            {t.oldAddress}
          </Link>
        </p>
      ) : null}
    </>
  );
}
