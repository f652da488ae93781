import { useState, type ReactNode } from 'react';
import {
  COINS,
  cryptoRejectionAllowsReturn,
  cryptoReturnFormTexts,
  cryptoReturnTexts,
  networksOf,
  type CoinId,
  type CryptoReturn,
  type SaleDetail,
} from '@wise/shared';
import { Button, LinkButton } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { Select } from '#web/components/ui/select';
import { StatusPill } from '#web/components/ui/status-pill';
import { TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { cryptoHrefs } from '#web/config/paths';
import { errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useZodForm } from '#web/lib/use-zod-form';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { useRequestCryptoReturn } from '../api/request-crypto-return';
import './transactions.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tx-detail__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What happens to the coins of a rejected crypto sale, in place of where a payout would go: the
 * customer asks for them back at their own address (checked by the coin's network rules) or sells
 * them again; once asked, the return's status, and its transaction ID when staff have sent it.
 */
export function CryptoReturnSection({ sale }: { sale: SaleDetail }) {
  const t = useTexts(cryptoReturnTexts);
  const coin = sale.coin;
  if (!coin) return null;
  const amount = sale.coin_amount ?? '';
  const symbol = COINS[coin].symbol;
  return (
    <section className="tx-detail__section" aria-labelledby="tx-coins" data-testid="crypto-return">
      <h2 id="tx-coins" className="tx-detail__heading">
        {t.heading}
      </h2>
      {sale.crypto_return ? (
        <ReturnStatus ret={sale.crypto_return} amount={amount} symbol={symbol} />
      ) : (
        <ReturnChoice sale={sale} coin={coin} amount={amount} />
      )}
    </section>
  );
}

function ReturnStatus({ ret, amount, symbol }: { ret: CryptoReturn; amount: string; symbol: string }) {
  const t = useTexts(cryptoReturnTexts);
  const returned = ret.status === 'returned';
  return (
    <>
      <p className="tx-coins__status" data-testid="crypto-return-status">
        <StatusPill tone={returned ? 'success' : 'pending'}>{returned ? t.returned : t.requested}</StatusPill>
      </p>
      <p className="tx-coins__text">
        {returned ? t.returnedBody(amount, symbol, ret.network) : t.requestedBody(amount, symbol, ret.network)}
      </p>
      <dl className="tx-detail__rows">
        <Row label={t.sentTo}>
          <span className="tx-coins__address">{ret.address}</span>
        </Row>
        <Row label={t.network}>{ret.network}</Row>
        <Row label={t.requestedAt}>
          <DateTime iso={ret.requested_at} />
        </Row>
        {ret.transaction_id ? (
          <Row label={t.returnTxId}>
            <span className="tx-coins__address" data-testid="crypto-return-tx">
              {ret.transaction_id}
            </span>
          </Row>
        ) : null}
        {ret.returned_at ? (
          <Row label={t.returnedAt}>
            <DateTime iso={ret.returned_at} />
          </Row>
        ) : null}
      </dl>
    </>
  );
}

function ReturnChoice({ sale, coin, amount }: { sale: SaleDetail; coin: CoinId; amount: string }) {
  const t = useTexts(cryptoReturnTexts);
  const [asking, setAsking] = useState(false);
  const canReturn = cryptoRejectionAllowsReturn(sale.rejection_code);
  const sellAgain = (
    <LinkButton to={cryptoHrefs.coin(coin, amount)} variant={canReturn ? 'secondary' : 'primary'} data-testid="crypto-sell-again">
      {t.sellAgain}
    </LinkButton>
  );
  if (!canReturn) {
    return (
      <>
        <p className="tx-coins__text">{t.noDeposit}</p>
        {sellAgain}
      </>
    );
  }
  if (asking) return <ReturnForm saleId={sale.id} coin={coin} onCancel={() => setAsking(false)} />;
  return (
    <>
      <p className="tx-coins__text">{t.choose}</p>
      <div className="tx-coins__actions">
        <Button onClick={() => setAsking(true)}>{t.askReturn}</Button>
        {sellAgain}
      </div>
    </>
  );
}

function ReturnForm({ saleId, coin, onCancel }: { saleId: string; coin: CoinId; onCancel: () => void }) {
  const t = useTexts(cryptoReturnTexts);
  const formText = useTexts(cryptoReturnFormTexts);
  // Field and server errors arrive as English words.
  const translate = useTranslate();
  const networks = networksOf(coin);
  const symbol = COINS[coin].symbol;
  const form = useZodForm(() => import('../form-schemas').then((m) => m.cryptoReturnRequestSchema(coin)), {
    network: networks[0] ?? '',
    address: '',
  });
  const request = useRequestCryptoReturn(saleId);
  const errors = form.formState.errors;
  const network = form.watch('network') ?? '';

  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onError: (failure) => {
        applyFieldErrors(failure, form.setError, ['network', 'address']);
        if (!form.getFieldState('network').error && !form.getFieldState('address').error)
          toastError(translate(errorMessage(failure, formText.requestFailed)));
      },
    }),
  );

  return (
    <form className="tx-coins__form" onSubmit={submit} noValidate aria-label={t.askReturn}>
      <Select
        label={t.network}
        options={networks.map((name) => ({ value: name, label: name }))}
        error={errors.network?.message && translate(errors.network.message)}
        disabled={request.isPending}
        {...form.field('network')}
      />
      <TextField
        label={t.address}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        hint={t.addressHint(symbol, network)}
        error={errors.address?.message && translate(errors.address.message)}
        readOnly={request.isPending}
        {...form.field('address')}
      />
      <div className="tx-coins__actions">
        <Button type="submit" busy={request.isPending} busyLabel={t.submitting}>
          {t.submit}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={request.isPending}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
