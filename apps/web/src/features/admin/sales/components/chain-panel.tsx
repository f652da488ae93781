import { COINS, EXPLORER_NAMES, networkName } from '@wise/shared';
import {
  transactionCheckLabels,
  transactionCheckTones,
  type AdminSaleDetail,
  type ChainDepositFacts,
  type SaleChain,
  type TransactionCheck,
} from '@wise/shared/admin';
import { ExternalLink } from 'lucide-react';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { Badge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { useRecheckTransaction } from '../api/recheck-transaction';
import './sales.css';

const depositStatusLabels: Record<ChainDepositFacts['status'], string> = {
  seen: 'Counting confirmations',
  confirmed: 'Confirmed',
  settled: 'Became this sale',
  review: 'Waiting for review',
  held: 'Held (below the minimum)',
  dropped: 'Dropped by the chain',
  closed: 'Closed without a sale',
};

const Mono = ({ text }: { text: string | null }) => (text ? <span className="admin-mono">{text}</span> : null);

function ExplorerLink({ chain }: { chain: SaleChain }) {
  if (!chain.explorer_url) return null;
  return (
    <a href={chain.explorer_url} target="_blank" rel="noopener noreferrer" className="admin-inline">
      View on {EXPLORER_NAMES[chain.network]} <ExternalLink size={14} aria-hidden="true" />
    </a>
  );
}

const confirmationsText = (confirmations: number | null, required: number) =>
  confirmations === null ? null : `${confirmations} of ${required}`;

/** What the watcher recorded of the deposit this sale came from. */
function DepositFacts({ deposit, coin }: { deposit: ChainDepositFacts; coin: string }) {
  return (
    <Facts
      rows={[
        ['Deposit', depositStatusLabels[deposit.status]],
        deposit.review_reason && ['Review reason', deposit.review_reason],
        deposit.priced_by && ['Priced at the desk by', `${deposit.priced_by.name} (they cannot approve it)`],
        ['Received', <span className="admin-money">{`${deposit.amount} ${coin}`}</span>],
        ['Confirmations', confirmationsText(deposit.confirmations, deposit.required_confirmations)],
        ['To (their deposit address)', <Mono text={deposit.address} />],
        ['From', <Mono text={deposit.sender} />],
        ['Block time', deposit.block_time ? <DateTime iso={deposit.block_time} /> : 'Not in a block yet'],
        ['First seen', <DateTime iso={deposit.first_seen_at} />],
      ]}
    />
  );
}

/** The verdict on a manual sale's transaction ID, and what the chain said. */
function CheckFacts({ check, coin }: { check: TransactionCheck; coin: string }) {
  return (
    <Facts
      rows={[
        [
          'Check',
          <span data-testid="chain-verdict">
            <Badge tone={transactionCheckTones[check.verdict]}>{transactionCheckLabels[check.verdict]}</Badge>
          </span>,
        ],
        check.detail && ['Detail', check.detail],
        check.received_amount !== null && [
          'Received',
          <span className="admin-money">{`${check.received_amount} ${coin} (sale: ${check.expected_amount ?? '—'} ${coin})`}</span>,
        ],
        check.confirmations !== null && ['Confirmations', confirmationsText(check.confirmations, check.required_confirmations)],
        check.succeeded !== null && ['Succeeded', check.succeeded ? 'Yes' : 'No'],
        check.recipient && ['To', <Mono text={check.recipient} />],
        check.sender && ['From', <Mono text={check.sender} />],
        check.block_time && ['Block time', <DateTime iso={check.block_time} />],
        check.quote_created_at && ['Quote made', <DateTime iso={check.quote_created_at} />],
        ['Checked', <DateTime iso={check.checked_at} />],
      ]}
    />
  );
}

function RecheckButton({ saleId }: { saleId: string }) {
  const recheck = useRecheckTransaction(saleId);
  return (
    <Button
      variant="secondary"
      className="admin-btn--small"
      disabled={recheck.isPending}
      onClick={() =>
        recheck.mutate(undefined, {
          onSuccess: (answer) =>
            toastSuccess(answer.queued ? 'Check queued: the result appears here shortly' : 'A check is already queued'),
        })
      }
    >
      Check again
    </Button>
  );
}

/**
 * "Chain": a crypto sale's transaction as the chain has it — the deposit it came from, or the check
 * of the ID the customer gave (docs/crypto-settlement.md, "The manual path"). Facts for the
 * reviewer; nothing here decides the sale.
 */
export function ChainPanel({ sale, className }: { sale: AdminSaleDetail; className?: string }) {
  const chain = sale.chain;
  if (!chain) return null;
  const coin = sale.coin ? COINS[sale.coin].symbol : '';
  return (
    <Panel title="Chain" className={className} actions={chain.can_recheck ? <RecheckButton saleId={sale.id} /> : undefined}>
      <Facts
        rows={[
          ['Network', networkName(chain.network)],
          ['Transaction', chain.txid ? <Mono text={chain.txid} /> : <span className="admin-muted">No transaction ID given</span>],
          chain.explorer_url && ['Explorer', <ExplorerLink chain={chain} />],
        ]}
      />
      {chain.deposit ? <DepositFacts deposit={chain.deposit} coin={coin} /> : null}
      {chain.check ? <CheckFacts check={chain.check} coin={coin} /> : null}
      {!chain.deposit && !chain.check && chain.txid ? <p className="admin-muted">Not checked on chain yet.</p> : null}
    </Panel>
  );
}
