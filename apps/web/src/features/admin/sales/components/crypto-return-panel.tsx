import { useState, type FormEvent } from 'react';
import { COINS, cryptoRejectionAllowsReturn } from '@wise/shared';
import { recordCryptoReturnBodySchema, type AdminSaleDetail } from '@wise/shared/admin';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { FormField } from '#web/components/admin/form-fields';
import { Badge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { CopyButton } from '#web/components/ui/copy-button';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { useRecordCryptoReturn } from '../api/record-crypto-return';

type Sale = Pick<AdminSaleDetail, 'id' | 'kind' | 'status' | 'coin' | 'coin_amount' | 'decision' | 'crypto_return'>;

const txIdSchema = recordCryptoReturnBodySchema.shape.transaction_id;

/**
 * A rejected crypto sale's coins: where the customer asked for them back and, once staff have sent
 * them from our wallet, the transfer's transaction ID (with the authenticator code; recorded once,
 * and the customer is told). Nothing for any other sale.
 */
export function CryptoReturnPanel({ sale, className }: { sale: Sale; className?: string }) {
  const [txId, setTxId] = useState('');
  const [error, setError] = useState<string>();
  const [ready, setReady] = useState<string | null>(null);
  const record = useRecordCryptoReturn(sale.id);
  if (sale.kind !== 'crypto' || sale.status !== 'rejected' || !sale.coin) return null;
  const symbol = COINS[sale.coin].symbol;
  const ret = sale.crypto_return ?? null;
  const amount = `${sale.coin_amount ?? ''} ${symbol}`.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = txIdSchema.safeParse(txId);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setReady(parsed.data);
  };

  return (
    <Panel title="Coin return" className={className}>
      {!ret ? (
        <p className="admin-muted" data-testid="crypto-return-none">
          {cryptoRejectionAllowsReturn(sale.decision?.rejection_code)
            ? 'The customer has not asked for the coins back yet. They may sell them again instead.'
            : 'No deposit was found, so there is nothing to send back.'}
        </p>
      ) : (
        <div data-testid="crypto-return">
          <Facts
            rows={[
              ['Status', ret.status === 'returned' ? <Badge tone="success">Returned</Badge> : <Badge tone="warning">Requested</Badge>],
              ['Send', <span className="admin-money">{amount}</span>],
              ['Network', ret.network],
              [
                'Address',
                <span className="admin-inline">
                  <span className="admin-mono">{ret.address}</span>
                  <CopyButton text={ret.address} ariaLabel="Copy return address" />
                </span>,
              ],
              ['Requested', <DateTime iso={ret.requested_at} />],
              ret.transaction_id && ['Transaction ID', <span className="admin-mono">{ret.transaction_id}</span>],
              ret.returned_at && ['Returned', <DateTime iso={ret.returned_at} />],
              ret.returned_by && ['By', ret.returned_by.name],
            ]}
          />
          {ret.status === 'requested' ? (
            <form className="admin-form" onSubmit={submit} noValidate aria-label="Record the return">
              <FormField
                label="Transaction ID of the return"
                name="return_transaction_id"
                autoComplete="off"
                spellCheck={false}
                value={txId}
                onChange={(event) => {
                  setTxId(event.target.value);
                  setError(undefined);
                }}
                error={error}
                hint={`After sending ${amount} from our wallet to this address on ${ret.network}.`}
              />
              <Button type="submit">Record return</Button>
            </form>
          ) : null}
        </div>
      )}
      <ConfirmCodeDialog
        open={ready !== null}
        onClose={() => setReady(null)}
        title="Record the return"
        description={`The customer is told that ${amount} was sent back to their address on ${ret?.network ?? ''}. This is recorded once.`}
        confirmLabel="Record return"
        busyLabel="Recording..."
        onConfirm={async (confirmation) => {
          if (!ready) return;
          await record.mutateAsync({ transaction_id: ready, ...confirmation });
          setReady(null);
          setTxId('');
          toastSuccess('Return recorded. The customer has been told');
        }}
      >
        {ready ? <Facts rows={[['Transaction ID', <span className="admin-mono">{ready}</span>]]} /> : null}
      </ConfirmCodeDialog>
    </Panel>
  );
}
