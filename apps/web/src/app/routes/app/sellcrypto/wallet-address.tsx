import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  COIN_NETWORKS,
  COINS,
  CRYPTO_NETWORKS,
  fetchMessages,
  walletAddressScreenTexts,
  type CoinId,
  type CryptoNetworkId,
} from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { cryptoHrefs } from '#web/config/paths';
import { useWalletAddresses } from '#web/features/crypto/api/get-wallet-addresses';
import { QuoteMissing } from '#web/features/crypto/components/quote-missing';
import { QuoteSummary } from '#web/features/crypto/components/quote-summary';
import { WalletAddressCard } from '#web/features/crypto/components/wallet-address-card';
import { useSaleQuote } from '#web/features/crypto/hooks/use-sale-quote';
import { UnknownCoin } from './unknown-coin';
import { useCoinParam } from './use-coin-param';
import '../common/account.css';
import { useTexts } from '#web/lib/i18n';

/**
 * /sellcrypto/cryptocatalogue/:coin/walletaddress?quote=<id>[&network=<id>]: our address for the
 * coin, with a copy button and a QR code, then on to the proof. A coin we take on several networks
 * (USDT: TRC20, BEP20) asks which one first: the address depends on it, and coins sent on another
 * network are lost.
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
  const [search] = useSearchParams();
  const [picked, setNetworkChoice] = useState<string>();
  // Back from the proof step, the network chosen before is chosen still.
  const networkChoice = picked ?? search.get('network');
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
  // Every network the coin is taken on, in the order customers read them: one without an address
  // now says so once chosen, rather than vanishing from the choice.
  const networks = COIN_NETWORKS[coinId];
  const mustChoose = networks.length > 1;
  const chosenNetwork: CryptoNetworkId | undefined = mustChoose ? networks.find((network) => network === networkChoice) : networks[0];
  const chosen = chosenNetwork ? forCoin.find((a) => a.network === chosenNetwork) : undefined;
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
  } else if (forCoin.length === 0) {
    body = <EmptyState title={t.notReceiving(symbol)} text={t.tryLater} />;
  } else {
    body = (
      <>
        {mustChoose ? (
          <fieldset className="network-choice" data-testid="network-choice">
            <legend className="network-choice__title">{t.chooseNetwork(symbol)}</legend>
            <p className="network-choice__hint">{t.chooseNetworkHint}</p>
            <div className="chips network-chips" role="group" aria-label={t.network}>
              {networks.map((network) => (
                <button
                  key={network}
                  type="button"
                  className="chip network-chip"
                  aria-pressed={network === chosenNetwork}
                  onClick={() => setNetworkChoice(network)}
                >
                  <span>{CRYPTO_NETWORKS[network].label}</span>{' '}
                  <span className="network-chip__chain">{CRYPTO_NETWORKS[network].chain}</span>
                </button>
              ))}
            </div>
          </fieldset>
        ) : null}
        {chosenNetwork && !chosen ? <EmptyState title={t.notReceiving(symbol)} text={t.tryLater} /> : null}
        {chosen ? (
          <>
            <WalletAddressCard address={chosen} symbol={symbol} amount={entry.quote.amount} />
            <div className="screen__actions">
              {/* A new price must be seen and confirmed before the coins go. */}
              <Button
                disabled={!sale.usable}
                onClick={() => void navigate(cryptoHrefs.walletConfirm(coinId, entry.quote.id, chosen.network))}
              >
                {t.sent}
              </Button>
            </div>
          </>
        ) : null}
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
