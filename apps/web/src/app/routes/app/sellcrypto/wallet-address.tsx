import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COINS, fetchMessages, walletAddressScreenTexts, type CoinId } from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FetchError } from '../../../../components/ui/fetch-error';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { cryptoHrefs } from '../../../../config/paths';
import { useWalletAddresses } from '../../../../features/crypto/api/get-wallet-addresses';
import { QuoteMissing } from '../../../../features/crypto/components/quote-missing';
import { QuoteSummary } from '../../../../features/crypto/components/quote-summary';
import { WalletAddressCard } from '../../../../features/crypto/components/wallet-address-card';
import { useSaleQuote } from '../../../../features/crypto/hooks/use-sale-quote';
import { UnknownCoin } from './unknown-coin';
import { useCoinParam } from './use-coin-param';
import '../common/account.css';
import { useTexts } from '../../../../lib/i18n';

/**
 * /sellcrypto/cryptocatalogue/:coin/walletaddress?quote=<id>: our address for the coin (per
 * network when there are several), with a copy button and a QR code, then on to the proof.
 */
export function CryptoWalletAddressRoute() {
  const coinId = useCoinParam();
  if (!coinId) return <UnknownCoin />;
  return <WalletAddressScreen coinId={coinId} />;
}

function WalletAddressScreen({ coinId }: { coinId: CoinId }) {
  const t = useTexts(walletAddressScreenTexts);
  const fetchText = useTexts(fetchMessages);
  const navigate = useNavigate();
  const sale = useSaleQuote(coinId);
  const addresses = useWalletAddresses();
  const [networkChoice, setNetworkChoice] = useState<string>();
  const { symbol } = COINS[coinId];
  const { entry } = sale;

  if (!entry) {
    return (
      <Screen header={<Header backTo={cryptoHrefs.coin(coinId)} title={t.header} />}>
        <title>{t.title}</title>
        <QuoteMissing startHref={cryptoHrefs.coin(coinId)} />
      </Screen>
    );
  }

  const forCoin = addresses.data?.addresses.filter((a) => a.coin === coinId) ?? [];
  const chosen = forCoin.find((a) => a.network === networkChoice) ?? forCoin[0];
  let body;
  if (addresses.isPending) {
    body = (
      <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 16, justifyItems: 'center' }}>
        <Skeleton height={24} />
        <Skeleton width={210} height={210} />
        <Skeleton height={96} />
      </div>
    );
  } else if (addresses.isError) {
    body = <FetchError message={fetchText.details} onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />;
  } else if (!chosen) {
    body = <EmptyState title={t.notReceiving(symbol)} text={t.tryLater} />;
  } else {
    body = (
      <>
        {forCoin.length > 1 ? (
          <div className="chips network-chips" role="group" aria-label={t.network}>
            {forCoin.map((a) => (
              <button key={a.id} type="button" className="chip" aria-pressed={a.id === chosen.id} onClick={() => setNetworkChoice(a.network)}>
                {a.network}
              </button>
            ))}
          </div>
        ) : null}
        <WalletAddressCard address={chosen} symbol={symbol} amount={entry.quote.amount} />
        <div className="screen__actions">
          {/* A new price must be seen and confirmed before the coins go. */}
          <Button disabled={!sale.usable} onClick={() => void navigate(cryptoHrefs.walletConfirm(coinId, entry.quote.id))}>
            {t.sent}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Screen header={<Header backTo={cryptoHrefs.confirmAccount(coinId, entry.quote.id)} title={t.header} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading(symbol)} text={t.text} />
      <QuoteSummary sale={sale} />
      {body}
    </Screen>
  );
}
