import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { EXPLORER_NAMES } from '@wise/shared';
import { depositDeskReasonLabels, type DepositDeskItem } from '@wise/shared/admin';
import { Badge, StatusBadge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { CopyButton } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { confirmationsText, depositAmount, onNetwork, shortId } from '../format-deposit';
import './deposits.css';

export interface DepositLinks {
  /** The review desk's page of a sale. */
  saleHref: (id: string) => string;
  /** The customer's page in the back office. */
  customerHref: (id: string) => string;
}

interface DepositCardProps extends DepositLinks {
  deposit: DepositDeskItem;
  onPrice: (deposit: DepositDeskItem) => void;
  onClose: (deposit: DepositDeskItem) => void;
}

/** One fact: its label above its value, so a card's facts flow into as many columns as fit. */
function Fact({ label, children, wide }: { label: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'deposit-fact deposit-fact--wide' : 'deposit-fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const Mono = ({ text }: { text: string }) => <span className="admin-mono">{text}</span>;

/** The transaction ID cut to its ends (whole on hover), with a copy and the explorer's page. */
function Transaction({ deposit }: { deposit: DepositDeskItem }) {
  return (
    <span className="deposit-txid">
      <span className="admin-mono" title={deposit.txid}>
        {shortId(deposit.txid)}
      </span>
      <CopyButton text={deposit.txid} ariaLabel="Copy transaction ID" copiedAriaLabel="Transaction ID copied" />
      <a href={deposit.explorer_url} target="_blank" rel="noopener noreferrer" className="admin-inline">
        {EXPLORER_NAMES[deposit.network]} <ExternalLink size={14} aria-hidden="true" />
      </a>
    </span>
  );
}

/** The sale that already holds this transaction ID (`transaction_id_used`): decided first, at the desk. */
function HolderSale({ holder, saleHref }: { holder: NonNullable<DepositDeskItem['holder_sale']>; saleHref: (id: string) => string }) {
  return (
    <span className="admin-inline">
      <span>{holder.same_customer ? "This customer's own sale" : "Another customer's sale"}</span>
      <StatusBadge status={holder.status} />
      <Link to={saleHref(holder.id)}>Open that sale</Link>
    </span>
  );
}

function ChainFacts({ deposit, saleHref }: { deposit: DepositDeskItem; saleHref: (id: string) => string }) {
  return (
    <dl className="deposit-facts">
      <Fact label="Confirmations">{confirmationsText(deposit)}</Fact>
      <Fact label="Block time">{deposit.block_time ? <DateTime iso={deposit.block_time} /> : 'Not in a block yet'}</Fact>
      <Fact label="First seen">
        <DateTime iso={deposit.first_seen_at} />
      </Fact>
      <Fact label="Transaction" wide>
        <Transaction deposit={deposit} />
      </Fact>
      <Fact label="From" wide>
        {deposit.sender ? <Mono text={deposit.sender} /> : <span className="admin-muted">Not known</span>}
      </Fact>
      <Fact label="To (their deposit address)" wide>
        <Mono text={deposit.address} />
      </Fact>
      {!deposit.genuine ? (
        <Fact label="Token contract (not the one we buy)" wide>
          {deposit.contract ? <Mono text={deposit.contract} /> : <span className="admin-muted">Not known</span>}
        </Fact>
      ) : null}
      {deposit.holder_sale ? (
        <Fact label="Sale holding this transaction ID" wide>
          <HolderSale holder={deposit.holder_sale} saleHref={saleHref} />
        </Fact>
      ) : null}
    </dl>
  );
}

/** Who closed it, when, and the words the customer reads. */
function ClosedFacts({ deposit }: { deposit: DepositDeskItem }) {
  return (
    <dl className="deposit-facts deposit-facts--closed">
      <Fact label="Closed by">
        {deposit.closed_by?.name ?? '—'}
        {deposit.closed_at ? (
          <>
            , <DateTime iso={deposit.closed_at} />
          </>
        ) : null}
      </Fact>
      <Fact label="Reason the customer reads" wide>
        {deposit.close_note ?? '—'}
      </Fact>
    </dl>
  );
}

/** "Price into a sale" (or why it cannot be, beside it) and "Close". */
function Actions({ deposit, onPrice, onClose }: Pick<DepositCardProps, 'deposit' | 'onPrice' | 'onClose'>) {
  const refusalId = useId();
  const refused = !deposit.can_price;
  return (
    <div className="deposit-card__actions">
      <Button
        onClick={() => onPrice(deposit)}
        disabled={refused}
        aria-describedby={refused && deposit.price_refusal ? refusalId : undefined}
        className="admin-btn--small"
      >
        Price into a sale
      </Button>
      {refused && deposit.price_refusal ? (
        <p id={refusalId} className="deposit-card__refusal">
          {deposit.price_refusal}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="admin-btn--small admin-btn--danger-outline deposit-card__close"
        onClick={() => onClose(deposit)}
      >
        Close
      </Button>
    </div>
  );
}

/**
 * One deposit the watcher could not sell by itself: why, whose, what arrived and what the chain
 * says, and the two ways out (docs/crypto-settlement.md, "Deposits that wait for a person").
 */
export function DepositCard({ deposit, saleHref, customerHref, onPrice, onClose }: DepositCardProps) {
  const titleId = useId();
  const closed = deposit.status === 'closed';
  return (
    <article className="deposit-card" aria-labelledby={titleId} data-testid="deposit">
      <header className="deposit-card__head">
        <div className="deposit-card__what">
          <p className="admin-badges">
            {deposit.reason ? <Badge tone={closed ? 'neutral' : 'warning'}>{depositDeskReasonLabels[deposit.reason]}</Badge> : null}
            {closed ? <Badge tone="neutral">Closed</Badge> : null}
          </p>
          <h3 id={titleId} className="deposit-card__amount">
            <span className="admin-money">{depositAmount(deposit)}</span>{' '}
            <span className="deposit-card__network">{onNetwork(deposit)}</span>
          </h3>
          {!deposit.genuine ? (
            <p>
              <Badge tone="danger">NOT the real token</Badge>
            </p>
          ) : null}
        </div>
        <div className="deposit-card__customer">
          <Link to={customerHref(deposit.customer.id)} className="admin-cell-title">
            {deposit.customer.name}
          </Link>
          <span className="admin-cell-sub">{deposit.customer.email}</span>
          {deposit.customer.closed ? <Badge tone="danger">Account closed</Badge> : null}
        </div>
      </header>
      <ChainFacts deposit={deposit} saleHref={saleHref} />
      {closed ? <ClosedFacts deposit={deposit} /> : <Actions deposit={deposit} onPrice={onPrice} onClose={onClose} />}
    </article>
  );
}
