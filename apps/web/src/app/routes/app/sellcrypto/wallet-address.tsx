import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COINS, depositScreenTexts, fetchMessages, walletAddressScreenTexts, type CoinId, type CryptoNetworkId } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { cryptoHrefs } from '#web/config/paths';
import { useDepositAddress } from '#web/features/crypto/api/get-deposit-address';
import { useWalletAddresses } from '#web/features/crypto/api/get-wallet-addresses';
import { DepositAnnouncer, DepositPanel, DepositStatusList } from '#web/features/crypto/components/deposit-panel';
import { DepositSellAgain } from '#web/features/crypto/components/deposit-sell-again';
import { NetworkChoice } from '#web/features/crypto/components/network-choice';
import { QuoteMissing } from '#web/features/crypto/components/quote-missing';
import { QuoteSummary } from '#web/features/crypto/components/quote-summary';
import { WalletAddressCard } from '#web/features/crypto/components/wallet-address-card';
import { isFinished, type Visit } from '#web/features/crypto/deposit-visit';
import { useSaleQuote, type SaleQuote } from '#web/features/crypto/hooks/use-sale-quote';
import { useVisitDeposits } from '#web/features/crypto/hooks/use-visit-deposits';
import { UnknownCoin } from './unknown-coin';
import { useCoinParam } from './use-coin-param';
import { useNetworkChoice } from './use-network-choice';
import '../common/account.css';
import { useTexts } from '#web/lib/i18n';

/**
 * /sellcrypto/cryptocatalogue/:coin/walletaddress?quote=<id>[&network=<id>]: where to send the coin.
 * A coin we take on several networks (USDT: TRC20, BEP20) asks which one first: the address depends
 * on it, and coins sent on another network are lost. Where the network is watched, the customer's
 * own address and the deposit's live status (docs/crypto-settlement.md), with a way to the
 * screenshot for coins sent to the old shared address while that path is open; elsewhere the
 * shared address with a copy button and a QR code, then on to the proof. Once a deposit of this
 * visit took the quote, the screen is about that deposit: its outcome, and a new sale to sell more.
 */
export function CryptoWalletAddressRoute() {
  const coinId = useCoinParam();
  if (!coinId) return <UnknownCoin />;
  return <WalletAddressScreen coinId={coinId} />;
}

function WalletAddressScreen({ coinId }: { coinId: CoinId }) {
  const t = useTexts(walletAddressScreenTexts);
  const depositText = useTexts(depositScreenTexts);
  // Whether a deposit took the quote, as the last render found it: its countdown stops then.
  const [settled, setSettled] = useState(false);
  const sale = useSaleQuote(coinId, settled);
  const { networks, mustChoose, chosen: chosenNetwork, choose } = useNetworkChoice(coinId);
  const { symbol } = COINS[coinId];
  const { entry } = sale;
  // The customer's own address on it, or null (503) where the network has none: the shared one then.
  const deposit = useDepositAddress(coinId, entry ? chosenNetwork : undefined);
  const own = deposit.data;
  const { deposits, visit } = useVisitDeposits(coinId, own ? chosenNetwork : undefined, entry?.quote.id);
  const taken = visit?.tookQuote ?? false;
  if (taken !== settled) setSettled(taken);

  if (!entry) {
    return (
      <Screen header={<Header backTo={cryptoHrefs.coin(coinId)} title={t.header} />}>
        <title>{t.title}</title>
        <QuoteMissing startHref={cryptoHrefs.coin(coinId)} />
      </Screen>
    );
  }

  const minimum = own ? `${own.minimum_amount} ${symbol}` : '';
  // Paying to their own address, the customer sends and watches; no screenshot is asked for.
  const intro = own ? (own.kind === 'solana_pay' ? depositText.textSolanaPay : depositText.text) : own === null ? t.text : undefined;
  return (
    <Screen header={<Header backTo={cryptoHrefs.confirmAccount(coinId, entry.quote.id)} title={t.header} />}>
      <title>{t.title}</title>
      <ScreenIntro title={taken ? depositText.depositHeading(symbol) : t.heading(symbol)} text={taken ? undefined : intro} />
      {own ? <DepositAnnouncer visit={visit} minimum={minimum} /> : null}
      {/* A deposit on its way or just finished comes first: a customer back from their wallet sees it at once. */}
      {own && visit && visit.shown.length > 0 ? <DepositStatusList visit={visit} symbol={symbol} minimum={minimum} /> : null}
      {taken && visit ? (
        <DepositSellAgain coin={coinId} finished={visit.shown.every(isFinished)} />
      ) : (
        <>
          <QuoteSummary sale={sale} />
          {own ? <p className="deposit-rule">{depositText.priceRule}</p> : null}
          {mustChoose ? <NetworkChoice symbol={symbol} networks={networks} chosen={chosenNetwork} onChoose={choose} /> : null}
          {chosenNetwork ? (
            <SendBody coinId={coinId} network={chosenNetwork} deposit={deposit} visit={visit} deposits={deposits} sale={sale} />
          ) : null}
        </>
      )}
    </Screen>
  );
}

interface SendBodyProps {
  coinId: CoinId;
  network: CryptoNetworkId;
  deposit: ReturnType<typeof useDepositAddress>;
  visit: Visit | undefined;
  deposits: ReturnType<typeof useVisitDeposits>['deposits'];
  sale: SaleQuote;
}

/** Where to send on the network chosen: the customer's own address, or the shared one and the screenshot after. */
function SendBody({ coinId, network, deposit, visit, deposits, sale }: SendBodyProps) {
  const t = useTexts(walletAddressScreenTexts);
  const fetchText = useTexts(fetchMessages);
  const navigate = useNavigate();
  const addresses = useWalletAddresses();
  const { symbol } = COINS[coinId];
  const quote = sale.entry?.quote;
  const own = deposit.data;
  // The shared address and its screenshot: open unless an admin closed it (absent means open).
  const manualOpen = addresses.isSuccess && addresses.data.manual_path !== false;
  const chosen = addresses.data?.addresses.find((a) => a.coin === coinId && a.network === network);

  if (!quote) return null;
  if (deposit.isPending || (own === null && addresses.isPending)) {
    return (
      <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 16, justifyItems: 'center' }}>
        <Skeleton height={88} />
        <Skeleton width={210} height={210} />
        <Skeleton height={96} />
      </div>
    );
  }
  if (deposit.isError) {
    return <FetchError message={fetchText.details} onRetry={() => void deposit.refetch()} retrying={deposit.isFetching} />;
  }
  if (own) {
    return (
      <DepositPanel
        symbol={symbol}
        address={own}
        amount={quote.amount}
        visit={visit}
        deposits={deposits}
        oldAddressHref={manualOpen ? cryptoHrefs.walletConfirm(coinId, quote.id, network) : undefined}
      />
    );
  }
  if (addresses.isError) {
    return <FetchError message={fetchText.details} onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />;
  }
  if (!manualOpen || !chosen) return <EmptyState title={t.notReceiving(symbol)} text={t.tryLater} />;
  return (
    <>
      <WalletAddressCard address={chosen} symbol={symbol} amount={quote.amount} />
      <div className="screen__actions">
        {/* A new price must be seen and confirmed before the coins go. */}
        <Button disabled={!sale.usable} onClick={() => void navigate(cryptoHrefs.walletConfirm(coinId, quote.id, chosen.network))}>
          {t.sent}
        </Button>
      </div>
    </>
  );
}
