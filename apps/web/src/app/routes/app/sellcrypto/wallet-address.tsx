import { useNavigate, useSearchParams } from 'react-router';
import {
  COIN_NETWORKS,
  COINS,
  CRYPTO_NETWORKS,
  depositScreenTexts,
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
import { useDepositAddress } from '#web/features/crypto/api/get-deposit-address';
import { useWalletAddresses } from '#web/features/crypto/api/get-wallet-addresses';
import { DepositPanel } from '#web/features/crypto/components/deposit-panel';
import { QuoteMissing } from '#web/features/crypto/components/quote-missing';
import { QuoteSummary } from '#web/features/crypto/components/quote-summary';
import { WalletAddressCard } from '#web/features/crypto/components/wallet-address-card';
import { useSaleQuote } from '#web/features/crypto/hooks/use-sale-quote';
import { UnknownCoin } from './unknown-coin';
import { useCoinParam } from './use-coin-param';
import '../common/account.css';
import { useTexts } from '#web/lib/i18n';

/**
 * /sellcrypto/cryptocatalogue/:coin/walletaddress?quote=<id>[&network=<id>]: where to send the coin.
 * A coin we take on several networks (USDT: TRC20, BEP20) asks which one first: the address depends
 * on it, and coins sent on another network are lost. Where the network is watched, the customer's
 * own address and the deposit's live status (docs/crypto-settlement.md), with a way to the
 * screenshot for coins sent to the old shared address while that path is open; elsewhere the
 * shared address with a copy button and a QR code, then on to the proof.
 */
export function CryptoWalletAddressRoute() {
  const coinId = useCoinParam();
  if (!coinId) return <UnknownCoin />;
  return <WalletAddressScreen coinId={coinId} />;
}

function WalletAddressScreen({ coinId }: { coinId: CoinId }) {
  const t = useTexts(walletAddressScreenTexts);
  const fetchText = useTexts(fetchMessages);
  const depositText = useTexts(depositScreenTexts);
  const navigate = useNavigate();
  const sale = useSaleQuote(coinId);
  const addresses = useWalletAddresses();
  // The network chosen goes in the address: a reload, or coming back from the proof step, keeps it.
  const [search, setSearch] = useSearchParams();
  const networkChoice = search.get('network');
  const setNetworkChoice = (network: CryptoNetworkId) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('network', network);
        return next;
      },
      { replace: true },
    );
  const { symbol } = COINS[coinId];
  const { entry } = sale;
  // Every network the coin is taken on, in the order customers read them: one without an address
  // now says so once chosen, rather than vanishing from the choice.
  const networks = COIN_NETWORKS[coinId];
  const mustChoose = networks.length > 1;
  const chosenNetwork: CryptoNetworkId | undefined = mustChoose ? networks.find((network) => network === networkChoice) : networks[0];
  // The customer's own address on it, or null (503) where the network has none: the shared one then.
  const deposit = useDepositAddress(coinId, entry ? chosenNetwork : undefined);

  if (!entry) {
    return (
      <Screen header={<Header backTo={cryptoHrefs.coin(coinId)} title={t.header} />}>
        <title>{t.title}</title>
        <QuoteMissing startHref={cryptoHrefs.coin(coinId)} />
      </Screen>
    );
  }

  const chosen = chosenNetwork ? addresses.data?.addresses.find((a) => a.coin === coinId && a.network === chosenNetwork) : undefined;
  // The shared address and its screenshot: open unless an admin closed it (absent means open).
  const manualOpen = addresses.isSuccess && addresses.data.manual_path !== false;
  const own = deposit.data;

  let body;
  if (!chosenNetwork) {
    body = null;
  } else if (deposit.isPending || (own === null && addresses.isPending)) {
    body = (
      <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 16, justifyItems: 'center' }}>
        <Skeleton height={88} />
        <Skeleton width={210} height={210} />
        <Skeleton height={96} />
      </div>
    );
  } else if (deposit.isError) {
    body = <FetchError message={fetchText.details} onRetry={() => void deposit.refetch()} retrying={deposit.isFetching} />;
  } else if (own) {
    body = (
      <DepositPanel
        coin={coinId}
        symbol={symbol}
        network={chosenNetwork}
        address={own}
        quoteId={entry.quote.id}
        amount={entry.quote.amount}
        oldAddressHref={manualOpen ? cryptoHrefs.walletConfirm(coinId, entry.quote.id, chosenNetwork) : undefined}
      />
    );
  } else if (addresses.isError) {
    body = <FetchError message={fetchText.details} onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />;
  } else if (manualOpen && chosen) {
    body = (
      <>
        <WalletAddressCard address={chosen} symbol={symbol} amount={entry.quote.amount} />
        <div className="screen__actions">
          {/* A new price must be seen and confirmed before the coins go. */}
          <Button disabled={!sale.usable} onClick={() => void navigate(cryptoHrefs.walletConfirm(coinId, entry.quote.id, chosen.network))}>
            {t.sent}
          </Button>
        </div>
      </>
    );
  } else {
    body = <EmptyState title={t.notReceiving(symbol)} text={t.tryLater} />;
  }

  // Paying to their own address, the customer sends and watches; no screenshot is asked for.
  const intro = own ? (own.kind === 'solana_pay' ? depositText.textSolanaPay : depositText.text) : own === null ? t.text : undefined;
  return (
    <Screen header={<Header backTo={cryptoHrefs.confirmAccount(coinId, entry.quote.id)} title={t.header} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading(symbol)} text={intro} />
      <QuoteSummary sale={sale} />
      {own ? <p className="deposit-rule">{depositText.priceRule}</p> : null}
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
                <span>{CRYPTO_NETWORKS[network].label}</span> <span className="network-chip__chain">{CRYPTO_NETWORKS[network].chain}</span>
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      {body}
    </Screen>
  );
}
