import { useNavigate, useSearchParams } from 'react-router';
import {
  coinAmountProblem,
  COINS,
  coinArtUrl,
  cryptoErrorCodes,
  cryptoMessages,
  fetchMessages,
  sellCoinScreenTexts,
  type CoinId,
} from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { cryptoHrefs, paths } from '#web/config/paths';
import { useCoin } from '#web/features/crypto/api/get-coins';
import { CoinLogo } from '#web/features/crypto/components/coin-logo';
import { SellCoinForm } from '#web/features/crypto/components/sell-coin-form';
import { usePayoutLimits } from '#web/features/profile/api/get-payout-limits';
import { ApiError } from '#web/lib/api-client';
import { UnknownCoin } from './unknown-coin';
import { useCoinParam } from './use-coin-param';
import { useTexts } from '#web/lib/i18n';

/** /sellcrypto/cryptocatalogue/:coin: the amount, its naira value live, then Proceed to a quote (docs/product.md §4). */
export function CryptoSellRoute() {
  const coinId = useCoinParam();
  if (!coinId) return <UnknownCoin />;
  return <SellCoinScreen key={coinId} coinId={coinId} />;
}

function SellCoinScreen({ coinId }: { coinId: CoinId }) {
  const t = useTexts(sellCoinScreenTexts);
  const cryptoText = useTexts(cryptoMessages);
  const fetchText = useTexts(fetchMessages);
  const navigate = useNavigate();
  // "Sell again" from a rejected sale brings its amount; anything that is not one is ignored.
  const [search] = useSearchParams();
  const prefill = search.get('amount') ?? '';
  const initialAmount = prefill && coinAmountProblem(coinId, prefill) === undefined ? prefill : '';
  // Refreshed every 30 s while the customer is here: the value follows the price.
  const coins = useCoin(coinId, { live: true });
  // The limit is shown before anything is typed; a failure to read it only leaves the hint out.
  const limits = usePayoutLimits();
  const { name, symbol } = COINS[coinId];

  let body;
  if (coins.coin && coins.data && !limits.isPending) {
    body = (
      <SellCoinForm
        coin={coins.coin}
        pricesStale={coins.data.stale}
        initialAmount={initialAmount}
        limit={limits.data ? { remainingKobo: limits.data.remaining_today_kobo, tier: limits.data.tier } : undefined}
        onQuoted={(quote) => void navigate(cryptoHrefs.confirmAccount(coinId, quote.id))}
      />
    );
  } else if (coins.isError || (coins.data && !coins.coin)) {
    const stale = coins.error instanceof ApiError && coins.error.code === cryptoErrorCodes.pricesStale;
    body = (
      <FetchError
        message={stale ? cryptoText.pricesStale : fetchText.details}
        onRetry={() => void coins.refetch()}
        retrying={coins.isFetching}
      />
    );
  } else {
    body = (
      <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 20 }}>
        <Skeleton height={76} />
        <Skeleton height={168} />
      </div>
    );
  }

  return (
    <Screen header={<Header backTo={paths.crypto} title={t.header(symbol)} />}>
      <title>{t.title(name)}</title>
      <div className="coin-head">
        <CoinLogo src={coinArtUrl(coinId)} size={48} />
        <div className="coin-head__main">
          <h1 className="coin-head__name">{t.heading(name)}</h1>
          <span className="coin-head__sub">{t.howMuch(symbol)}</span>
        </div>
      </div>
      {body}
    </Screen>
  );
}
