import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { COINS, coinTakenOn, onlyNetworkOf, walletConfirmScreenTexts, type CoinId } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { cryptoHrefs } from '#web/config/paths';
import { QuoteMissing } from '#web/features/crypto/components/quote-missing';
import { QuoteSummary } from '#web/features/crypto/components/quote-summary';
import { TransferProofForm } from '#web/features/crypto/components/transfer-proof-form';
import { useSaleQuote } from '#web/features/crypto/hooks/use-sale-quote';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { transactionKeys } from '#web/features/transactions/api/keys';
import { UnknownCoin } from './unknown-coin';
import { useCoinParam } from './use-coin-param';
import { useTexts } from '#web/lib/i18n';

/**
 * /sellcrypto/cryptocatalogue/:coin/walletaddress/confirm?quote=<id>: the screenshot of the
 * transfer and an optional transaction ID, submitted with the quote (docs/product.md §2, §5).
 */
export function CryptoWalletConfirmRoute() {
  const coinId = useCoinParam();
  if (!coinId) return <UnknownCoin />;
  return <WalletConfirmScreen coinId={coinId} />;
}

function WalletConfirmScreen({ coinId }: { coinId: CoinId }) {
  const t = useTexts(walletConfirmScreenTexts);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sale = useSaleQuote(coinId);
  const { entry } = sale;
  const { symbol } = COINS[coinId];
  const [search] = useSearchParams();
  const chosen = search.get('network');
  // The network chosen with the address (USDT), or the coin's only one; none chosen yet: choose it first.
  const network = coinTakenOn(coinId, chosen) ? chosen : onlyNetworkOf(coinId);
  if (entry && !network) return <Navigate to={cryptoHrefs.walletAddress(coinId, entry.quote.id)} replace />;

  return (
    <Screen
      header={
        <Header backTo={entry ? cryptoHrefs.walletAddress(coinId, entry.quote.id, network) : cryptoHrefs.coin(coinId)} title={t.header} />
      }
    >
      <title>{t.title}</title>
      {entry && network ? (
        <>
          <ScreenIntro title={t.heading} text={t.text(symbol)} />
          <QuoteSummary sale={sale} />
          <TransferProofForm
            quote={entry.quote}
            network={network}
            canSubmit={sale.usable}
            onQuoteExpired={sale.replace}
            onSold={(sold) => {
              void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
              void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
              void navigate(cryptoHrefs.success(coinId, sold.id), { replace: true });
            }}
          />
        </>
      ) : (
        <QuoteMissing startHref={cryptoHrefs.coin(coinId)} />
      )}
    </Screen>
  );
}
