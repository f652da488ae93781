import { cryptoCatalogueScreenTexts, cryptoErrorCodes, cryptoMessages, fetchMessages } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { cryptoHrefs, paths } from '#web/config/paths';
import { useCoins } from '#web/features/crypto/api/get-coins';
import { CoinList, CoinListSkeleton } from '#web/features/crypto/components/coin-list';
import { ApiError } from '#web/lib/api-client';
import '../common/account.css';
import { useTexts } from '#web/lib/i18n';

/** /sellcrypto/cryptocatalogue: BTC, USDT, BNB and SOL with their prices; tap one to sell it (docs/product.md §2). */
export function CryptoCatalogueRoute() {
  const t = useTexts(cryptoCatalogueScreenTexts);
  const cryptoText = useTexts(cryptoMessages);
  const fetchText = useTexts(fetchMessages);
  const coins = useCoins({ live: true });

  let body;
  if (coins.data) {
    body = (
      <>
        <CoinList coins={coins.data.coins} hrefFor={cryptoHrefs.coin} />
        {coins.data.stale ? <p className="screen__aside">{cryptoText.pricesStale}</p> : null}
      </>
    );
  } else if (coins.isError) {
    const stale = coins.error instanceof ApiError && coins.error.code === cryptoErrorCodes.pricesStale;
    body = (
      <FetchError
        message={stale ? cryptoText.pricesStale : fetchText.details}
        onRetry={() => void coins.refetch()}
        retrying={coins.isFetching}
      />
    );
  } else {
    body = <CoinListSkeleton />;
  }

  return (
    <Screen header={<Header backTo={paths.homepage} title={t.header} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      {body}
    </Screen>
  );
}
